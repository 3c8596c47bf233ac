import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shouldRunRedisTests, TEST_REDIS_URL } from "../../../test/redis.ts";
import { createTestDatabase, openSecondConnection } from "../../../test/test-database.ts";
import { loadConfig } from "../../config.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { createLocks } from "./create-locks.ts";
import { createDatabaseLocks } from "./database-locks.ts";
import { createSharedLocks, LockAbortedError, LockTimeoutError, type SharedLocks } from "./locks.ts";
import { createRedisLocks } from "./redis-locks.ts";

/**
 * The shared locks contract, against the database's advisory locks and Redis. `createPair` gives the locks of
 * two app instances on one backend; on the embedded database, whose one process is the only instance, both are
 * that process's locks.
 */
type Harness = { createPair(): Promise<[SharedLocks, SharedLocks]> };

const runRedis = await shouldRunRedisTests("locks contract");
let database: DatabaseHandle;
let secondConnection: DatabaseHandle;
const opened: SharedLocks[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  secondConnection = await openSecondConnection(database);
});

afterAll(async () => {
  for (const locks of opened) await locks.close();
  await secondConnection.close();
  await database.close();
});

const uniqueKey = () => `test:${randomUUID()}`;

function contractCases(harness: Harness) {
  let first: SharedLocks;
  let second: SharedLocks;
  beforeAll(async () => {
    [first, second] = await harness.createPair();
  });

  it("gives a key to one holder at a time, across instances, and the next one once it is released", async () => {
    const key = uniqueKey();
    const order: string[] = [];
    const releaseFirst = await first.acquire(key, { timeoutMs: 5000 });
    order.push("first");
    const waiting = second.acquire(key, { timeoutMs: 5000 }).then((release) => {
      order.push("second");
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(order).toEqual(["first"]);
    await releaseFirst();
    const releaseSecond = await waiting;
    expect(order).toEqual(["first", "second"]);
    // Other keys never wait.
    const other = await first.acquire(uniqueKey(), { timeoutMs: 100 });
    await other();
    await releaseSecond();
  });

  it("asks the holder, on whichever instance, to release when someone waits", async () => {
    const key = uniqueKey();
    let release: (() => Promise<void>) | undefined;
    let asked = 0;
    release = await first.acquire(key, {
      timeoutMs: 5000,
      onReleaseRequested: () => {
        asked += 1;
        const held = release;
        release = undefined;
        void held?.();
      },
    });
    const releaseSecond = await second.acquire(key, { timeoutMs: 5000 });
    expect(asked).toBeGreaterThanOrEqual(1);
    await releaseSecond();
  });

  it("gives up after the timeout, and when the waiter's signal aborts", async () => {
    const key = uniqueKey();
    const release = await first.acquire(key, { timeoutMs: 5000 });
    await expect(second.acquire(key, { timeoutMs: 200 })).rejects.toBeInstanceOf(LockTimeoutError);
    const controller = new AbortController();
    const waiting = second.acquire(key, { timeoutMs: 5000, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(waiting).rejects.toBeInstanceOf(LockAbortedError);
    await release();
    // Nothing was left held by the waits that gave up.
    await (await second.acquire(key, { timeoutMs: 1000 }))();
  });

  it("lets exactly one of many simultaneous takers in at a time", async () => {
    const key = uniqueKey();
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, async (_value, position) => {
        const locks = position % 2 === 0 ? first : second;
        const release = await locks.acquire(key, { timeoutMs: 10_000 });
        inside += 1;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inside -= 1;
        await release();
      }),
    );
    expect(most).toBe(1);
  });
}

describe("locks contract: the database (advisory locks)", () => {
  contractCases({
    createPair: async () => {
      const locks = createSharedLocks(createDatabaseLocks({ database }));
      opened.push(locks);
      // The embedded database has one process, whose one set of locks both "instances" are.
      if (database.driver === "pglite") return [locks, locks];
      const other = createSharedLocks(createDatabaseLocks({ database: secondConnection }));
      opened.push(other);
      return [locks, other];
    },
  });
});

describe.skipIf(!runRedis)("locks contract: Redis", () => {
  contractCases({
    createPair: async () => {
      const pair: [SharedLocks, SharedLocks] = [
        createSharedLocks(createRedisLocks({ url: TEST_REDIS_URL })),
        createSharedLocks(createRedisLocks({ url: TEST_REDIS_URL })),
      ];
      opened.push(...pair);
      return pair;
    },
  });
});

describe("createLocks", () => {
  it("picks the database when REDIS_URL is unset", async () => {
    const locks = createLocks({ config: loadConfig({}), database });
    opened.push(locks);
    expect(locks.name).toBe("database");
  });

  it.skipIf(!runRedis)("picks Redis when REDIS_URL is set", async () => {
    const locks = createLocks({ config: loadConfig({ REDIS_URL: TEST_REDIS_URL }), database });
    opened.push(locks);
    expect(locks.name).toBe("redis");
    await (await locks.acquire(uniqueKey(), { timeoutMs: 1000 }))();
  });
});
