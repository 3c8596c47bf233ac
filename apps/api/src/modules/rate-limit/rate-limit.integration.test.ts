import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "../../../test/factories/users.ts";
import { requestToken, signIn } from "../../../test/oauth-client.ts";
import { shouldRunRedisTests, TEST_REDIS_URL } from "../../../test/redis.ts";
import { createTestDatabase, openSecondConnection } from "../../../test/test-database.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import type { DatabaseHandle } from "../../db/client.ts";

// TRUST_PROXY lets each test come from its own client address (X-Forwarded-For), so per-IP counts stay apart.
const LIMITS = {
  RATE_LIMIT_PER_EMAIL: "3",
  RATE_LIMIT_PER_IP: "5",
  RATE_LIMIT_WINDOW_SECONDS: "600",
  RATE_LIMIT_GUEST_TOKENS_PER_IP: "4",
  TRUST_PROXY: "true",
};
let nextAddress = 1;
const fromNewAddress = () => ({ headers: { "x-forwarded-for": `203.0.113.${nextAddress++}` } });

const runRedis = await shouldRunRedisTests("rate limits");
let database: DatabaseHandle;
let secondHandle: DatabaseHandle | undefined;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await getTestServer({ env: LIMITS, database });
  secondHandle = await openSecondConnection(database);
  second = await getTestServer({ env: LIMITS, database: secondHandle });
});

afterAll(async () => {
  await first.close();
  await second.close();
  if (secondHandle) await secondHandle.close();
  await database.close();
});

const uniqueEmail = () => `limited-${randomBytes(4).toString("hex")}@example.com`;

describe("rate limits", () => {
  it("limits sign-in attempts per e-mail with a 429, Retry-After and the OAuth error shape", async () => {
    const user = await createTestUser(first.context.db);
    const from = fromNewAddress();
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await requestToken(
        first,
        { grant_type: "password", email: user.email, password: "wrong-pass-1" },
        from,
      );
      expect(response.status).toBe(400);
    }
    const blocked = await requestToken(
      first,
      { grant_type: "password", email: user.email, password: user.password },
      from,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe("rate_limited");
    expect(blocked.body.access_token).toBeUndefined();
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The limit is per address: the same address in another case counts the same.
    const otherCase = await requestToken(
      first,
      { grant_type: "password", email: user.email.toUpperCase(), password: user.password },
      fromNewAddress(),
    );
    expect(otherCase.status).toBe(429);
  });

  it("holds across two app instances on one database", async () => {
    const user = await createTestUser(first.context.db);
    const from = fromNewAddress();
    const attempt = (server: TestServer) =>
      requestToken(server, { grant_type: "password", email: user.email, password: "wrong-pass-1" }, from);
    expect((await attempt(first)).status).toBe(400);
    expect((await attempt(second)).status).toBe(400);
    expect((await attempt(first)).status).toBe(400);
    expect((await attempt(second)).status).toBe(429);
    expect((await attempt(first)).status).toBe(429);
  });

  it("limits forgot-password per IP across addresses, with the API error shape", async () => {
    const statuses: number[] = [];
    const from = fromNewAddress();
    let last: Awaited<ReturnType<TestServer["request"]>> | undefined;
    for (let attempt = 0; attempt < 6; attempt++) {
      const server = attempt % 2 === 0 ? first : second;
      last = await server.request("/api/v1/users/forgot_password", {
        method: "POST",
        body: { user: { email: uniqueEmail() } },
        ...from,
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last?.body.error.code).toBe("rate_limited");
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits sign-up per e-mail and token refresh per IP", async () => {
    const email = uniqueEmail();
    const from = fromNewAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await first.request("/api/v1/users", {
        method: "POST",
        body: {
          user: {
            email,
            password: "s3cret-pass",
            confirm_password: "s3cret-pass",
            first_name: "Lim",
            last_name: "Ited",
            username: `limited${attempt}${randomBytes(2).toString("hex")}`,
          },
        },
        ...from,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 422, 422, 429]);

    const refreshStatuses: number[] = [];
    const refreshFrom = fromNewAddress();
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await requestToken(
        attempt % 2 ? first : second,
        { grant_type: "refresh_token", refresh_token: `unknown-${attempt}` },
        refreshFrom,
      );
      refreshStatuses.push(response.status);
    }
    expect(refreshStatuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("limits guest tokens per IP with their own allowance", async () => {
    const from = fromNewAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statuses.push((await requestToken(first, { grant_type: "password", guest: true }, from)).status);
    }
    statuses.push((await first.request("/api/v1/tokens", { method: "POST", ...from })).status);
    statuses.push((await second.request("/api/v1/tokens", { method: "POST", ...from })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await requestToken(first, { grant_type: "password", guest: true }, fromNewAddress())).status).toBe(200);
  });

  it("opens again when the window has passed", async () => {
    const server = await getTestServer({
      env: { RATE_LIMIT_PER_EMAIL: "1", RATE_LIMIT_WINDOW_SECONDS: "1" },
      database: first.database,
    });
    try {
      const user = await createTestUser(server.context.db);
      // Start at the beginning of a one-second window so that both attempts fall into it.
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
      await signIn(server, user.email, user.password);
      const blocked = await requestToken(server, {
        grant_type: "password",
        email: user.email,
        password: user.password,
      });
      expect(blocked.status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await signIn(server, user.email, user.password);
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!runRedis)("rate limits in Redis (REDIS_URL)", () => {
  it("shares the counters of two instances through Redis", async () => {
    const env = { ...LIMITS, RATE_LIMIT_PER_IP: "100000", REDIS_URL: TEST_REDIS_URL };
    const redisFirst = await getTestServer({ env, database: first.database });
    const redisSecond = await getTestServer({ env, database: second.database });
    try {
      const user = await createTestUser(first.context.db);
      const attempt = (server: TestServer) =>
        requestToken(server, { grant_type: "password", email: user.email, password: "wrong-pass-1" });
      const statuses = [];
      for (const server of [redisFirst, redisSecond, redisFirst, redisSecond])
        statuses.push((await attempt(server)).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      // The database counters were not touched: the database-backed instances still let this address try.
      expect((await attempt(first)).status).toBe(400);
    } finally {
      await redisFirst.close();
      await redisSecond.close();
    }
  });
});
