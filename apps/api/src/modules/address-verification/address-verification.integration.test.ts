import { ADDRESS_VERIFICATION_NOTICE, addressValidationResponseSchema } from "@threadfolk/contract/address-validation";
import { toCamelKeys } from "@threadfolk/contract/case";
import { MESSAGES } from "@threadfolk/contract/validation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { type LocalUpsServer, startUpsServer } from "../../../test/ups/ups-server.ts";

/** `GET /api/v1/address_validations` over HTTP on a real database (PGlite, or TEST_DATABASE_URL). */
let server: TestServer;
let guestToken: string;

beforeAll(async () => {
  server = await getTestServer({ env: { ADDRESS_VALIDATIONS_PER_IDENTITY: "40" } });
  guestToken = (await obtainGuestTokens(server)).access_token;
});

afterAll(async () => {
  await server.close();
});

const validationPath = (query: Record<string, string>) =>
  `/api/v1/address_validations?${new URLSearchParams(query).toString()}`;

const stPaul = {
  address1: "75 Rev Dr Martin Luther King Jr Blvd",
  address2: "Room 130",
  city: "St Paul",
  state: "MN",
  zip: "55155",
};

describe("GET /api/v1/address_validations", () => {
  it("answers a guest the normalised address in the carrier's key format, snake_case, with the result and provider", async () => {
    const response = await server.request(validationPath(stPaul), { token: guestToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body).toEqual({
      data: [
        {
          address_key_format: {
            address_line: "75 REV DR MARTIN LUTHER KING JR BLVD",
            political_division2: "SAINT PAUL",
            political_division1: "MN",
            postcode_primary_low: "55155",
            postcode_extended_low: "",
            region: "SAINT PAUL MN 55155",
            country_code: "US",
          },
          changes: [],
        },
      ],
      // The ZIP data knows places, not streets: it never calls the street verified.
      meta: { result: "street_unconfirmed", provider: "local" },
    });
  });

  it("says which suggestions are in another city or state: 'Springfield, IL 90210'", async () => {
    const response = await server.request(
      validationPath({ address1: "100 Main Street", city: "Springfield", state: "IL", zip: "90210" }),
      { token: guestToken },
    );
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ result: "ambiguous", provider: "local" });
    const [beverlyHills, ...springfields] = response.body.data;
    expect(beverlyHills).toMatchObject({
      address_key_format: { political_division2: "BEVERLY HILLS", political_division1: "CA" },
      changes: ["city", "state"],
    });
    expect(springfields.length).toBeGreaterThan(0);
    for (const springfield of springfields) expect(springfield.changes).toEqual(["zip"]);
    expect(addressValidationResponseSchema.safeParse(toCamelKeys(response.body)).success).toBe(true);
  });

  it("accepts APO, FPO and DPO addresses (AA, AE, AP)", async () => {
    for (const [city, state, zip] of [
      ["APO", "AE", "09002"],
      ["FPO", "AP", "96201"],
      ["DPO", "AA", "34002"],
    ] as const) {
      const response = await server.request(validationPath({ address1: "Unit 2050 Box 4190", city, state, zip }), {
        token: guestToken,
      });
      expect(response.status).toBe(200);
      expect(response.body.meta.result).toBe("street_unconfirmed");
      expect(response.body.data[0]).toMatchObject({
        address_key_format: { political_division2: city, political_division1: state, postcode_primary_low: zip },
        changes: [],
      });
    }
  });

  it("answers a signed-in customer at most 5 suggestions for a ZIP of another state, valid by the contract", async () => {
    const user = await createTestUser(server.database.db);
    const { access_token: token } = await signIn(server, user.email, user.password);
    const response = await server.request(
      validationPath({ address1: "1221 SW 4th Avenue", city: "Portland", state: "OR", zip: "98101-1234" }),
      { token },
    );
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ result: "ambiguous", provider: "local" });
    expect(response.body.data).toHaveLength(5);
    expect(response.body.data[0].address_key_format).toMatchObject({
      political_division2: "SEATTLE",
      postcode_extended_low: "1234",
    });
    const camel = toCamelKeys<{ meta: { provider: "local" } }>(response.body);
    expect(addressValidationResponseSchema.safeParse(camel).success).toBe(true);
    expect(ADDRESS_VERIFICATION_NOTICE[camel.meta.provider]).toMatch(/not the street address/);
  });

  it("answers no candidates for a place that does not exist", async () => {
    const response = await server.request(
      validationPath({ address1: "1 Main St", city: "Nowhereville", state: "KS", zip: "99999" }),
      { token: guestToken },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [], meta: { result: "no_candidates", provider: "local" } });
  });

  it("needs a token", async () => {
    const response = await server.request(validationPath(stPaul));
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("unauthorized");
  });

  it.each([
    ["address1", { ...stPaul, address1: "" }, MESSAGES.addressRequired],
    ["address1", { ...stPaul, address1: "x".repeat(101) }, MESSAGES.addressLength],
    ["address2", { ...stPaul, address2: "x".repeat(101) }, MESSAGES.addressLength],
    ["city", { city: "", address1: "1 Main St", state: "MN", zip: "55155" }, MESSAGES.cityRequired],
    ["city", { ...stPaul, city: "y".repeat(101) }, MESSAGES.cityLength],
    ["state", { ...stPaul, state: "XX" }, MESSAGES.stateRequired],
    ["state", { address1: "1 Main St", city: "St Paul", zip: "55155" }, MESSAGES.stateRequired],
    ["zip", { ...stPaul, zip: "5515" }, MESSAGES.zipFormat],
    ["zip", { ...stPaul, zip: "55155-12" }, MESSAGES.zipFormat],
    ["zip", { address1: "1 Main St", city: "St Paul", state: "MN" }, MESSAGES.zipFormat],
    ["address1", { ...stPaul, address1: "1 Main\u0000St" }, "must not contain NUL characters"],
  ])("refuses a bad %s with 422 naming it", async (field, query, message) => {
    const response = await server.request(validationPath(query as Record<string, string>), { token: guestToken });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("validation_failed");
    expect(response.body.error.details).toContainEqual({ field, message });
  });

  it("refuses unknown parameters and repeated ones", async () => {
    const unknown = await server.request(`${validationPath(stPaul)}&country=US`, { token: guestToken });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toContainEqual({ field: "country", message: "Unknown field" });
    const repeated = await server.request(`${validationPath(stPaul)}&zip=55101`, { token: guestToken });
    expect(repeated.status).toBe(422);
    expect(repeated.body.error.details.map((detail: { field: string }) => detail.field)).toEqual(["zip"]);
  });
});

