import { STATE_ABBREVIATIONS, type StateAbbreviation } from "@threadfolk/contract/states";
import { ESTIMATED_TAX_LABEL, NO_ADDRESS_TAX_LABEL, type TaxRequest } from "@threadfolk/contract/tax";
import { describe, expect, it } from "vitest";
import { estimateFromTable } from "./local-tax.ts";
import { rateInThousandths, SALES_TAX_TABLE, stateRowFor, tableAge, thousandthsAsPercent } from "./sales-tax-table.ts";

/**
 * The local estimator against the table's rules (decision 023). Every expected amount below is worked out by
 * hand from the table's rates (written next to it), not by the code under test.
 */

type Line = TaxRequest["lines"][number];

function line(reference: string, unitAmountCents: number, quantity = 1): Line {
  return { reference, quantity, unitAmountCents, amountCents: unitAmountCents * quantity };
}

function request(state: string, lines: Line[], shippingCents = 0): TaxRequest {
  return {
    currency: "usd",
    shipTo: { address1: "1 Main St", city: "Somewhere", state, zip: "12345" },
    lines,
    shippingCents,
  };
}

const taxOf = (state: string, lines: Line[], shippingCents = 0) =>
  estimateFromTable(request(state, lines, shippingCents));

/** A realistic cart: two tees on a 20 % sale ($24.99 -> $19.99), a $54.99 hoodie, three $19.50 tanks. */
const cart = [line("tee", 1999, 2), line("hoodie", 5499), line("tank", 1950, 3)];
const cartShipping = 899;

describe("local tax estimate: a realistic cart", () => {
  it("California: 7.25 % + 1.6 % = 8.85 % on every line, shipping not taxed", () => {
    expect(taxOf("CA", cart, cartShipping)).toEqual({
      // 3998 × 8.85 % = 353.823 -> 354; 5499 × 8.85 % = 486.6615 -> 487; 5850 × 8.85 % = 517.725 -> 518
      lines: [
        { reference: "tee", taxCents: 354 },
        { reference: "hoodie", taxCents: 487 },
        { reference: "tank", taxCents: 518 },
      ],
      shippingTaxCents: 0,
      totalTaxCents: 1359,
      label: ESTIMATED_TAX_LABEL,
      provider: "local",
    });
  });

  it("New York: every item is under $110, so only the 4.53 % local share, on shipping too", () => {
    const estimate = taxOf("NY", cart, cartShipping);
    // 3998 × 4.53 % = 181.1094 -> 181; 5499 × 4.53 % = 249.1047 -> 249; 5850 × 4.53 % = 265.005 -> 265
    expect(estimate.lines.map((taxed) => taxed.taxCents)).toEqual([181, 249, 265]);
    // 899 × 4.53 % = 40.7247 -> 41
    expect(estimate.shippingTaxCents).toBe(41);
    expect(estimate.totalTaxCents).toBe(736);
  });

  it("Minnesota: clothing is exempt, and so is the shipping that follows it", () => {
    const estimate = taxOf("MN", cart, cartShipping);
    expect(estimate.lines.map((taxed) => taxed.taxCents)).toEqual([0, 0, 0]);
    expect(estimate.shippingTaxCents).toBe(0);
    expect(estimate.totalTaxCents).toBe(0);
    expect(estimate.label).toBe(ESTIMATED_TAX_LABEL);
  });
});

describe("local tax estimate: apparel rules", () => {
  it.each(["MN", "NJ", "PA", "VT"])("%s exempts clothing, and its taxable shipping with it", (state) => {
    expect(stateRowFor(state as StateAbbreviation, new Date()).shippingTaxable).toBe(true);
    const estimate = taxOf(state, [line("tee", 2500, 2)], 500);
    expect(estimate).toMatchObject({ totalTaxCents: 0, shippingTaxCents: 0, lines: [{ taxCents: 0 }] });
  });

  it("New York: an item under $110 pays only the local share, one at $110 or more the whole rate", () => {
    // 10999 × 4.53 % = 498.2547 -> 498
    expect(taxOf("NY", [line("under", 10_999)]).totalTaxCents).toBe(498);
    // 11000 × 8.53 % = 938.3 -> 938
    expect(taxOf("NY", [line("at", 11_000)]).totalTaxCents).toBe(938);
    // 12000 × 8.53 % = 1023.6 -> 1024
    expect(taxOf("NY", [line("over", 12_000)]).totalTaxCents).toBe(1024);
  });

  it("New York judges the threshold per unit, not per line", () => {
    // Two $100 shirts: 20000 × 4.53 % = 906
    expect(taxOf("NY", [line("pair", 10_000, 2)]).totalTaxCents).toBe(906);
  });

  it("New York: shipping follows each item's rate when the cart mixes both", () => {
    const estimate = taxOf("NY", [line("coat", 12_000), line("tee", 5000)], 1000);
    // 12000 × 8.53 % = 1023.6 -> 1024; 5000 × 4.53 % = 226.5 -> 227 (half-up)
    expect(estimate.lines.map((taxed) => taxed.taxCents)).toEqual([1024, 227]);
    // shipping 1000 split 12000 : 5000 = 705.88 : 294.12 -> 706 + 294;
    // 706 × 8.53 % = 60.2218 -> 60, 294 × 4.53 % = 13.3182 -> 13
    expect(estimate.shippingTaxCents).toBe(73);
    expect(estimate.totalTaxCents).toBe(1324);
  });

  it("Massachusetts taxes only the part of each item above $175", () => {
    expect(taxOf("MA", [line("at", 17_500)]).totalTaxCents).toBe(0);
    // two $200 jackets: (20000 - 17500) × 2 = 5000 taxable, × 6.25 % = 312.5 -> 313 (half-up)
    expect(taxOf("MA", [line("jacket", 20_000, 2)]).totalTaxCents).toBe(313);
  });

  it("Rhode Island taxes only the part of each item above $250, and shipping by the taxable share", () => {
    expect(taxOf("RI", [line("at", 25_000)]).totalTaxCents).toBe(0);
    const estimate = taxOf("RI", [line("coat", 30_000), line("tee", 2000)], 1000);
    // (30000 - 25000) × 7 % = 350; the tee is exempt
    expect(estimate.lines.map((taxed) => taxed.taxCents)).toEqual([350, 0]);
    // shipping 1000 split 30000 : 2000 = 937.5 : 62.5 -> 938 + 62 (tie to the earlier line);
    // the coat's 938 is taxable for 5000/30000 of it: 156.33 -> 156; 156 × 7 % = 10.92 -> 11
    expect(estimate.shippingTaxCents).toBe(11);
    expect(estimate.totalTaxCents).toBe(361);
  });
});

