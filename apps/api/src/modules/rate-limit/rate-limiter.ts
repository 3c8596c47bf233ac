import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Database } from "../../db/client.ts";

export type RateLimitResult = {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfterSeconds: number;
};

/** Counts hits per key in fixed windows; shared by every app instance (database or Redis). */
export type RateLimiter = {
  hit(options: { key: string; limit: number; windowSeconds: number }): Promise<RateLimitResult>;
};

/**
 * Counters in PostgreSQL: one atomic upsert per hit (the row resets when its window has passed), with the
 * database clock deciding the window, so every instance on one database counts together.
 */
export function createDatabaseRateLimiter(db: Database): RateLimiter {
  return {
    async hit({ key, limit, windowSeconds }) {
      const result = (await db.execute(sql`
        insert into rate_limit_counters as counter (key, window_started_at, count)
        values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
        on conflict (key) do update set
          count = case when counter.window_started_at = excluded.window_started_at then counter.count + 1 else 1 end,
          window_started_at = excluded.window_started_at
        returning count,
          ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`)) as unknown as {
        rows: Array<{ count: number; retry_after: number }>;
      };
      const row = result.rows[0];
      if (!row) throw new Error("rate limit upsert returned no row");
      const count = Number(row.count);
      return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
    },
  };
}

/** Counters in Redis (REDIS_URL): INCR on a per-window key that expires with its window. */
export function createRedisRateLimiter(redis: Redis): RateLimiter {
  return {
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
  };
}
