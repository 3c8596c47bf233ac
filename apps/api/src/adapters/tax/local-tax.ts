import { type Cents, multiply, percentOf, splitProportionally, sumCents, toCents } from "@threadfolk/contract/money";
import type { StateAbbreviation } from "@threadfolk/contract/states";
import { ESTIMATED_TAX_LABEL, type TaxRequestLine } from "@threadfolk/contract/tax";
import {
  type ClothingRule,
  localityFor,
  rateInThousandths,
  SALES_TAX_TABLE,
  type SalesTaxTable,
  stateRowFor,
  thousandthsAsPercent,
} from "./sales-tax-table.ts";
import { noAddressEstimate, parseTaxRequest, type TaxEstimate, type TaxEstimator, type TaxRequest } from "./tax.ts";

/** One share of a line's tax (the state's, or the local one): what of the line it taxes, at which rate. */
type Share = { taxableCents: Cents; rate: number; shippingTaxable: boolean };
type LineTreatment = { amountCents: Cents; shares: Share[] };

/** The part of a line a clothing rule taxes; thresholds are judged per unit (two $100 shirts are two items). */
function taxablePart(rule: ClothingRule, line: TaxRequestLine): Cents {
  const amount = toCents(line.amountCents);
  switch (rule.kind) {
    case "taxable":
      return amount;
    case "exempt":
      return toCents(0);
    case "exempt-under":
      return line.unitAmountCents < rule.thresholdCents ? toCents(0) : amount;
    case "exempt-up-to": {
      const exempt = multiply(toCents(Math.min(line.unitAmountCents, rule.exemptCents)), line.quantity);
      return toCents(Math.max(0, amount - exempt));
    }
  }
}

function taxOf(amount: Cents, rate: number): Cents {
  return amount === 0 || rate === 0 ? toCents(0) : percentOf(amount, thousandthsAsPercent(rate));
}

/**
 * Adds up the rates of the shares that tax the same amount, so a line is rounded once (with this table the
 * shares of a line always tax the same amount or nothing; two different amounts would be rounded each).
 */
function ratesByAmount(parts: Array<{ amount: Cents; rate: number }>): Map<Cents, number> {
  const byAmount = new Map<Cents, number>();
  for (const { amount, rate } of parts) {
    if (amount === 0 || rate === 0) continue;
    byAmount.set(amount, (byAmount.get(amount) ?? 0) + rate);
  }
  return byAmount;
}

/**
 * Tax on shipping where it is taxed: shipping follows the items. It is shared over the lines in proportion to
 * their amounts; each share of a line's tax taxes that line's shipping in proportion to the part of the line
 * it taxes, at its rate; taxable shipping is summed per rate and each sum rounded once.
 */
function shippingTax(treatments: LineTreatment[], shippingCents: Cents): Cents {
  const weights = treatments.map((treatment) => treatment.amountCents);
  if (shippingCents === 0 || weights.every((weight) => weight === 0)) return toCents(0);
  const lineShipping = splitProportionally(shippingCents, weights);
  const taxableByRate = new Map<number, Cents[]>();
  treatments.forEach((treatment, index) => {
    const share = lineShipping[index] ?? toCents(0);
    const parts = treatment.shares
      .filter((part) => part.shippingTaxable)
      .map((part) => {
        const { taxableCents } = part;
        let amount: Cents;
        if (taxableCents === treatment.amountCents) amount = share;
        else if (taxableCents === 0) amount = toCents(0);
        else amount = splitProportionally(share, [taxableCents, treatment.amountCents - taxableCents])[0] ?? toCents(0);
        return { amount, rate: part.rate };
      });
    for (const [amount, rate] of ratesByAmount(parts)) {
      taxableByRate.set(rate, [...(taxableByRate.get(rate) ?? []), amount]);
    }
  });
  return sumCents([...taxableByRate].map(([rate, amounts]) => taxOf(sumCents(amounts), rate)));
}

/**
 * The estimate from the project's table (sales-tax-table.json), with no outside call: the state's share at
 * the state rate under the state's clothing rule, and the local share at the listed locality's rate and rule
 * (New York City, Juneau) or else at the state's average local rate; each line rounded half-up once.
 */
export function estimateFromTable(request: TaxRequest, on: Date = new Date(), table = SALES_TAX_TABLE): TaxEstimate {
  const parsed = parseTaxRequest(request);
  if (!parsed.shipTo) return noAddressEstimate(parsed, "local");
  const state = parsed.shipTo.state as StateAbbreviation;
  const row = stateRowFor(state, on, table);
  const locality = localityFor(state, parsed.shipTo.zip, table);
  const local = locality
    ? { rate: locality.localRate, clothing: locality.clothing, shippingTaxable: locality.shippingTaxable }
    : { rate: row.averageLocalRate, clothing: row.localClothing ?? row.clothing, shippingTaxable: row.shippingTaxable };
  const treatments: LineTreatment[] = parsed.lines.map((line) => ({
    amountCents: toCents(line.amountCents),
    shares: [
      {
        taxableCents: taxablePart(row.clothing, line),
        rate: rateInThousandths(row.stateRate),
        shippingTaxable: row.shippingTaxable,
      },
      {
        taxableCents: taxablePart(local.clothing, line),
        rate: rateInThousandths(local.rate),
        shippingTaxable: local.shippingTaxable,
      },
    ],
  }));
  const lines = parsed.lines.map((line, index) => {
    const shares = (treatments[index] as LineTreatment).shares;
    const byAmount = ratesByAmount(shares.map((share) => ({ amount: share.taxableCents, rate: share.rate })));
    return {
      reference: line.reference,
      taxCents: sumCents([...byAmount].map(([amount, rate]) => taxOf(amount, rate))),
    };
  });
  const shippingTaxCents = shippingTax(treatments, toCents(parsed.shippingCents));
  return {
    totalTaxCents: sumCents([...lines.map((line) => line.taxCents), shippingTaxCents]),
    shippingTaxCents,
    lines,
    label: ESTIMATED_TAX_LABEL,
    provider: "local",
  };
}

/** The default tax estimator: the project's table, offline (decisions 023 and 059). `now` picks the rows in effect. */
export function createLocalTax(options: { now?: () => Date; table?: SalesTaxTable } = {}): TaxEstimator {
  const now = options.now ?? (() => new Date());
  return {
    name: "local",
    estimate: async (request) => estimateFromTable(request, now(), options.table),
  };
}
