import { describe, expect, it } from "vitest";
import { defaultAddressChoice } from "./address-verification-dialog.tsx";

describe("the address dialog's default choice (decision 059)", () => {
  it("is the first suggestion when it keeps the typed city and state", () => {
    expect(defaultAddressChoice([["zip"], ["city", "state"]], 2)).toBe(0);
    expect(defaultAddressChoice([[]], 1)).toBe(0);
  });

  it("is the entered address (the last option) when the first suggestion is in another city or state", () => {
    expect(defaultAddressChoice([["city", "state"], ["zip"]], 2)).toBe(2);
    expect(defaultAddressChoice([["city"]], 1)).toBe(1);
  });

  it("is the entered address when there is no suggestion", () => {
    expect(defaultAddressChoice([], 0)).toBe(0);
  });
});
