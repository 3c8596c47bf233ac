import type { StateAbbreviation } from "./states.ts";

/**
 * The sales tax table of the local tax estimator (decision 023): per ship-to state, the state rate, an
 * average local rate, whether shipping is taxed and how clothing is treated. Threadfolk sells printed
 * apparel as the marketplace facilitator, so these are the rates and rules for clothing sold to a shopper.
 *
 * SOURCE of the rates: Tax Foundation, "State and Local Sales Tax Rates, 2025" (rates in effect on
 * January 1, 2025; the average local rate is weighted by population). Puerto Rico is not in that table: its
 * row is the Departamento de Hacienda's IVU, 10.5 % commonwealth plus the 1 % municipal rate.
 * The rows were written on 2026-11-22 without network access, from the published figures as remembered;
 * CHECK EACH ROW AGAINST THE PUBLISHED TABLE (TABLE_CHECKED below says whether that has been done) and
 * update the rates every year when the Tax Foundation publishes the new table.
 *
 * An average local rate is an estimate: the tax of a given address may differ by its city and county, which
 * is why the checkout says "Estimated tax" and why the Stripe Tax adapter exists.
 *
 * Rates are written as decimal strings of percent ("6.875") and worked with as integers (thousandths of a
 * percent), never floats.
 */

export const TAX_TABLE_SOURCE =
  'Tax Foundation, "State and Local Sales Tax Rates, 2025" (as of January 1, 2025); PR: Hacienda (IVU)';
export const TAX_TABLE_EFFECTIVE_DATE = "2025-01-01";
/** False until someone has compared every row with the published table (then set it and the date). */
export const TABLE_CHECKED = false;

/** How a state taxes clothing sold to a shopper. */
export type ApparelRule =
  /** Taxed like anything else. */
  | { kind: "taxable" }
  /** Clothing is exempt (MN, NJ, PA, VT). */
  | { kind: "exempt" }
  /**
   * New York: an item priced under the threshold is exempt from the STATE share only; the local share
   * (the average local rate, which includes the MCTD surcharge) still applies. An item at or above it is
   * taxed in full. Localities that also exempt clothing (New York City among them) are not modelled, so
   * the estimate is high for them (decision 023).
   */
  | { kind: "state-share-exempt-under"; thresholdCents: number }
  /** The first `exemptCents` of each item's price are exempt, the part above is taxed (MA $175, RI $250). */
  | { kind: "exempt-up-to"; exemptCents: number };

export type SalesTaxRow = {
  /** The state's own rate, percent as a decimal string. */
  stateRate: string;
  /** The population-weighted average of local rates, percent as a decimal string. */
  localRate: string;
  /**
   * Whether a separately stated delivery charge by common carrier is taxed (on taxable items only: shipping
   * is apportioned by the taxable share of the items, decision 023).
   */
  shippingTaxable: boolean;
  apparel: ApparelRule;
};

const TAXABLE: ApparelRule = { kind: "taxable" };
const EXEMPT: ApparelRule = { kind: "exempt" };

/** A row: the state rate, the average local rate (percent), whether shipping is taxed, the clothing rule. */
function row(stateRate: string, localRate: string, shippingTaxable: boolean, apparel = TAXABLE): SalesTaxRow {
  return { stateRate, localRate, shippingTaxable, apparel };
}

/**
 * Alaska has no statewide sales tax, but many boroughs and cities levy one, and the Alaska Remote Seller
 * Sales Tax Commission has remote sellers and marketplace facilitators collect it for its members; its row
 * therefore applies the average local rate (1.82 %), an estimate that is high for places without a tax.
 * Delaware, Montana, New Hampshire and Oregon: no sales tax at all (Montana's resort-area taxes do not apply
 * to goods shipped from elsewhere in practice and are left out). New Jersey: the Tax Foundation lists a
 * slightly negative average local rate (Urban Enterprise Zones at half rate); it is kept at 0 here, and
 * clothing is exempt there anyway.
 */
export const SALES_TAX_TABLE: Readonly<Record<StateAbbreviation, SalesTaxRow>> = {
  AL: row("4", "5.29", false),
  AK: row("0", "1.82", false),
  AZ: row("5.6", "2.92", false),
  AR: row("6.5", "2.96", true),
  CA: row("7.25", "1.6", false),
  CO: row("2.9", "4.91", false),
  CT: row("6.35", "0", true),
  DE: row("0", "0", false),
  DC: row("6", "0", true),
  FL: row("6", "1", true),
  GA: row("4", "3.38", true),
  HI: row("4", "0.5", true),
  ID: row("6", "0.03", false),
  IL: row("6.25", "2.61", false),
  IN: row("7", "0", true),
  IA: row("6", "0.94", false),
  KS: row("6.5", "2.15", true),
  KY: row("6", "0", true),
  LA: row("5", "5.11", false),
  ME: row("5.5", "0", false),
  MD: row("6", "0", false),
  MA: row("6.25", "0", false, { kind: "exempt-up-to", exemptCents: 17_500 }),
  MI: row("6", "0", true),
  MN: row("6.875", "1.16", true, EXEMPT),
  MS: row("7", "0.06", true),
  MO: row("4.225", "4.19", false),
  MT: row("0", "0", false),
  NE: row("5.5", "1.47", true),
  NV: row("6.85", "1.39", false),
  NH: row("0", "0", false),
  NJ: row("6.625", "0", true, EXEMPT),
  NM: row("4.875", "2.69", true),
  NY: row("4", "4.53", true, { kind: "state-share-exempt-under", thresholdCents: 11_000 }),
  NC: row("4.75", "2.25", true),
  ND: row("5", "2.04", true),
  OH: row("5.75", "1.49", true),
  OK: row("4.5", "4.49", false),
  OR: row("0", "0", false),
  PA: row("6", "0.34", true, EXEMPT),
  PR: row("10.5", "1", false),
  RI: row("7", "0", true, { kind: "exempt-up-to", exemptCents: 25_000 }),
  SC: row("6", "1.5", true),
  SD: row("4.2", "1.91", true),
  TN: row("7", "2.56", true),
  TX: row("6.25", "1.95", true),
  UT: row("6.1", "1.15", false),
  VT: row("6", "0.36", true, EXEMPT),
  VA: row("5.3", "0.47", false),
  WA: row("6.5", "2.88", true),
  WV: row("6", "0.57", true),
  WI: row("5", "0.7", true),
  WY: row("4", "1.56", false),
};

/** A rate written as a decimal string of percent, in thousandths of a percent: "6.875" -> 6875. */
export function rateInThousandths(rate: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(rate);
  if (!match) throw new RangeError(`not a rate in percent with at most 3 decimals: ${rate}`);
  return Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
}

/** Thousandths of a percent written back as the decimal percent the money helpers take: 8035 -> 8.035. */
export function thousandthsAsPercent(thousandths: number): number {
  if (!Number.isSafeInteger(thousandths) || thousandths < 0) throw new RangeError(`not a rate: ${thousandths}`);
  const fraction = String(thousandths % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  // Parsing a decimal literal (not dividing) keeps the value exactly what the table says.
  return Number(`${Math.floor(thousandths / 1000)}${fraction ? `.${fraction}` : ""}`);
}
