import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/select-rows.ts";
import { createPollingWorker, type PollingWorker } from "../../lib/polling-worker.ts";

/** Rows are deleted this long after they stopped mattering, so support can still look at a recent problem. */
export const PURGE_GRACE_DAYS = 7;
/** Rows deleted per statement: short transactions, no long locks on busy tables. */
const PURGE_BATCH_SIZE = 1000;
/** A pass an hour is plenty: nothing here grows fast, and every instance may run one. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export type PurgeCounts = { sessions: number; accessTokens: number; oneTimeTokens: number; rateLimitCounters: number };

/** Deletes the rows of `table` matching `condition`, PURGE_BATCH_SIZE at a time, until none are left. */
async function deleteInBatches(db: Database, table: string, condition: ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await selectRows<{ deleted: number }>(
      db,
      sql`
      with doomed as (
        select ctid from ${sql.identifier(table)} where ${condition} limit ${PURGE_BATCH_SIZE} for update skip locked
      ), deleted as (
        delete from ${sql.identifier(table)} where ctid in (select ctid from doomed) returning 1
      )
      select count(*)::int as deleted from deleted`,
    );
    const deleted = Number(rows[0]?.deleted ?? 0);
    total += deleted;
    if (deleted < PURGE_BATCH_SIZE) return total;
  }
}

/**
 * Deletes what can no longer be used, so token and counter tables do not grow forever:
 * - sessions (token families, with their access and refresh tokens) revoked, or idle past the session
 *   timeout, more than PURGE_GRACE_DAYS ago. A live session keeps its rotated refresh tokens: presenting one
 *   again is how theft is detected (decision 005);
 * - access tokens of live sessions that expired more than PURGE_GRACE_DAYS ago;
 * - e-mail tokens (confirmation, password reset) used or expired more than PURGE_GRACE_DAYS ago;
 * - rate-limit counters whose window ended more than a day ago (a new hit starts a new window anyway).
 */
export async function purgeStaleRows({ db, config }: { db: Database; config: Config }): Promise<PurgeCounts> {
  const grace = sql`make_interval(days => ${PURGE_GRACE_DAYS})`;
  const timeout = sql`make_interval(mins => ${config.SESSION_TIMEOUT_MINUTES})`;
  const window = sql`make_interval(secs => ${config.RATE_LIMIT_WINDOW_SECONDS})`;
  return {
    sessions: await deleteInBatches(
      db,
      "auth_sessions",
      sql`revoked_at < now() - ${grace} or last_used_at < now() - ${timeout} - ${grace}`,
    ),
    accessTokens: await deleteInBatches(db, "access_tokens", sql`expires_at < now() - ${grace}`),
    oneTimeTokens: await deleteInBatches(
      db,
      "one_time_tokens",
      sql`used_at < now() - ${grace} or expires_at < now() - ${grace}`,
    ),
    rateLimitCounters: await deleteInBatches(
      db,
      "rate_limit_counters",
      sql`window_started_at < now() - ${window} - interval '1 day'`,
    ),
  };
}

/** Runs purgeStaleRows every PURGE_INTERVAL_MS (the first pass at start), logging what it removed. */
export function createHousekeepingWorker(options: {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}): PollingWorker {
  const { db, config, log } = options;
  return createPollingWorker({
    intervalMs: PURGE_INTERVAL_MS,
    runOnce: async () => {
      const counts = await purgeStaleRows({ db, config });
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
      if (total > 0) log.info({ purged: counts }, "purged stale sessions, tokens and counters");
      return total;
    },
    onError: (error) => log.error({ err: error }, "housekeeping failed"),
  });
}
