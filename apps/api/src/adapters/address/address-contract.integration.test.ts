import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LocalUpsServer, startUpsServer } from "../../../test/ups/ups-server.ts";
import { loadConfig } from "../../config.ts";
import type { AddressToVerify, AddressVerifier, VerificationResult } from "./address.ts";
import { createAddressVerifier } from "./create-address.ts";
import { createLocalAddressVerifier } from "./local-address.ts";
import { createUpsAddressVerifier, UPS_XAV_PATH } from "./ups-address.ts";

/**
 * The address verification contract: the same cases against the bundled ZIP data and UPS (against a local
 * server that checks every request against UPS's published description), then UPS's own concerns: its token,
 * its request, and the fallback to the ZIP data when it is slow or fails.
 */

let ups: LocalUpsServer;
const local = createLocalAddressVerifier();

beforeAll(async () => {
  ups = await startUpsServer();
  local.warm();
});

beforeEach(() => {
  ups.received.length = 0;
  ups.delayMs = 0;
  ups.failStatus = undefined;
});

afterAll(async () => {
  expect(ups.refusals).toEqual([]);
  expect(ups.invalidReplies).toEqual([]);
  await ups.close();
});

function createUps(overrides: Partial<Parameters<typeof createUpsAddressVerifier>[0]> = {}): AddressVerifier {
  return createUpsAddressVerifier({
    baseUrl: ups.baseUrl,
    clientId: ups.clientId,
    clientSecret: ups.clientSecret,
    timeoutMs: 2000,
    fallback: local,
    ...overrides,
  });
}

const address = (overrides: Partial<AddressToVerify>): AddressToVerify => ({
  address1: "350 Fifth Avenue",
  address2: "",
  city: "New York",
  state: "NY",
  zip: "10118",
  ...overrides,
});

/**
 * What both must agree on; the ZIP+4 is the carrier's to add, and so is confirming the street: where UPS says
 * `valid`, the ZIP data says `street_unconfirmed` (it knows no streets), so both read "the place agrees" here.
 */
function comparable(result: VerificationResult) {
  return {
    result: result.result === "valid" || result.result === "street_unconfirmed" ? "place agrees" : result.result,
    candidates: result.candidates.map(({ postcodeExtendedLow: _, region: __, ...candidate }) => candidate),
  };
}

const implementations = [
  { name: "local ZIP data", provider: "local", confirmed: "street_unconfirmed", create: () => local },
  { name: "UPS", provider: "ups", confirmed: "valid", create: () => createUps() },
] as const;

describe.each(implementations)("address verification contract: $name", ({ create, provider, confirmed }) => {
  it("confirms a right address with one normalised candidate (the street only where the verifier knows streets)", async () => {
    const result = await create().verify(address({ address2: "Suite 3000" }));
    expect(result.provider).toBe(provider);
    expect(result.result).toBe(confirmed);
    expect(comparable(result)).toEqual({
      result: "place agrees",
      candidates: [
        {
          addressLine: "350 FIFTH AVE",
          politicalDivision2: "NEW YORK",
          politicalDivision1: "NY",
          postcodePrimaryLow: "10118",
          countryCode: "US",
        },
      ],
    });
    const [candidate] = result.candidates;
    expect(candidate?.region).toMatch(/^NEW YORK NY 10118(-\d{4})?$/);
  });

  it("offers the ZIP's own city, then the typed city's ZIPs, when the city does not fit the ZIP", async () => {
    const result = await create().verify(
      address({ address1: "75 Rev Dr Martin Luther King Jr Blvd", city: "Minneapolis", state: "MN", zip: "55155" }),
    );
    expect(result.result).toBe("ambiguous");
    expect(result.candidates).toHaveLength(5);
    expect(result.candidates[0]).toMatchObject({ politicalDivision2: "SAINT PAUL", postcodePrimaryLow: "55155" });
    for (const candidate of result.candidates.slice(1)) {
      expect(candidate).toMatchObject({ politicalDivision2: "MINNEAPOLIS", politicalDivision1: "MN" });
    }
  });

  it("has no candidates for a place that does not exist", async () => {
    const result = await create().verify(address({ city: "Nowhereville", state: "KS", zip: "99999" }));
    expect(comparable(result)).toEqual({ result: "no_candidates", candidates: [] });
  });

  it("answers what the ZIP data answers, case for case", async () => {
    const cases = [
      address({ address1: "1600 Pennsylvania Avenue NW", city: "Washington", state: "DC", zip: "20500" }),
      address({ address1: "1 Calle Fortaleza", city: "San Juan", state: "PR", zip: "00901" }),
      address({ address1: "400 S Orange Ave", city: "Orlando", state: "FL", zip: "10001" }),
    ];
    for (const input of cases) {
      expect(comparable(await create().verify(input))).toEqual(comparable(await local.verify(input)));
    }
  });
});

