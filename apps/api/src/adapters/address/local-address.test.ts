import { beforeAll, describe, expect, it } from "vitest";
import type { AddressToVerify } from "./address.ts";
import { createLocalAddressVerifier } from "./local-address.ts";

/** Real addresses of several states against the bundled ZIP data (the `zipcodes` package). */
const verifier = createLocalAddressVerifier();

// Indexing the 42,000 ZIPs takes a few hundred milliseconds, seconds on a busy machine: once, outside the tests' timeouts.
beforeAll(() => verifier.warm(), 30_000);

const verify = (input: Omit<AddressToVerify, "address2"> & { address2?: string }) =>
  verifier.verify({ address2: "", ...input });

describe("local address verifier", () => {
  it("agrees with a right city, state and ZIP, normalised, keeping the ZIP+4, and never calls the street confirmed", async () => {
    const result = await verify({
      address1: "1 Dr Carlton B Goodlett Place",
      city: "San Francisco",
      state: "CA",
      zip: "94102-4689",
    });
    expect(result).toEqual({
      result: "street_unconfirmed",
      provider: "local",
      candidates: [
        {
          addressLine: "1 DR CARLTON B GOODLETT PL",
          politicalDivision2: "SAN FRANCISCO",
          politicalDivision1: "CA",
          postcodePrimaryLow: "94102",
          postcodeExtendedLow: "4689",
          region: "SAN FRANCISCO CA 94102-4689",
          countryCode: "US",
        },
      ],
    });
  });

  it("takes 'St Paul' and 'Saint Paul' as one city (MN)", async () => {
    for (const city of ["St Paul", "st. paul", "Saint Paul", "SAINT  PAUL"]) {
      const result = await verify({
        address1: "75 Rev Dr Martin Luther King Jr Blvd",
        city,
        state: "MN",
        zip: "55155",
      });
      expect(result.result).toBe("street_unconfirmed");
      expect(result.candidates[0]?.politicalDivision2).toBe("SAINT PAUL");
    }
  });

  it("corrects a wrong city for its ZIP (Texas), offering the ZIP's own city first", async () => {
    const result = await verify({ address1: "1100 Congress Avenue", city: "Dallas", state: "TX", zip: "78701" });
    expect(result.result).toBe("ambiguous");
    expect(result.candidates[0]).toMatchObject({
      politicalDivision2: "AUSTIN",
      politicalDivision1: "TX",
      postcodePrimaryLow: "78701",
    });
    expect(result.candidates.slice(1).every((candidate) => candidate.politicalDivision2 === "DALLAS")).toBe(true);
    expect(result.candidates).toHaveLength(5);
  });

  it("refuses a ZIP of another state, offering that ZIP's place and the typed city's nearest ZIPs", async () => {
    // 98101 is Seattle, WA; Portland, OR has 972xx.
    const result = await verify({ address1: "1221 SW 4th Avenue", city: "Portland", state: "OR", zip: "98101" });
    expect(result.result).toBe("ambiguous");
    expect(result.candidates[0]).toMatchObject({ politicalDivision2: "SEATTLE", politicalDivision1: "WA" });
    expect(result.candidates.slice(1).map((candidate) => candidate.politicalDivision1)).toEqual([
      "OR",
      "OR",
      "OR",
      "OR",
    ]);
    expect(result.candidates.slice(1).every((candidate) => candidate.postcodePrimaryLow.startsWith("97"))).toBe(true);
    // A ZIP that changes loses the typed ZIP+4.
    expect(result.candidates[1]?.postcodeExtendedLow).toBe("");
  });

  it("proposes the city's ZIPs nearest to a ZIP that does not exist", async () => {
    const result = await verify({ address1: "233 S Wacker Dr", city: "Chicago", state: "IL", zip: "60650" });
    expect(result.result).toBe("ambiguous");
    expect(result.candidates).toHaveLength(5);
    expect(result.candidates.every((candidate) => candidate.politicalDivision2 === "CHICAGO")).toBe(true);
    const distances = result.candidates.map((candidate) => Math.abs(Number(candidate.postcodePrimaryLow) - 60650));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it("verifies Washington, DC and San Juan, PR", async () => {
    const dc = await verify({ address1: "1600 Pennsylvania Avenue NW", city: "Washington", state: "DC", zip: "20500" });
    expect(dc.result).toBe("street_unconfirmed");
    expect(dc.candidates[0]?.region).toBe("WASHINGTON DC 20500");
    const pr = await verify({ address1: "1 Calle Fortaleza", city: "San Juan", state: "PR", zip: "00901" });
    expect(pr.result).toBe("street_unconfirmed");
    expect(pr.candidates[0]).toMatchObject({
      addressLine: "1 CALLE FORTALEZA",
      politicalDivision1: "PR",
      postcodePrimaryLow: "00901",
    });
    const wrongTerritory = await verify({ address1: "1 Calle Fortaleza", city: "San Juan", state: "DC", zip: "00901" });
    expect(wrongTerritory.result).toBe("ambiguous");
    expect(wrongTerritory.candidates[0]?.politicalDivision1).toBe("PR");
  });

  it("does not confirm a nonsense street: only the place is checked", async () => {
    const result = await verify({ address1: "Qwxz Zzyzx Blorp", city: "Springfield", state: "IL", zip: "62701" });
    expect(result.result).toBe("street_unconfirmed");
    expect(result.result).not.toBe("valid");
  });

  it("offers Beverly Hills, CA for 'Springfield, IL 90210', then Springfield's own ZIPs", async () => {
    const result = await verify({ address1: "100 Main St", city: "Springfield", state: "IL", zip: "90210" });
    expect(result.result).toBe("ambiguous");
    expect(result.candidates[0]).toMatchObject({ politicalDivision2: "BEVERLY HILLS", politicalDivision1: "CA" });
    expect(result.candidates.slice(1).every((candidate) => candidate.politicalDivision1 === "IL")).toBe(true);
  });

  it.each([
    ["AE", "APO", "09002"],
    ["AE", "FPO", "09002"],
    ["AA", "DPO", "34002"],
    ["AP", "FPO", "96201"],
  ])("accepts a military address in %s (%s %s), as the shopper wrote its post office", async (state, city, zip) => {
    const result = await verify({ address1: "Unit 2050 Box 4190", city, state, zip });
    expect(result.result).toBe("street_unconfirmed");
    expect(result.candidates[0]).toMatchObject({ politicalDivision2: city, politicalDivision1: state });
  });

  it("refuses a military post office with another state's ZIP", async () => {
    const result = await verify({ address1: "PSC 802 Box 74", city: "APO", state: "AE", zip: "96201" });
    expect(result.result).toBe("ambiguous");
    expect(result.candidates[0]?.politicalDivision1).toBe("AP");
  });

  it("has no candidates when neither the ZIP nor the city exists", async () => {
    expect(await verify({ address1: "1 Main St", city: "Nowhereville", state: "KS", zip: "99999" })).toEqual({
      result: "no_candidates",
      candidates: [],
      provider: "local",
    });
  });

  it("works on data it is given (and is fast: Map lookups after one index)", async () => {
    const small = createLocalAddressVerifier({ places: [{ zip: "05401", city: "BURLINGTON", state: "VT" }] });
    expect(
      (await small.verify({ address1: "149 Church St", address2: "", city: "Burlington", state: "VT", zip: "05401" }))
        .result,
    ).toBe("street_unconfirmed");
    verifier.warm();
    const started = performance.now();
    for (let index = 0; index < 1000; index += 1) {
      await verify({ address1: "100 Main Street", city: "Springfield", state: "IL", zip: "62701" });
    }
    expect((performance.now() - started) / 1000).toBeLessThan(1);
  });
});
