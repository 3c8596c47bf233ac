import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist } from "../../test/factories/catalogue.ts";
import { createTestUser } from "../../test/factories/users.ts";
import { clientCredentials, requestToken, signIn } from "../../test/oauth-client.ts";
import { getTestServer, type TestResponse, type TestServer } from "../../test/test-server.ts";

// Issue 10, deliverable 1: every one of these answered a 500 before the contract's strings had limits.
let server: TestServer;
let customerToken: string;

beforeAll(async () => {
  // Each request comes from its own address, so the per-IP sign-in and sign-up limits never answer first.
  server = await getTestServer({ env: { TRUST_PROXY: "true" } });
  const user = await createTestUser(server.database.db);
  customerToken = (await signIn(server, user.email, user.password)).access_token;
});

afterAll(async () => {
  await server.close();
});

let nextAddress = 1;
const fromNewAddress = () => ({ "x-forwarded-for": `198.51.100.${nextAddress++ % 250}` });

function expectApiError(response: TestResponse, status: number, label: string) {
  expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBe(status);
  expect(response.headers.get("content-type"), label).toContain("application/json");
  expect(response.body.error, label).toEqual(
    expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
  );
}

function expectOAuthError(response: TestResponse, status: number, label: string) {
  expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBe(status);
  expect(response.body, label).toEqual(
    expect.objectContaining({ error: expect.any(String), error_description: expect.any(String) }),
  );
}

function signUpBody(overrides: Record<string, string> = {}) {
  const suffix = Math.random().toString(36).slice(2, 8);
  return {
    user: {
      email: `limits-${suffix}@example.com`,
      password: "s3cret-pass",
      confirm_password: "s3cret-pass",
      first_name: "Grace",
      last_name: "Hopper",
      username: `limits${suffix}`,
      ...overrides,
    },
  };
}

