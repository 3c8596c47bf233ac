import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/select-rows.ts";
import type { JobHandler, JobSchedule } from "../../jobs/job-worker.ts";

/** Rows are deleted this long after they stopped mattering, so support can still look at a recent problem. */
export const PURGE_GRACE_DAYS = 7;
/** Rows deleted per statement: short transactions, no long locks on busy tables. */
const PURGE_BATCH_SIZE = 1000;
/** A pass an hour is plenty: nothing here grows fast. */
export const PURGE_INTERVAL_SECONDS = 60 * 60;
/**
 * Finished jobs with a dedupe key, and failed jobs, are kept this long: a key is honoured for that long after
 * its job ran, and support can look at what failed.
 */
export const FINISHED_JOB_RETENTION_DAYS = 90;

export type PurgeCounts = {
  sessions: number;
  accessTokens: number;
  oneTimeTokens: number;
  rateLimitCounters: number;
  jobs: number;
  analyticsEvents: number;
};

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
 * - rate-limit counters whose newest hit has left its window (the row no longer limits anything);
 * - jobs that succeeded more than PURGE_GRACE_DAYS ago without a dedupe key, and every finished job (with a
 *   key, or failed) more than FINISHED_JOB_RETENTION_DAYS ago;
 * - analytics events that happened more than ANALYTICS_RETENTION_DAYS ago (decision 020). A forwarding job
 *   still queued for one skips it.
 */
export async function purgeStaleRows({ db, config }: { db: Database; config: Config }): Promise<PurgeCounts> {
  const grace = sql`make_interval(days => ${PURGE_GRACE_DAYS})`;
  const timeout = sql`make_interval(mins => ${config.SESSION_TIMEOUT_MINUTES})`;
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
    rateLimitCounters: await deleteInBatches(db, "rate_limit_counters", sql`expires_at < now()`),
    jobs: await deleteInBatches(
      db,
      "jobs",
      sql`status in ('succeeded', 'failed') and (
        (status = 'succeeded' and dedupe_key is null and completed_at < now() - ${grace})
        or completed_at < now() - make_interval(days => ${FINISHED_JOB_RETENTION_DAYS}))`,
    ),
    analyticsEvents: await deleteInBatches(
      db,
      "analytics_events",
      sql`occurred_at < now() - make_interval(days => ${config.ANALYTICS_RETENTION_DAYS})`,
    ),
  };
}

/** The `purge_stale_rows` job, run hourly by one process of all (see `purgeSchedule`), logging what it removed. */
export function createPurgeStaleRowsHandler(options: {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** Uploads stuck receiving and their partial bytes (modules/uploads, decision 036); returns how many. */
  purgeUploads?: () => Promise<number>;
}): JobHandler<"purge_stale_rows"> {
  const { db, config, log, purgeUploads } = options;
  return {
    // A missed hour is made up by the next one: a few quick retries are enough.
    retry: { maxAttempts: 3, baseDelaySeconds: 60, maxDelaySeconds: 600, leaseSeconds: 15 * 60 },
    async run() {
      const counts = {
        ...(await purgeStaleRows({ db, config })),
        ...(purgeUploads ? { staleUploads: await purgeUploads() } : {}),
      };
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
      if (total > 0) log.info({ purged: counts }, "purged stale sessions, tokens, counters, jobs and analytics events");
      return counts;
    },
  };
}

export const purgeSchedule: JobSchedule = { kind: "purge_stale_rows", everySeconds: PURGE_INTERVAL_SECONDS };
