import { Redis } from "ioredis";
import type { RateLimitCounters } from "./counters.ts";

/** Counters in Redis (REDIS_URL): INCR on a per-window key that expires with its window. */
export function createRedisCounters(options: { url: string }): RateLimitCounters {
  const redis = new Redis(options.url, { maxRetriesPerRequest: 2 });
  return {
    name: "redis",
    async hit({ key, limit, windowSeconds }) {
      const nowSeconds = Date.now() / 1000;
      const window = Math.floor(nowSeconds / windowSeconds);
      const redisKey = `rate-limit:${key}:${window}`;
      const results = await redis
        .multi()
        .incr(redisKey)
        .expire(redisKey, windowSeconds + 1)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const retryAfterSeconds = Math.max(1, Math.ceil((window + 1) * windowSeconds - nowSeconds));
      return { allowed: count <= limit, count, retryAfterSeconds };
    },
    async close() {
      await redis.quit();
    },
  };
}