describe("UPS adapter", () => {
  it("asks for a token once, sends XAV request option 1 for at most 5 candidates, and adds the ZIP+4", async () => {
    const verifier = createUps();
    const first = await verifier.verify(address({ zip: "10118" }));
    await verifier.verify(address({ city: "Brooklyn", zip: "10118" }));
    const tokenRequests = ups.received.filter((request) => request.url.pathname === "/security/v1/oauth/token");
    const validations = ups.received.filter((request) => request.url.pathname === UPS_XAV_PATH);
    expect(tokenRequests).toHaveLength(1);
    expect(validations).toHaveLength(2);
    expect(validations[0]?.url.searchParams.get("maximumcandidatelistsize")).toBe("5");
    expect(JSON.parse(validations[0]?.body ?? "{}").XAVRequest.AddressKeyFormat).toEqual({
      AddressLine: ["350 Fifth Avenue"],
      PoliticalDivision2: "New York",
      PoliticalDivision1: "NY",
      PostcodePrimaryLow: "10118",
      CountryCode: "US",
    });
    expect(first.candidates[0]?.postcodeExtendedLow).toMatch(/^\d{4}$/);
    expect(first.candidates[0]?.region).toBe(`NEW YORK NY 10118-${first.candidates[0]?.postcodeExtendedLow}`);
  });

  it("asks for a new token when the old one expires, and after UPS refused one", async () => {
    let clock = Date.now();
    ups.tokenLifetimeSeconds = 3600;
    const verifier = createUps({ now: () => clock });
    await verifier.verify(address({}));
    clock += 3600 * 1000;
    await verifier.verify(address({}));
    ups.revokeTokens();
    expect((await verifier.verify(address({}))).provider).toBe("local_fallback");
    expect((await verifier.verify(address({}))).provider).toBe("ups");
    const tokenRequests = ups.received.filter((request) => request.url.pathname === "/security/v1/oauth/token");
    expect(tokenRequests).toHaveLength(3);
  });

  it("answers from the ZIP data, saying so, when UPS is slower than its timeout", async () => {
    ups.delayMs = 2500;
    const started = Date.now();
    const result = await createUps({ timeoutMs: 200 }).verify(address({}));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.provider).toBe("local_fallback");
    expect(comparable(result)).toEqual(comparable(await local.verify(address({}))));
  });

  it("answers from the ZIP data when UPS fails or refuses the credentials", async () => {
    const reasons: unknown[] = [];
    ups.failStatus = 500;
    const failing = await createUps({ onFallback: (error) => reasons.push(error) }).verify(address({}));
    expect(failing).toMatchObject({ result: "street_unconfirmed", provider: "local_fallback" });
    ups.failStatus = undefined;
    const refused = await createUps({ clientSecret: "wrong" }).verify(address({}));
    expect(refused).toMatchObject({ result: "street_unconfirmed", provider: "local_fallback" });
    expect(String(reasons[0])).toMatch(/500/);
  });

  it("answers from the ZIP data when nothing listens", async () => {
    const result = await createUps({ baseUrl: "http://127.0.0.1:9" }).verify(address({}));
    expect(result.provider).toBe("local_fallback");
  });
});

describe("the local UPS server", () => {
  it("refuses a request that breaks UPS's description, naming the rule", async () => {
    const token = await fetch(`${ups.baseUrl}/security/v1/oauth/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${ups.clientId}:${ups.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    }).then((response) => response.json() as Promise<{ access_token: string }>);
    const response = await fetch(`${ups.baseUrl}${UPS_XAV_PATH}?maximumcandidatelistsize=5`, {
      method: "POST",
      headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ XAVRequest: { AddressKeyFormat: { PoliticalDivision2: "St Paul", Country: "US" } } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ response: { errors: [{ code: "250002" }] } });
    expect(ups.refusals.join("\n")).toMatch(/CountryCode/);
    expect(ups.refusals.join("\n")).toMatch(/additional properties \(Country\)/);
    ups.refusals.length = 0;
  });
});

describe("createAddressVerifier", () => {
  it("picks UPS when both credentials are set, else the ZIP data; one alone is a configuration error", () => {
    expect(createAddressVerifier(loadConfig({})).name).toBe("local");
    const upsConfig = loadConfig({ UPS_CLIENT_ID: "id", UPS_CLIENT_SECRET: "secret" });
    expect(createAddressVerifier(upsConfig).name).toBe("ups");
    expect(upsConfig.UPS_BASE_URL).toBe("https://onlinetools.ups.com");
    expect(() => loadConfig({ UPS_CLIENT_ID: "id" })).toThrow(/UPS_CLIENT_SECRET/);
  });
});
