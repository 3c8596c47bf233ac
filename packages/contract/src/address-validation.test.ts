import { describe, expect, it } from "vitest";
import { type AddressKeyFormat, differsOnlyInCaseOrSpacing, isConflictingSuggestion } from "./address-validation.ts";

const suggestion: AddressKeyFormat = {
  addressLine: "75 RICE ST",
  politicalDivision2: "SAINT PAUL",
  politicalDivision1: "MN",
  postcodePrimaryLow: "55101",
  postcodeExtendedLow: "1234",
  region: "SAINT PAUL MN 55101-1234",
  countryCode: "US",
};
const typed = { address1: "75  rice st", city: "saint paul ", state: "MN", zip: "55101" };

describe("address suggestions (decision 059)", () => {
  it("take an address that differs only in case or spacing (or a ZIP+4 added) as the same", () => {
    expect(differsOnlyInCaseOrSpacing(typed, suggestion)).toBe(true);
    expect(differsOnlyInCaseOrSpacing({ ...typed, zip: "55101-1234" }, suggestion)).toBe(true);
  });

  it("do not take another spelling, street, city, ZIP or ZIP+4 as the same", () => {
    expect(differsOnlyInCaseOrSpacing({ ...typed, address1: "75 Rice Street" }, suggestion)).toBe(false);
    expect(differsOnlyInCaseOrSpacing({ ...typed, city: "St Paul" }, suggestion)).toBe(false);
    expect(differsOnlyInCaseOrSpacing({ ...typed, zip: "55102" }, suggestion)).toBe(false);
    expect(differsOnlyInCaseOrSpacing({ ...typed, zip: "55101-9999" }, suggestion)).toBe(false);
    expect(differsOnlyInCaseOrSpacing({ ...typed, address1: "76 rice st" }, suggestion)).toBe(false);
  });

  it("call a suggestion in another city or state a conflict, another street or ZIP not", () => {
    expect(isConflictingSuggestion(["city", "state"])).toBe(true);
    expect(isConflictingSuggestion(["state"])).toBe(true);
    expect(isConflictingSuggestion(["city"])).toBe(true);
    expect(isConflictingSuggestion(["street", "zip"])).toBe(false);
    expect(isConflictingSuggestion([])).toBe(false);
  });
});