describe("NUL characters", () => {
  it("are refused in OAuth client ids, e-mails and tokens, whichever way the client sends them", async () => {
    const { client_secret } = clientCredentials(server);
    const cases: Array<[string, Promise<TestResponse>]> = [
      [
        "token client_id",
        server.request("/oauth/token", {
          method: "POST",
          body: { grant_type: "password", guest: true, client_id: "threadfolk-web\u0000", client_secret },
        }),
      ],
      [
        "revoke client_id",
        server.request("/oauth/revoke", {
          method: "POST",
          body: { token: "whatever", client_id: "\u0000", client_secret },
        }),
      ],
      [
        "form client_id",
        server.request("/oauth/token", {
          method: "POST",
          rawBody: `grant_type=password&guest=true&client_id=web%00&client_secret=${client_secret}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      ],
      [
        "basic client_id",
        server.request("/oauth/token", {
          method: "POST",
          body: { grant_type: "password", guest: true },
          headers: { authorization: `Basic ${Buffer.from(`web\u0000:${client_secret}`).toString("base64")}` },
        }),
      ],
      [
        "password grant email",
        requestToken(server, { grant_type: "password", email: "ada\u0000@example.com", password: "s3cret-pass" }),
      ],
      [
        "revoke token",
        server.request("/oauth/revoke", { method: "POST", body: { ...clientCredentials(server), token: "a\u0000" } }),
      ],
    ];
    for (const [label, pending] of cases) {
      const response = await pending;
      expect(response.status, `${label}: ${response.text}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${label}: ${response.text}`).toBeLessThan(500);
      expect(response.body.error, label).toEqual(expect.any(String));
    }
  });

  it("are refused in sign-up names, collection names, suggestions and artist keys", async () => {
    for (const field of ["first_name", "last_name", "username", "email"]) {
      const response = await server.request("/api/v1/users", {
        method: "POST",
        body: signUpBody({ [field]: "Gr\u0000ce" }),
        headers: fromNewAddress(),
      });
      expectApiError(response, 422, `sign-up ${field}`);
      expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toContain(`user.${field}`);
    }
    const created = await server.request("/api/v1/customer_profile_design_collections", {
      method: "POST",
      token: customerToken,
      body: { display_name: "Tees\u0000" },
    });
    expectApiError(created, 422, "create collection");
    const good = await server.request("/api/v1/customer_profile_design_collections", {
      method: "POST",
      token: customerToken,
      body: { display_name: "Tees" },
    });
    expect(good.status).toBe(201);
    const renamed = await server.request(`/api/v1/customer_profile_design_collections/${good.body.data.id}`, {
      method: "PATCH",
      token: customerToken,
      body: { customer_profile_design_collection: { display_name: "\u0000" } },
    });
    expectApiError(renamed, 422, "rename collection");
    expectApiError(await server.request("/api/v1/search_suggestions?query=cat%00"), 422, "suggestions");
    expectApiError(await server.request("/api/v1/internal_design_collections?query=cat%00"), 422, "search");
    const artist = await server.request("/api/v1/artists/someone%00");
    expectApiError(artist, 422, "artist key");
    expectApiError(
      await server.request("/api/v1/users/confirm_email", {
        method: "POST",
        body: { user: { email_confirmation_token: "abc\u0000" } },
      }),
      422,
      "confirmation token",
    );
  });
});

describe("lengths", () => {
  const longEmail = `${"a".repeat(3000)}@example.com`;

  it("refuses an e-mail over 254 characters before it reaches a query or a rate-limit key", async () => {
    expectApiError(
      await server.request("/api/v1/users", {
        method: "POST",
        body: signUpBody({ email: longEmail }),
        headers: fromNewAddress(),
      }),
      422,
      "sign-up",
    );
    expectApiError(
      await server.request("/api/v1/users/forgot_password", {
        method: "POST",
        body: { user: { email: longEmail } },
        headers: fromNewAddress(),
      }),
      422,
      "forgot password",
    );
    expectApiError(
      await server.request("/api/v1/tokens", {
        method: "POST",
        body: { user: { email: longEmail, password: "s3cret-pass" } },
        headers: fromNewAddress(),
      }),
      422,
      "tokens",
    );
    expectOAuthError(
      await requestToken(
        server,
        { grant_type: "password", email: longEmail, password: "s3cret-pass" },
        {
          headers: fromNewAddress(),
        },
      ),
      400,
      "password grant",
    );
    expectOAuthError(
      await requestToken(
        server,
        { grant_type: "password", username: longEmail, password: "s3cret-pass" },
        {
          headers: fromNewAddress(),
        },
      ),
      400,
      "password grant (username)",
    );
  });

  it("caps names at the documented length", async () => {
    const response = await server.request("/api/v1/users", {
      method: "POST",
      body: signUpBody({ first_name: "G".repeat(900_000) }),
      headers: fromNewAddress(),
    });
    expectApiError(response, 422, "long first name");
    expect(response.body.error.details).toContainEqual({
      field: "user.first_name",
      message: "First Name must be at most 50 characters",
    });
  });

  it("bounds the rate-limit key of a client address of any length", async () => {
    // Behind a trusted proxy the address is what X-Forwarded-For says; 5 KB that do not compress overflowed
    // the key's index (a btree entry holds at most about 2.7 KB).
    const address = randomBytes(3750).toString("base64url");
    const response = await requestToken(
      server,
      { grant_type: "password", guest: true },
      { headers: { "x-forwarded-for": address } },
    );
    expect(response.status, response.text).toBe(200);
  });
});

describe("nesting", () => {
  const deepObject = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
  const deepArray = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;

  it("answers JSON nested thousands of levels deep with a 400 on every JSON route", async () => {
    const artist = await buildArtist(server.database.db);
    const routes: Array<[string, string]> = [
      ["POST", "/api/v1/users"],
      ["POST", "/api/v1/tokens"],
      ["POST", "/api/v1/analytics_events"],
      ["POST", "/api/v1/customer_profile_design_collections"],
      ["PATCH", "/api/v1/customer_profile_design_collections/1"],
      ["POST", "/api/v1/artist_follows"],
      ["DELETE", `/api/v1/artist_follows/${artist.id}`],
    ];
    for (const [method, path] of routes) {
      for (const rawBody of [deepObject, deepArray]) {
        const response = await server.request(path, {
          method,
          rawBody,
          token: customerToken,
          headers: { "content-type": "application/json" },
        });
        expectApiError(response, 400, `${method} ${path}`);
        expect(response.body.error.code).toBe("nesting_too_deep");
      }
    }
    const oauth = await server.request("/oauth/token", {
      method: "POST",
      rawBody: deepObject,
      headers: { "content-type": "application/json" },
    });
    expectOAuthError(oauth, 400, "oauth");
  });

  it("still accepts the nesting real clients send", async () => {
    const response = await server.request("/api/v1/analytics_events", {
      method: "POST",
      token: customerToken,
      body: {
        events: [
          {
            name: "Clicked Search",
            category: "Design Discovery",
            properties: { search_term: "cats" },
            occurred_at: new Date().toISOString(),
          },
        ],
      },
    });
    expect(response.status, response.text).toBe(202);
  });
});
