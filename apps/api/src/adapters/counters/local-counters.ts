import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/select-rows.ts";
import { describeWindow, type HitOptions, type RateLimitCounters } from "./counters.ts";

type WindowRow = { count: number; oldest_age_ms: number | null; newest_age_ms: number | null };

/** The hits of the locked row still inside the window, oldest first. */
function recentHits(window: SQL): SQL {
  return sql`array(select h from unnest(counter.hits) h where h > now() - ${window} order by h)`;
}

/** The rule of `describeWindow`, in SQL over the locked row, so that the decision and the write are one step. */
function allowedCondition(options: HitOptions, window: SQL): SQL {
  const count = sql`(select count(*) from unnest(counter.hits) h where h > now() - ${window})`;
  const underLimit = sql`${count} < ${options.limit}`;
  const { backoff } = options;
  if (!backoff) return underLimit;
  const newest = sql`(select max(h) from unnest(counter.hits) h where h > now() - ${window})`;
  const delaySeconds = sql`least(${backoff.baseSeconds}::float8 * power(2, least(${count} - ${backoff.afterCount}, 40)), ${backoff.maxSeconds}::float8)`;
  return sql`${underLimit} and (${count} < ${backoff.afterCount} or ${newest} is null
    or now() - ${newest} >= make_interval(secs => ${delaySeconds}))`;
}

/** ISO 8601 in UTC with microseconds: a hit id that reads back to the same timestamp under any session setting. */
const HIT_ID = sql`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Counters in the app's database (`rate_limit_counters`): each key's row holds the times of its hits in the
 * window. A hit is one `insert … on conflict do update … where <allowed>`: the row lock makes the check and
 * the write atomic, and the database clock decides, so every instance on one database counts together.
 */
export function createLocalCounters(options: { db: Database }): RateLimitCounters {
  const { db } = options;

  async function peek(hit: HitOptions) {
    const window = sql`make_interval(secs => ${hit.windowSeconds})`;
    const [row] = await selectRows<WindowRow>(
      db,
      sql`select count(*)::int as count,
          (extract(epoch from now() - min(h)) * 1000)::float8 as oldest_age_ms,
          (extract(epoch from now() - max(h)) * 1000)::float8 as newest_age_ms
        from rate_limit_counters counter, unnest(counter.hits) h
        where counter.key = ${hit.key} and h > now() - ${window}`,
    );
    return describeWindow({
      options: hit,
      count: Number(row?.count ?? 0),
      oldestAgeMs: row?.oldest_age_ms ?? undefined,
      newestAgeMs: row?.newest_age_ms ?? undefined,
    });
  }

  return {
    name: "database",
    async hit(hit) {
      const window = sql`make_interval(secs => ${hit.windowSeconds})`;
      // One statement either way: the upsert, or (refused, nothing written) the window as it stood.
      const [row] = await selectRows<WindowRow & { hit_id: string | null }>(
        db,
        sql`with recorded as (
            insert into rate_limit_counters as counter (key, hits, expires_at)
            values (${hit.key}, array[now()], now() + ${window})
            on conflict (key) do update set
              hits = ${recentHits(window)} || now(),
              expires_at = now() + ${window}
            where ${allowedCondition(hit, window)}
            returning cardinality(hits) as count, ${HIT_ID} as hit_id,
              (extract(epoch from now() - (select min(h) from unnest(hits) h)) * 1000)::float8 as oldest_age_ms,
              0::float8 as newest_age_ms
          )
          select count, hit_id, oldest_age_ms, newest_age_ms from recorded
          union all
          select count(*)::int, null,
            (extract(epoch from now() - min(h)) * 1000)::float8,
            (extract(epoch from now() - max(h)) * 1000)::float8
          from rate_limit_counters counter, unnest(counter.hits) h
          where counter.key = ${hit.key} and h > now() - ${window}
          having not exists (select 1 from recorded)`,
      );
      if (!row?.hit_id) {
        const seen = describeWindow({
          options: hit,
          count: Number(row?.count ?? 0),
          oldestAgeMs: row?.oldest_age_ms ?? undefined,
          newestAgeMs: row?.newest_age_ms ?? undefined,
        });
        // Refused on the locked row, yet the statement's snapshot (older than hits committed while it waited
        // for the lock) would allow: read the window again for an honest count and wait.
        const settled = seen.allowed ? await peek(hit) : seen;
        return { ...settled, allowed: false };
      }
      const answer = describeWindow({
        options: { ...hit, backoff: undefined, limit: Number.POSITIVE_INFINITY },
        count: Number(row.count),
        oldestAgeMs: row.oldest_age_ms ?? 0,
        newestAgeMs: 0,
      });
      return { ...answer, allowed: true, hitId: row.hit_id };
    },
    peek,
    async release({ key, hitId }) {
      // One element, not every equal one: another hit in the same microsecond keeps counting.
      await db.execute(sql`update rate_limit_counters set
          hits = hits[:array_position(hits, ${hitId}::timestamptz) - 1]
            || hits[array_position(hits, ${hitId}::timestamptz) + 1:]
        where key = ${key} and ${hitId}::timestamptz = any(hits)`);
    },
    async reset({ key }) {
      await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
    },
    close: async () => undefined,
  };
}
