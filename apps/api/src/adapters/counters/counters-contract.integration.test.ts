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

/** Waits until just after a window of `seconds` starts, so that the hits of a case fall into one window. */
async function waitForWindowStart(seconds: number): Promise<void> {
  const windowMs = seconds * 1000;
  await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 20));
}

function contractCases(harness: Harness): void {
  let first: RateLimitCounters;
  let second: RateLimitCounters;

  beforeAll(async () => {
    [first, second] = await harness.createPair();
    opened.push(first, second);
  });

  it("counts the hits of a key and allows them up to the limit, with the time left in the window", async () => {
    const key = uniqueKey();
    const results = [];
    for (let hit = 0; hit < 4; hit++) results.push(await first.hit({ key, limit: 3, windowSeconds: 600 }));
    expect(results.map((result) => result.count)).toEqual([1, 2, 3, 4]);
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    for (const result of results) {
      expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(result.retryAfterSeconds).toBeLessThanOrEqual(600);
    }
  });

  it("keeps keys apart", async () => {
    const busy = uniqueKey();
    await first.hit({ key: busy, limit: 5, windowSeconds: 600 });
    await first.hit({ key: busy, limit: 5, windowSeconds: 600 });
    expect((await first.hit({ key: uniqueKey(), limit: 5, windowSeconds: 600 })).count).toBe(1);
  });

  it("counts concurrent hits exactly, each once", async () => {
    const key = uniqueKey();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => first.hit({ key, limit: 10, windowSeconds: 600 })),
    );
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
  });

  it("counts the hits of two instances together", async () => {
    const key = uniqueKey();
    const counts = [];
    for (const counters of [first, second, first, second]) {
      counts.push((await counters.hit({ key, limit: 3, windowSeconds: 600 })).count);
    }
    expect(counts).toEqual([1, 2, 3, 4]);
  });

  it("starts again at one when the window has passed", async () => {
    const key = uniqueKey();
    await waitForWindowStart(1);
    await first.hit({ key, limit: 1, windowSeconds: 1 });
    const blocked = await first.hit({ key, limit: 1, windowSeconds: 1 });
    expect(blocked).toMatchObject({ count: 2, allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await first.hit({ key, limit: 1, windowSeconds: 1 })).toMatchObject({ count: 1, allowed: true });
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
