import { STATE_ABBREVIATIONS, type StateAbbreviation } from "@threadfolk/contract/states";
import { z } from "zod";
import tableData from "./sales-tax-table.json" with { type: "json" };

/**
 * The local tax estimator's table (decisions 023 and 059): data in `sales-tax-table.json`, checked here once
 * when the module loads. One row per state (several when a scheduled rate change has a row of its own, from
 * its `effectiveFrom`), and the localities whose own rate and clothing rule the product applies (New York
 * City, Juneau). Every row names its source and the date its figures hold as of.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const rateSchema = z.string().regex(/^\d{1,2}(?:\.\d{1,3})?$/, "percent with at most 3 decimals");

/** How a share of the tax (the state's or the local one) treats clothing, everything Threadfolk sells. */
const clothingRuleSchema = z.discriminatedUnion("kind", [
  /** Taxed like anything else. */
  z.strictObject({ kind: z.literal("taxable") }),
  /** Exempt (MN, NJ, PA, VT). */
  z.strictObject({ kind: z.literal("exempt") }),
  /** An item priced under the threshold is exempt, one at or above it is taxed in full (New York, $110). */
  z.strictObject({ kind: z.literal("exempt-under"), thresholdCents: z.number().int().positive() }),
  /** The first `exemptCents` of each item are exempt, the part above is taxed (MA $175, RI $250). */
  z.strictObject({ kind: z.literal("exempt-up-to"), exemptCents: z.number().int().positive() }),
]);
export type ClothingRule = z.infer<typeof clothingRuleSchema>;

const provenance = {
  /** A key of `sources`. */
  source: z.string().min(1),
  /** The date the source states its figures as of. */
  asOf: z.string().regex(DATE),
  /** The date someone compared the row with its source; absent while nobody has. */
  checked: z.string().regex(DATE).optional(),
  note: z.string().optional(),
};

const stateRowSchema = z.strictObject({
  state: z.enum(STATE_ABBREVIATIONS as [StateAbbreviation, ...StateAbbreviation[]]),
  /** The first day the row applies; absent: since before the table's oldest date. */
  effectiveFrom: z.string().regex(DATE).optional(),
  stateRate: rateSchema,
  /** The population-weighted average local rate, for addresses outside every listed locality. */
  averageLocalRate: rateSchema,
  /** Whether a separately stated delivery charge is taxed (on the taxable part of the items only). */
  shippingTaxable: z.boolean(),
  clothing: clothingRuleSchema,
  /** The average local share's clothing rule when it differs from the state's (New York). */
  localClothing: clothingRuleSchema.optional(),
  ...provenance,
});
export type StateTaxRow = z.infer<typeof stateRowSchema>;

const localityRowSchema = z.strictObject({
  state: z.enum(STATE_ABBREVIATIONS as [StateAbbreviation, ...StateAbbreviation[]]),
  name: z.string().min(1),
  /** Three-digit ZIP areas wholly inside the locality. */
  zipPrefixes: z.array(z.string().regex(/^\d{3}$/)),
  /** Single ZIPs inside it. */
  zips: z.array(z.string().regex(/^\d{5}$/)),
  /** The locality's rate, in place of the state row's average local rate. */
  localRate: rateSchema,
  clothing: clothingRuleSchema,
  shippingTaxable: z.boolean(),
  ...provenance,
});
export type LocalityTaxRow = z.infer<typeof localityRowSchema>;

const tableSchema = z
  .strictObject({
    $comment: z.string(),
    sources: z.record(z.string(), z.string().min(1)),
    states: z.array(stateRowSchema),
    localities: z.array(localityRowSchema),
  })
  .superRefine((table, context) => {
    for (const row of [...table.states, ...table.localities]) {
      if (!table.sources[row.source]) context.addIssue({ code: "custom", message: `unknown source ${row.source}` });
    }
    for (const state of STATE_ABBREVIATIONS) {
      if (!table.states.some((row) => row.state === state && !row.effectiveFrom)) {
        context.addIssue({ code: "custom", message: `no row without effectiveFrom for ${state}` });
      }
    }
  });
export type SalesTaxTable = z.infer<typeof tableSchema>;

/** The table, checked: a malformed edit fails every test and the server's start, never a shopper's cart. */
export const SALES_TAX_TABLE: SalesTaxTable = tableSchema.parse(tableData);

/** The day (UTC, YYYY-MM-DD) of a moment. */
function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The state's row in effect on `on`: the latest `effectiveFrom` not after that day. */
export function stateRowFor(state: StateAbbreviation, on: Date, table = SALES_TAX_TABLE): StateTaxRow {
  const day = dayOf(on);
  const rows = table.states.filter((row) => row.state === state && (row.effectiveFrom ?? "") <= day);
  rows.sort((left, right) => (left.effectiveFrom ?? "").localeCompare(right.effectiveFrom ?? ""));
  const row = rows.at(-1);
  if (!row) throw new Error(`the tax table has no row for ${state}`);
  return row;
}

/** The listed locality a ZIP lies in, if any (by its five digits or its three-digit area). */
export function localityFor(
  state: StateAbbreviation,
  zip: string,
  table = SALES_TAX_TABLE,
): LocalityTaxRow | undefined {
  const five = zip.slice(0, 5);
  return table.localities.find(
    (locality) =>
      locality.state === state && (locality.zips.includes(five) || locality.zipPrefixes.includes(five.slice(0, 3))),
  );
}

/** How old the table is on `now`: its oldest and newest as-of dates and the oldest one's age in whole days. */
export function tableAge(now: Date, table = SALES_TAX_TABLE): { oldestAsOf: string; newestAsOf: string; days: number } {
  const dates = [...table.states, ...table.localities].map((row) => row.asOf).sort();
  const oldestAsOf = dates[0] ?? dayOf(now);
  const newestAsOf = dates.at(-1) ?? dayOf(now);
  const days = Math.floor((now.getTime() - Date.parse(`${oldestAsOf}T00:00:00Z`)) / 86_400_000);
  return { oldestAsOf, newestAsOf, days };
}

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
