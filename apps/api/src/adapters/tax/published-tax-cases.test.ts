import type { TaxRequest } from "@threadfolk/contract/tax";
import { describe, expect, it } from "vitest";
import { estimateFromTable } from "./local-tax.ts";

/**
 * Fifteen cases of published rules (decision 059), each worked out by hand from the published rates and
 * rules named beside it, not from the code under test: the table must give these cents. One shirt per cart;
 * the day is fixed so that scheduled changes are pinned too.
 */

const ON = new Date("2026-11-28T12:00:00Z");

function shirt(state: string, zip: string, unitCents: number, shippingCents = 0): TaxRequest {
  return {
    currency: "usd",
    shipTo: { address1: "1 Main St", city: "Town", state, zip },
    lines: [{ reference: "shirt", quantity: 1, unitAmountCents: unitCents, amountCents: unitCents }],
    shippingCents,
  };
}

const cases: Array<[name: string, request: TaxRequest, taxCents: number]> = [
  // NY outside New York City (Albany): under $110 exempt from the 4 % state share (Publication 718-C), the
  // average local 4.53 % applies: 5000 × 4.53 % = 226.5 -> 227.
  ["New York State, a $50 shirt (under $110)", shirt("NY", "12207", 5000), 227],
  // $110 or more pays the state share too: 12000 × (4 + 4.53) % = 1023.6 -> 1024.
  ["New York State, a $120 shirt (over $110)", shirt("NY", "12207", 12_000), 1024],
  // New York City exempts clothing under $110 from its 4.5 % and so from the 0.375 % MCTD tax: nothing, and
  // the shipping that follows the shirt is not taxed either.
  ["New York City, a $50 shirt with $8 shipping", shirt("NY", "10001", 5000, 800), 0],
  // Pennsylvania exempts clothing (Philadelphia's local tax follows the state base).
  ["Pennsylvania, a $50 shirt", shirt("PA", "19103", 5000, 800), 0],
  // New Jersey exempts clothing.
  ["New Jersey, a $50 shirt", shirt("NJ", "07102", 5000, 800), 0],
  // Minnesota exempts clothing.
  ["Minnesota, a $50 shirt", shirt("MN", "55101", 5000, 800), 0],
  // Massachusetts taxes the part of an item above $175 at 6.25 %: 2500 × 6.25 % = 156.25 -> 156.
  ["Massachusetts, a $200 jacket (over $175)", shirt("MA", "02108", 20_000), 156],
  // Rhode Island taxes the part above $250 at 7 %: 5000 × 7 % = 350.
  ["Rhode Island, a $300 coat (over $250)", shirt("RI", "02903", 30_000), 350],
  // Vermont exempts clothing.
  ["Vermont, a $50 shirt", shirt("VT", "05401", 5000, 800), 0],
  // California: 7.25 % + 1.6 % average local = 8.85 %; shipping by carrier not taxed: 5000 × 8.85 % = 442.5 -> 443.
  ["California, a $50 shirt with $8 shipping", shirt("CA", "90012", 5000, 800), 443],
  // Texas: 6.25 % + 1.95 % = 8.2 %, shipping taxed: 5000 × 8.2 % = 410; 800 × 8.2 % = 65.6 -> 66.
  ["Texas, a $50 shirt with $8 shipping", shirt("TX", "78701", 5000, 800), 476],
  // District of Columbia: 7 % from 2026-10-01 (the 6.5 % step of 2025-10-01 was repealed): 5000 × 7 % = 350.
  ["District of Columbia, a $50 shirt", shirt("DC", "20001", 5000), 350],
  // Alaska has no state tax and Anchorage no general sales tax.
  ["Anchorage, Alaska, a $50 shirt with $8 shipping", shirt("AK", "99501", 5000, 800), 0],
  // Juneau: 5 % under the remote seller code, delivery included: 5000 × 5 % = 250; 800 × 5 % = 40.
  ["Juneau, Alaska, a $50 shirt with $8 shipping", shirt("AK", "99801", 5000, 800), 290],
  // Oregon has no sales tax.
  ["Oregon, a $50 shirt", shirt("OR", "97201", 5000, 800), 0],
];

describe("the tax table against fifteen published cases", () => {
  it.each(cases)("%s", (_name, request, taxCents) => {
    expect(estimateFromTable(request, ON).totalTaxCents).toBe(taxCents);
  });

  it("New York City taxes an item of $110 or more at 8.875 %: 12000 × 8.875 % = 1065", () => {
    expect(estimateFromTable(shirt("NY", "11201", 12_000), ON).totalTaxCents).toBe(1065);
  });

  it("the District of Columbia charged 6 % before 2026-10-01: 5000 × 6 % = 300", () => {
    expect(estimateFromTable(shirt("DC", "20001", 5000), new Date("2025-11-01T12:00:00Z")).totalTaxCents).toBe(300);
    expect(estimateFromTable(shirt("DC", "20001", 5000), new Date("2026-09-30T12:00:00Z")).totalTaxCents).toBe(300);
    expect(estimateFromTable(shirt("DC", "20001", 5000), new Date("2026-10-01T12:00:00Z")).totalTaxCents).toBe(350);
  });
});
