import { describe, expect, it } from "vitest";
import { applyAddressChoice, type CheckoutAddress, suggestionRegion, suggestionZip } from "./address-choice.ts";
import type { AddressKeyFormat } from "./api/validate-address.ts";

const entered: CheckoutAddress = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "75 Rice street",
  address2: "Apt 4",
  city: "St Paul",
  state: "MN",
  zip: "55101",
};

const suggestions: AddressKeyFormat[] = [
  {
    addressLine: "75 RICE ST",
    politicalDivision2: "SAINT PAUL",
    politicalDivision1: "MN",
    postcodePrimaryLow: "55103",
    postcodeExtendedLow: "1234",
    region: "SAINT PAUL MN 55103-1234",
    countryCode: "US",
  },
  {
    addressLine: "75 RICE ST",
    politicalDivision2: "SAINT PAUL",
    politicalDivision1: "MN",
    postcodePrimaryLow: "55117",
    postcodeExtendedLow: "",
    region: "",
    countryCode: "US",
  },
];

describe("applyAddressChoice (spec section 4, address flow step 4)", () => {
  it("a suggestion replaces street, city, state and zip, and keeps the second line and the names", () => {
    expect(applyAddressChoice(entered, suggestions, 0)).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      address1: "75 RICE ST",
      address2: "Apt 4",
      city: "SAINT PAUL",
      state: "MN",
      zip: "55103-1234",
    });
  });

  it("takes a zip without extension alone", () => {
    expect(applyAddressChoice(entered, suggestions, 1)).toMatchObject({
      address1: "75 RICE ST",
      address2: "Apt 4",
      zip: "55117",
    });
  });

  it("the entered address is the last option (index = number of suggestions) and copies the typed fields", () => {
    const chosen = applyAddressChoice(entered, suggestions, suggestions.length);
    expect(chosen).toEqual(entered);
    expect(chosen).not.toBe(entered);
  });

  it("with no suggestion the default index 0 is the entered address", () => {
    expect(applyAddressChoice(entered, [], 0)).toEqual(entered);
  });

  it("an index that is not a suggestion keeps the entered address", () => {
    expect(applyAddressChoice(entered, suggestions, -1)).toEqual(entered);
    expect(applyAddressChoice(entered, suggestions, 0.5)).toEqual(entered);
    expect(applyAddressChoice(entered, suggestions, 9)).toEqual(entered);
  });
});

describe("suggestion display", () => {
  it("joins the zip as primary-extended", () => {
    expect(suggestionZip(suggestions[0] as AddressKeyFormat)).toBe("55103-1234");
    expect(suggestionZip(suggestions[1] as AddressKeyFormat)).toBe("55117");
  });

  it("shows the carrier's region, or city, state and zip when it sends none", () => {
    expect(suggestionRegion(suggestions[0] as AddressKeyFormat)).toBe("SAINT PAUL MN 55103-1234");
    expect(suggestionRegion(suggestions[1] as AddressKeyFormat)).toBe("SAINT PAUL MN 55117");
  });
});
