import { describe, expect, it } from "vitest";
import { cityMatchKey, normalizeAddressLine, normalizeCityName } from "./address.ts";

describe("normalizeAddressLine (USPS Publication 28)", () => {
  it.each([
    ["100 north main street apt. 4", "100 N MAIN ST APT 4"],
    ["1600 Pennsylvania Avenue, N.W.", "1600 PENNSYLVANIA AVE NW"],
    ["55 West 44th Street", "55 W 44TH ST"],
    ["350 Fifth Avenue, Suite 3000", "350 FIFTH AVE STE 3000"],
    ["2 Northeast Circle Drive Building 7", "2 NE CIRCLE DR BLDG 7"],
    ["8 Harbor Boulevard Southwest", "8 HARBOR BLVD SW"],
    ["12 Elm St Apt #5", "12 ELM ST APT 5"],
    ["12 Elm St #5", "12 ELM ST # 5"],
    ["77 Ocean Parkway Floor 2", "77 OCEAN PKWY FL 2"],
    ["8 Front Street Rear", "8 FRONT ST REAR"],
    ["  742   Evergreen   Terrace ", "742 EVERGREEN TER"],
    ["1 Calle Fortaleza", "1 CALLE FORTALEZA"],
  ])("%s -> %s", (line, expected) => {
    expect(normalizeAddressLine(line)).toBe(expected);
  });

  it("keeps a directional or a suffix word whole when it is the street's name", () => {
    expect(normalizeAddressLine("100 North Street")).toBe("100 NORTH ST");
    expect(normalizeAddressLine("9 West Avenue")).toBe("9 WEST AVE");
    expect(normalizeAddressLine("1 Avenue of the Americas")).toBe("1 AVENUE OF THE AMERICAS");
    expect(normalizeAddressLine("40 Park Avenue South")).toBe("40 PARK AVE S");
  });
});

describe("city names", () => {
  it("writes cities in upper case without punctuation", () => {
    expect(normalizeCityName("st. paul")).toBe("ST PAUL");
    expect(normalizeCityName("Winston-Salem")).toBe("WINSTON-SALEM");
  });

  it("matches Saint/St, Fort/Ft and Mount/Mt, case, spacing and hyphens", () => {
    expect(cityMatchKey("St. Paul")).toBe(cityMatchKey("SAINT PAUL"));
    expect(cityMatchKey("saint  paul")).toBe(cityMatchKey("St Paul"));
    expect(cityMatchKey("Ft Lauderdale")).toBe(cityMatchKey("Fort Lauderdale"));
    expect(cityMatchKey("Mt. Vernon")).toBe(cityMatchKey("Mount Vernon"));
    expect(cityMatchKey("Winston Salem")).toBe(cityMatchKey("winston-salem"));
    expect(cityMatchKey("Saint Paul")).not.toBe(cityMatchKey("South Saint Paul"));
  });
});