describe("local tax estimate: shipping, rounding, no address, no sales tax", () => {
  it("taxes shipping in a state that taxes it (Texas, 6.25 % + 1.95 % = 8.2 %)", () => {
    // 2000 × 8.2 % = 164; 1000 × 8.2 % = 82
    expect(taxOf("TX", [line("tee", 2000)], 1000)).toMatchObject({ shippingTaxCents: 82, totalTaxCents: 246 });
  });

  it("does not tax shipping in a state that does not (California)", () => {
    // 2000 × 8.85 % = 177
    expect(taxOf("CA", [line("tee", 2000)], 1000)).toMatchObject({ shippingTaxCents: 0, totalTaxCents: 177 });
  });

  it("rounds an exact half cent up", () => {
    // 1000 × 8.85 % = 88.5 -> 89 (half-even would give 88)
    expect(taxOf("CA", [line("tee", 1000)]).totalTaxCents).toBe(89);
    // 1001 × 8.85 % = 88.5885 -> 89; 900 × 8.85 % = 79.65 -> 80; 100 × 8.85 % = 8.85 -> 9
    expect(taxOf("CA", [line("a", 1001), line("b", 900), line("c", 100)]).totalTaxCents).toBe(178);
  });

  it("charges no tax without an address, and says to add one", () => {
    expect(estimateFromTable({ currency: "usd", shipTo: null, lines: cart, shippingCents: cartShipping })).toEqual({
      totalTaxCents: 0,
      shippingTaxCents: 0,
      lines: [
        { reference: "tee", taxCents: 0 },
        { reference: "hoodie", taxCents: 0 },
        { reference: "tank", taxCents: 0 },
      ],
      label: NO_ADDRESS_TAX_LABEL,
      provider: "local",
    });
  });

  it.each(["DE", "MT", "NH", "OR"])("charges nothing in %s, a state without sales tax", (state) => {
    expect(taxOf(state, cart, cartShipping)).toMatchObject({
      totalTaxCents: 0,
      shippingTaxCents: 0,
      label: ESTIMATED_TAX_LABEL,
    });
  });

  it("charges nothing in Alaska outside the localities the table lists (no state tax)", () => {
    expect(taxOf("AK", [line("tee", 2000)], 1000).totalTaxCents).toBe(0);
  });

  it("refuses a request outside the contract", () => {
    expect(() => taxOf("ZZ", [line("tee", 2000)])).toThrow();
    expect(() => taxOf("CA", [{ reference: "tee", quantity: 1, amountCents: 10.5, unitAmountCents: 10.5 }])).toThrow();
  });
});

describe("the sales tax table", () => {
  it("has a row for each state of the checkout, and rates the money rule takes", () => {
    const states = new Set(SALES_TAX_TABLE.states.map((row) => row.state));
    expect([...states].sort()).toEqual([...STATE_ABBREVIATIONS].sort());
    for (const row of SALES_TAX_TABLE.states) {
      const combined = rateInThousandths(row.stateRate) + rateInThousandths(row.averageLocalRate);
      expect(combined, row.state).toBeLessThan(15_000);
    }
  });

  it("names a source and an as-of date on every row", () => {
    for (const row of [...SALES_TAX_TABLE.states, ...SALES_TAX_TABLE.localities]) {
      expect(SALES_TAX_TABLE.sources[row.source], row.state).toBeTruthy();
      expect(row.asOf, row.state).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("has no state rate in the five states without a statewide sales tax, nor at military post offices", () => {
    const withoutStateRate = SALES_TAX_TABLE.states.filter((row) => row.stateRate === "0").map((row) => row.state);
    expect(withoutStateRate.sort()).toEqual(["AA", "AE", "AK", "AP", "DE", "MT", "NH", "OR"]);
  });

  it("says how old it is", () => {
    const age = tableAge(new Date("2026-01-11T12:00:00Z"));
    expect(age.oldestAsOf).toBe("2025-01-01");
    expect(age.days).toBe(375);
  });

  it("reads and writes rates exactly", () => {
    expect(rateInThousandths("6.875")).toBe(6875);
    expect(rateInThousandths("4.53")).toBe(4530);
    expect(rateInThousandths("0")).toBe(0);
    expect(thousandthsAsPercent(8035)).toBe(8.035);
    expect(thousandthsAsPercent(8000)).toBe(8);
    expect(() => rateInThousandths("1.2345")).toThrow(RangeError);
  });
});
