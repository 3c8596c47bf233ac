import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shouldRunRedisTests, TEST_REDIS_URL } from "../../../test/redis.ts";
import { createTestDatabase, openSecondConnection } from "../../../test/test-database.ts";
import { loadConfig } from "../../config.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import type { RateLimitCounters } from "./counters.ts";
import { createCounters } from "./create-counters.ts";
import { createLocalCounters } from "./local-counters.ts";
import { createRedisCounters } from "./redis-counters.ts";

/**
 * The counters contract: the same cases against the local counters (the app's database) and Redis.
 * `createPair` gives two counters on one backend, as two app instances would hold.
 */
type Harness = { createPair(): Promise<[RateLimitCounters, RateLimitCounters]> };

const runRedis = await shouldRunRedisTests("counters contract");
let database: DatabaseHandle;
let secondConnection: DatabaseHandle;
const opened: RateLimitCounters[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  secondConnection = await openSecondConnection(database);
});

afterAll(async () => {
  for (const counters of opened) await counters.close();
  await secondConnection.close();
  await database.close();
});

const uniqueKey = () => `contract:ip:${crypto.randomUUID()}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `offsetMs` into a fixed window of `seconds` (as the old fixed-window counters cut time). */
async function waitForWindowOffset(seconds: number, offsetMs: number): Promise<void> {
  const windowMs = seconds * 1000;
  const into = Date.now() % windowMs;
  await sleep((offsetMs - into + windowMs) % windowMs);
}

function contractCases(harness: Harness): void {
  let first: RateLimitCounters;
  let second: RateLimitCounters;

  beforeAll(async () => {
    [first, second] = await harness.createPair();
    opened.push(first, second);
  });

  it("allows hits up to the limit and keeps only the allowed ones, with the time until one leaves the window", async () => {
    const key = uniqueKey();
    const results = [];
    for (let hit = 0; hit < 4; hit++) results.push(await first.hit({ key, limit: 3, windowSeconds: 600 }));
    expect(results.map((result) => result.count)).toEqual([1, 2, 3, 3]);
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    for (const result of results) {
      expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(599);
      expect(result.retryAfterSeconds).toBeLessThanOrEqual(600);
    }
    expect(results.map((result) => typeof result.hitId)).toEqual(["string", "string", "string", "undefined"]);
    // A refused hit is not kept: the window still holds three.
    expect(await first.peek({ key, limit: 3, windowSeconds: 600 })).toMatchObject({ count: 3, allowed: false });
  });

  it("keeps keys apart", async () => {
    const busy = uniqueKey();
    await first.hit({ key: busy, limit: 5, windowSeconds: 600 });
    await first.hit({ key: busy, limit: 5, windowSeconds: 600 });
    expect((await first.hit({ key: uniqueKey(), limit: 5, windowSeconds: 600 })).count).toBe(1);
  });

  it("decides concurrent hits exactly: the limit is never passed", async () => {
    const key = uniqueKey();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => first.hit({ key, limit: 10, windowSeconds: 600 })),
    );
    const allowed = results.filter((result) => result.allowed);
    expect(allowed.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, index) => index + 1),
    );
    expect(results.filter((result) => !result.allowed).map((result) => result.count)).toEqual(Array(10).fill(10));
  });

  it("counts the hits of two instances together", async () => {
    const key = uniqueKey();
    const counts = [];
    for (const counters of [first, second, first, second]) {
      counts.push((await counters.hit({ key, limit: 3, windowSeconds: 600 })).allowed);
    }
    expect(counts).toEqual([true, true, true, false]);
  });

  it("slides: a hit leaves the window exactly windowSeconds after it was made", async () => {
    const key = uniqueKey();
    const hit = () => first.hit({ key, limit: 2, windowSeconds: 2 });
    expect((await hit()).allowed).toBe(true);
    await sleep(1000);
    expect((await hit()).allowed).toBe(true);
    const refused = await hit();
    expect(refused).toMatchObject({ allowed: false, count: 2, retryAfterSeconds: 1 });
    await sleep(1100);
    // The first hit has left, the second has not: one more fits, then none.
    expect(await hit()).toMatchObject({ allowed: true, count: 2 });
    expect((await hit()).allowed).toBe(false);
  });

  it("does not allow a burst across a window boundary (a fixed window allowed twice the limit there)", async () => {
    const key = uniqueKey();
    const hit = () => first.hit({ key, limit: 3, windowSeconds: 2 });
    await waitForWindowOffset(2, 1500);
    for (let attempt = 0; attempt < 3; attempt++) expect((await hit()).allowed).toBe(true);
    await waitForWindowOffset(2, 150);
    const across = await hit();
    expect(across.allowed).toBe(false);
    expect(across.retryAfterSeconds).toBe(2);
  });

  it("peeks without recording anything", async () => {
    const key = uniqueKey();
    expect(await first.peek({ key, limit: 1, windowSeconds: 600 })).toMatchObject({ allowed: true, count: 0 });
    await first.hit({ key, limit: 1, windowSeconds: 600 });
    for (let look = 0; look < 3; look++) {
      const seen = await second.peek({ key, limit: 1, windowSeconds: 600 });
      expect(seen).toMatchObject({ allowed: false, count: 1 });
      expect(seen.retryAfterSeconds).toBeGreaterThanOrEqual(599);
    }
  });

  it("releases exactly the hit it is given, and resets a key", async () => {
    const key = uniqueKey();
    const [one, two, three] = await Promise.all([1, 2, 3].map(() => first.hit({ key, limit: 5, windowSeconds: 600 })));
    expect(new Set([one?.hitId, two?.hitId, three?.hitId]).size).toBe(3);
    await second.release({ key, hitId: two?.hitId as string });
    expect((await first.peek({ key, limit: 5, windowSeconds: 600 })).count).toBe(2);
    // Releasing again, or a hit of a key that has gone, changes nothing.
    await first.release({ key, hitId: two?.hitId as string });
    expect((await first.peek({ key, limit: 5, windowSeconds: 600 })).count).toBe(2);
    await second.reset({ key });
    expect((await first.peek({ key, limit: 5, windowSeconds: 600 })).count).toBe(0);
    await first.release({ key, hitId: one?.hitId as string });
    expect((await first.hit({ key, limit: 5, windowSeconds: 600 })).count).toBe(1);
  });

  it("spaces hits past the free ones by a doubling delay after the newest, up to a maximum", async () => {
    const key = uniqueKey();
    const backoff = { afterCount: 2, baseSeconds: 1, maxSeconds: 2 };
    const hit = () => first.hit({ key, limit: 100, windowSeconds: 600, backoff });
    expect((await hit()).allowed).toBe(true);
    expect((await hit()).allowed).toBe(true);
    expect(await hit()).toMatchObject({ allowed: false, count: 2, retryAfterSeconds: 1 });
    expect(await first.peek({ key, limit: 100, windowSeconds: 600, backoff })).toMatchObject({ allowed: false });
    await sleep(1050);
    expect(await hit()).toMatchObject({ allowed: true, count: 3 });
    // 1 s doubled is 2 s, the maximum.
    expect(await hit()).toMatchObject({ allowed: false, retryAfterSeconds: 2 });
    await sleep(2050);
    expect(await hit()).toMatchObject({ allowed: true, count: 4 });
    expect(await hit()).toMatchObject({ allowed: false, retryAfterSeconds: 2 });
  });

  it("lets one of many concurrent hits through a backoff slot", async () => {
    const key = uniqueKey();
    const backoff = { afterCount: 1, baseSeconds: 60, maxSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => second.hit({ key, limit: 100, windowSeconds: 600, backoff })),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(1);
    for (const refused of results.filter((result) => !result.allowed)) {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });
}

describe("counters contract: local (the database)", () => {
  contractCases({
    createPair: async () => [
      createLocalCounters({ db: database.db }),
      createLocalCounters({ db: secondConnection.db }),
    ],
  });
});

describe.skipIf(!runRedis)("counters contract: Redis", () => {
  contractCases({
    createPair: async () => [
      createRedisCounters({ url: TEST_REDIS_URL }),
      createRedisCounters({ url: TEST_REDIS_URL }),
    ],
  });
});

describe("createCounters", () => {
  it("picks the database when REDIS_URL is unset", async () => {
    const counters = createCounters({ config: loadConfig({}), db: database.db });
    expect(counters.name).toBe("database");
    await counters.close();
  });

  it.skipIf(!runRedis)("picks Redis when REDIS_URL is set", async () => {
    const counters = createCounters({ config: loadConfig({ REDIS_URL: TEST_REDIS_URL }), db: database.db });
    opened.push(counters);
    expect(counters.name).toBe("redis");
    expect((await counters.hit({ key: uniqueKey(), limit: 1, windowSeconds: 60 })).count).toBe(1);
  });
});
