import { type Cents, multiply, percentOf, splitProportionally, sumCents, toCents } from "@threadfolk/contract/money";
import {
  rateInThousandths,
  SALES_TAX_TABLE,
  type SalesTaxRow,
  thousandthsAsPercent,
} from "@threadfolk/contract/sales-tax-table";
import type { StateAbbreviation } from "@threadfolk/contract/states";
import { ESTIMATED_TAX_LABEL, type TaxRequestLine } from "@threadfolk/contract/tax";
import { noAddressEstimate, parseTaxRequest, type TaxEstimate, type TaxEstimator, type TaxRequest } from "./tax.ts";

/** What of a line is taxed, and at which rate (thousandths of a percent). */
type LineTreatment = { amountCents: Cents; taxableCents: Cents; rate: number };

function treatLine(line: TaxRequestLine, row: SalesTaxRow): LineTreatment {
  const stateRate = rateInThousandths(row.stateRate);
  const localRate = rateInThousandths(row.localRate);
  const amountCents = toCents(line.amountCents);
  const full = { amountCents, taxableCents: amountCents, rate: stateRate + localRate };
  const rule = row.apparel;
  switch (rule.kind) {
    case "taxable":
      return full;
    case "exempt":
      return { ...full, taxableCents: toCents(0) };
    case "state-share-exempt-under":
      // Judged per unit: a $100 shirt bought twice is still two items under $110.
      return line.unitAmountCents < rule.thresholdCents ? { ...full, rate: localRate } : full;
    case "exempt-up-to": {
      const exemptPerUnit = toCents(Math.min(line.unitAmountCents, rule.exemptCents));
      const exempt = multiply(exemptPerUnit, line.quantity);
      return { ...full, taxableCents: toCents(Math.max(0, amountCents - exempt)) };
    }
  }
}

function taxOf(amount: Cents, rate: number): Cents {
  return amount === 0 || rate === 0 ? toCents(0) : percentOf(amount, thousandthsAsPercent(rate));
}

/**
 * Tax on shipping where the state taxes it: shipping follows the items. It is shared over the lines in
 * proportion to their amounts, each line's share is cut to the taxable part of that line (in proportion
 * to taxable / amount) and taxed at that line's rate; the taxable shares are added up per rate and each
 * sum is rounded once (one rounding in the usual case of one rate).
 */
function shippingTax(treatments: LineTreatment[], shippingCents: Cents, row: SalesTaxRow): Cents {
  if (!row.shippingTaxable || shippingCents === 0) return toCents(0);
  const weights = treatments.map((treatment) => treatment.amountCents);
  // Nothing charged for the items: nothing taxable for shipping to follow.
  if (weights.every((weight) => weight === 0)) return toCents(0);
  const shares = splitProportionally(shippingCents, weights);
  const taxableByRate = new Map<number, Cents[]>();
  treatments.forEach((treatment, index) => {
    const share = shares[index] ?? toCents(0);
    const { amountCents, taxableCents, rate } = treatment;
    let taxable: Cents;
    if (taxableCents === amountCents) taxable = share;
    else if (taxableCents === 0) taxable = toCents(0);
    else taxable = splitProportionally(share, [taxableCents, amountCents - taxableCents])[0] ?? toCents(0);
    taxableByRate.set(rate, [...(taxableByRate.get(rate) ?? []), taxable]);
  });
  return sumCents([...taxableByRate].map(([rate, parts]) => taxOf(sumCents(parts), rate)));
}

/** The estimate from the project's table (packages/contract/src/sales-tax-table.ts), with no outside call. */
export function estimateFromTable(request: TaxRequest): TaxEstimate {
  const parsed = parseTaxRequest(request);
  if (!parsed.shipTo) return noAddressEstimate(parsed, "local");
  const row = SALES_TAX_TABLE[parsed.shipTo.state as StateAbbreviation];
  const treatments = parsed.lines.map((line) => treatLine(line, row));
  const lines = parsed.lines.map((line, index) => {
    const treatment = treatments[index] as LineTreatment;
    return { reference: line.reference, taxCents: taxOf(treatment.taxableCents, treatment.rate) };
  });
  const shippingTaxCents = shippingTax(treatments, toCents(parsed.shippingCents), row);
  return {
    totalTaxCents: sumCents([...lines.map((line) => line.taxCents), shippingTaxCents]),
    shippingTaxCents,
    lines,
    label: ESTIMATED_TAX_LABEL,
    provider: "local",
  };
}

/** The default tax estimator: the project's table, offline (decision 023). */
export function createLocalTax(): TaxEstimator {
  return {
    name: "local",
    estimate: async (request) => estimateFromTable(request),
  };
}