describe("the limits", () => {
  let ups: LocalUpsServer;

  beforeAll(async () => {
    ups = await startUpsServer();
  });

  afterAll(async () => {
    await ups.close();
  });

  /** A server that verifies with the local UPS, with `env`'s limits: carrier checks are the counted ones. */
  const upsServerWith = (env: Record<string, string>) =>
    getTestServer({
      env: { UPS_CLIENT_ID: ups.clientId, UPS_CLIENT_SECRET: ups.clientSecret, UPS_BASE_URL: ups.baseUrl, ...env },
    });

  it("answers 429 with Retry-After past ADDRESS_VALIDATIONS_PER_IDENTITY, for that identity only", async () => {
    const limited = await upsServerWith({ ADDRESS_VALIDATIONS_PER_IDENTITY: "3" });
    try {
      const first = (await obtainGuestTokens(limited)).access_token;
      const second = (await obtainGuestTokens(limited)).access_token;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await limited.request(validationPath(stPaul), { token: first })).status).toBe(200);
      }
      const refused = await limited.request(validationPath(stPaul), { token: first });
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe("rate_limited");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await limited.request(validationPath(stPaul), { token: second })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("answers 429 past ADDRESS_VALIDATIONS_PER_IP, whichever guest asks", async () => {
    const limited = await upsServerWith({ ADDRESS_VALIDATIONS_PER_IP: "2" });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const token = (await obtainGuestTokens(limited)).access_token;
        expect((await limited.request(validationPath(stPaul), { token })).status).toBe(200);
      }
      const freshGuest = (await obtainGuestTokens(limited)).access_token;
      const refused = await limited.request(validationPath(stPaul), { token: freshGuest });
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe("rate_limited");
    } finally {
      await limited.close();
    }
  });

  it("does not count checks against the bundled ZIP data, which call no carrier", async () => {
    const local = await getTestServer({
      env: { ADDRESS_VALIDATIONS_PER_IDENTITY: "2", ADDRESS_VALIDATIONS_PER_IP: "2" },
    });
    try {
      const token = (await obtainGuestTokens(local)).access_token;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await local.request(validationPath(stPaul), { token });
        expect(response.status).toBe(200);
        expect(response.body.meta.provider).toBe("local");
      }
    } finally {
      await local.close();
    }
  });
});

describe("with UPS configured", () => {
  let ups: LocalUpsServer;
  let upsServer: TestServer;

  beforeAll(async () => {
    ups = await startUpsServer();
    upsServer = await getTestServer({
      env: {
        UPS_CLIENT_ID: ups.clientId,
        UPS_CLIENT_SECRET: ups.clientSecret,
        UPS_BASE_URL: ups.baseUrl,
        // Room for a busy machine; the slow case below waits longer than this.
        UPS_TIMEOUT_MS: "1000",
      },
    });
  });

  afterAll(async () => {
    await upsServer.close();
    await ups.close();
  });

  it("answers UPS's candidates, and the ZIP data's when UPS is slow, saying which", async () => {
    const token = (await obtainGuestTokens(upsServer)).access_token;
    const fromUps = await upsServer.request(validationPath(stPaul), { token });
    expect(fromUps.status).toBe(200);
    expect(fromUps.body.meta).toEqual({ result: "valid", provider: "ups" });
    expect(fromUps.body.data[0].address_key_format.postcode_extended_low).toMatch(/^\d{4}$/);
    ups.delayMs = 1500;
    const slow = await upsServer.request(validationPath(stPaul), { token });
    expect(slow.status).toBe(200);
    expect(slow.body.meta).toEqual({ result: "street_unconfirmed", provider: "local_fallback" });
    ups.delayMs = 0;
    ups.failStatus = 500;
    const failing = await upsServer.request(validationPath(stPaul), { token });
    expect(failing.body.meta).toEqual({ result: "street_unconfirmed", provider: "local_fallback" });
    expect(ups.refusals).toEqual([]);
    expect(ups.invalidReplies).toEqual([]);
  });
});
