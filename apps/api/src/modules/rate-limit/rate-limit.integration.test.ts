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
  SIGN_IN_FAILURES_PER_PAIR: "3",
  SIGN_IN_FAILURES_PER_EMAIL: "4",
  SIGN_IN_MAX_DELAY_SECONDS: "2",
  TRUST_PROXY: "true",
};
let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;
const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
const fromNewAddress = () => from(newAddress());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `offsetMs` into a fixed window of `seconds` (where the old fixed-window counters cut time). */
async function waitForWindowOffset(seconds: number, offsetMs: number): Promise<void> {
  const windowMs = seconds * 1000;
  await sleep((offsetMs - (Date.now() % windowMs) + windowMs) % windowMs);
}

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
  it("limits failures per e-mail and address with a 429, Retry-After and the OAuth error shape", async () => {
    const user = await createTestUser(first.context.db);
    const address = from(newAddress());
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await requestToken(
        first,
        { grant_type: "password", email: user.email, password: "wrong-pass-1" },
        address,
      );
      expect(response.status).toBe(400);
    }
    const blocked = await requestToken(
      first,
      { grant_type: "password", email: user.email.toUpperCase(), password: user.password },
      address,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe("rate_limited");
    expect(blocked.body.access_token).toBeUndefined();
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  it("counts failures only: a customer who signs in again and again is never limited", async () => {
    const user = await createTestUser(first.context.db);
    const address = from(newAddress());
    for (let attempt = 0; attempt < 8; attempt++) {
      const response = await requestToken(
        first,
        { grant_type: "password", email: user.email, password: user.password },
        address,
      );
      expect(response.status, `sign-in ${attempt + 1}`).toBe(200);
    }
  });

  it("forgets the failures of an e-mail and address pair once the right password is given there", async () => {
    // The address's own limit (all e-mails, failures only) is not what this case is about.
    const server = await getTestServer({ env: { ...LIMITS, RATE_LIMIT_PER_IP: "100" }, database: first.database });
    try {
      const user = await createTestUser(server.context.db);
      const address = from(newAddress());
      const attempt = (password: string) =>
        requestToken(server, { grant_type: "password", email: user.email, password }, address);
      const statuses = [];
      for (const password of ["wrong-1", "wrong-2", user.password, "wrong-3", "wrong-4", user.password]) {
        statuses.push((await attempt(password)).status);
      }
      expect(statuses).toEqual([400, 400, 200, 400, 400, 200]);
      const after = [];
      for (const password of ["wrong-5", "wrong-6", "wrong-7", user.password])
        after.push((await attempt(password)).status);
      expect(after).toEqual([400, 400, 400, 429]);
    } finally {
      await server.close();
    }
  });

  it("limits failures per address across e-mails, and does not count right passwords there", async () => {
    const users = await Promise.all([1, 2, 3].map(() => createTestUser(first.context.db)));
    const address = from(newAddress());
    const attempt = (email: string, password: string) =>
      requestToken(first, { grant_type: "password", email, password }, address);
    const statuses = [];
    for (const user of users) {
      statuses.push((await attempt(user.email, user.password)).status);
      statuses.push((await attempt(user.email, "wrong-pass")).status);
    }
    for (const user of users.slice(0, 2)) statuses.push((await attempt(user.email, "wrong-again")).status);
    // Five wrong passwords from one address (RATE_LIMIT_PER_IP), whichever e-mails: the sixth attempt waits.
    expect(statuses).toEqual([200, 400, 200, 400, 200, 400, 400, 400]);
    expect((await attempt(users[2]?.email ?? "", users[2]?.password ?? "")).status).toBe(429);
  });

  it("does not let an attacker's failures from other addresses lock the owner out", async () => {
    const user = await createTestUser(first.context.db);
    const home = from(newAddress());
    await signIn(first, user.email, user.password, undefined, home);
    // An attacker guesses from address after address until the e-mail's delay holds them back.
    let delayed: Awaited<ReturnType<typeof requestToken>> | undefined;
    for (let guess = 0; guess < 12 && !delayed; guess++) {
      const response = await requestToken(
        first,
        { grant_type: "password", email: user.email, password: `guess-${guess}` },
        fromNewAddress(),
      );
      if (response.status === 429) delayed = response;
      else expect(response.status).toBe(400);
    }
    expect(delayed?.body.error).toBe("rate_limited");
    // A growing delay, never longer than SIGN_IN_MAX_DELAY_SECONDS: no lockout.
    expect(Number(delayed?.headers.get("retry-after"))).toBeLessThanOrEqual(2);
    // The owner, from the address they signed in from before, is not delayed at all.
    await signIn(first, user.email, user.password, undefined, home);
    // From a new address the owner waits out the delay at most, then gets in.
    const newDevice = from(newAddress());
    const waiting = await requestToken(
      first,
      { grant_type: "password", email: user.email, password: user.password },
      newDevice,
    );
    if (waiting.status === 429) {
      const seconds = Number(waiting.headers.get("retry-after"));
      expect(seconds).toBeLessThanOrEqual(2);
      await sleep(seconds * 1000 + 50);
    } else expect(waiting.status).toBe(200);
    await signIn(first, user.email, user.password, undefined, newDevice);
  });

  it("lets no more parallel guesses through than the limit", async () => {
    const user = await createTestUser(first.context.db);
    const address = fromNewAddress();
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, guess) =>
        requestToken(
          guess % 2 ? first : second,
          { grant_type: "password", email: user.email, password: `parallel-${guess}` },
          address,
        ).then((response) => response.status),
      ),
    );
    // Each attempt reserves a slot under every limit at once and gives all back when one refuses, so under a
    // race a reservation given back late can refuse one more guess: fewer than the limit may pass, never more.
    const wrong = statuses.filter((status) => status === 400).length;
    expect(wrong).toBeGreaterThanOrEqual(1);
    expect(wrong).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - wrong);
  });

  it("holds across two app instances on one database", async () => {
    const user = await createTestUser(first.context.db);
    const address = fromNewAddress();
    const attempt = (server: TestServer) =>
      requestToken(server, { grant_type: "password", email: user.email, password: "wrong-pass-1" }, address);
    expect((await attempt(first)).status).toBe(400);
    expect((await attempt(second)).status).toBe(400);
    expect((await attempt(first)).status).toBe(400);
    expect((await attempt(second)).status).toBe(429);
    expect((await attempt(first)).status).toBe(429);
  });

  it("does not allow a burst of guesses across a window boundary", async () => {
    // The same number for the old per-e-mail counter, so this case shows the window, not a lower limit.
    const env = { RATE_LIMIT_WINDOW_SECONDS: "3", SIGN_IN_FAILURES_PER_PAIR: "3", RATE_LIMIT_PER_EMAIL: "3" };
    const server = await getTestServer({ env, database: first.database });
    try {
      const user = await createTestUser(server.context.db);
      const attempt = () =>
        requestToken(server, { grant_type: "password", email: user.email, password: "wrong-pass-1" });
      await waitForWindowOffset(3, 2000);
      for (let guess = 0; guess < 3; guess++) expect((await attempt()).status).toBe(400);
      await waitForWindowOffset(3, 200);
      const across = await attempt();
      expect(across.status).toBe(429);
      expect(Number(across.headers.get("retry-after"))).toBeGreaterThanOrEqual(2);
    } finally {
      await server.close();
    }
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
    // A registered e-mail answers like a new one (no account enumeration, decision 057); the limit still holds.
    expect(statuses).toEqual([201, 201, 201, 429]);

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
      env: { SIGN_IN_FAILURES_PER_PAIR: "1", RATE_LIMIT_WINDOW_SECONDS: "1" },
      database: first.database,
    });
    try {
      const user = await createTestUser(server.context.db);
      const wrong = await requestToken(server, { grant_type: "password", email: user.email, password: "wrong-1" });
      expect(wrong.status).toBe(400);
      const blocked = await requestToken(server, {
        grant_type: "password",
        email: user.email,
        password: user.password,
      });
      expect(blocked.status).toBe(429);
      await sleep(1100);
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
