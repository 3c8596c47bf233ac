import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { LockBackend } from "./locks.ts";

/** The Redis pub/sub channel on which a waiter asks the holder of a key (the message) to finish soon. */
export const REDIS_LOCK_RELEASE_CHANNEL = "threadfolk:lock-release";

/** A held key expires this long after its last renewal, so a crashed instance's locks do not outlive it long. */
const LEASE_MS = 15_000;
const RENEW_EVERY_MS = 5_000;

/** Deletes or extends KEYS[1] only while it still holds this holder's token (ARGV[1]). */
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const RENEW_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/**
 * Locks in Redis (REDIS_URL, decision 058): `SET key token NX PX` with a lease renewed while held, released only
 * by its holder's token; release requests travel by Redis pub/sub on a connection of their own.
 */
export function createRedisLocks(options: { url: string; onError?: (error: unknown) => void }): LockBackend {
  const redis = new Redis(options.url, { maxRetriesPerRequest: 2 });
  const subscriber = redis.duplicate();
  redis.defineCommand("lockRelease", { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  redis.defineCommand("lockRenew", { numberOfKeys: 1, lua: RENEW_SCRIPT });
  const scripts = redis as unknown as Record<
    "lockRelease" | "lockRenew",
    (key: string, ...args: Array<string | number>) => Promise<number>
  >;
  const redisKey = (key: string) => `lock:${key}`;
  const listeners = new Set<(key: string) => void>();
  const dispatch = (key: string) => {
    for (const listener of listeners) listener(key);
  };
  subscriber.on("message", (channel: string, key: string) => {
    if (channel === REDIS_LOCK_RELEASE_CHANNEL) dispatch(key);
  });
  subscriber.subscribe(REDIS_LOCK_RELEASE_CHANNEL).catch((error: unknown) => options.onError?.(error));

  return {
    name: "redis",
    async tryTake(key) {
      const token = randomUUID();
      const taken = await redis.set(redisKey(key), token, "PX", LEASE_MS, "NX");
      if (taken !== "OK") return undefined;
      const renewal = setInterval(() => {
        scripts.lockRenew(redisKey(key), token, LEASE_MS).catch((error: unknown) => options.onError?.(error));
      }, RENEW_EVERY_MS);
      renewal.unref();
      return async () => {
        clearInterval(renewal);
        await scripts.lockRelease(redisKey(key), token);
      };
    },
    async requestRelease(key) {
      dispatch(key);
      await redis.publish(REDIS_LOCK_RELEASE_CHANNEL, key);
    },
    onReleaseRequested(listener) {
      listeners.add(listener);
    },
    async close() {
      await subscriber.quit().catch(() => undefined);
      await redis.quit().catch(() => undefined);
    },
  };
}
