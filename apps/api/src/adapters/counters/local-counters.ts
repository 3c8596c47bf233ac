import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { RateLimitCounters } from "./counters.ts";

/**
 * Counters in the app's database (`rate_limit_counters`): one atomic upsert per hit (the row resets when
 * its window has passed), with the database clock deciding the window, so every instance on one database
 * counts together.
 */
export function createLocalCounters(options: { db: Database }): RateLimitCounters {
  const { db } = options;
  return {
    name: "database",
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
    close: async () => undefined,
  };
}
