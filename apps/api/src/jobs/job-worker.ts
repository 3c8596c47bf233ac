import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";
import { jobs } from "../db/schema/index.ts";
import { createPollingWorker } from "../lib/polling-worker.ts";
import { redactErrorMessage } from "../lib/redact-error-message.ts";
import { enqueueJob } from "./enqueue-job.ts";
import { type JobKind, type JobPayload, jobKinds, type ScheduledJobKind } from "./job-kinds.ts";
import { retryDelaySeconds } from "./retry-delay.ts";

/** How a kind is retried, and how long a worker may hold one of its jobs. */
export type RetryPolicy = {
  /** Attempts in all; after the last failure the job is `failed` and kept for support. */
  maxAttempts: number;
  /** Delay before the second attempt, doubling per attempt up to `maxDelaySeconds`. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /**
   * The lease: longer than any run of the handler can take. When a worker dies mid-job (kill -9, a lost
   * machine), another claims the job once the lease has passed, so a handler may run again after a crash.
   */
  leaseSeconds: number;
  /**
   * For long work: the worker renews the lease while the handler runs, up to this many seconds in all, so the
   * lease itself can be short (a killed process's job is claimed again one lease later). Absent: no renewal.
   */
  renewLeaseUpToSeconds?: number;
};

export type RunningJob = { id: string; kind: JobKind; attempts: number };

export type JobHandler<K extends JobKind> = {
  retry: RetryPolicy;
  /** Does the work; throws to have the job retried. What it returns is kept in the job's `result`. */
  run(payload: JobPayload<K>, job: RunningJob): Promise<Record<string, unknown> | undefined>;
};

/**
 * The handler of every kind, assembled in app.ts. `undefined` means this process leaves the kind alone (its
 * jobs wait in the queue, e.g. analytics forwarding while no tracker is configured).
 */
export type JobHandlers = { [K in JobKind]: JobHandler<K> | undefined };

/** A job enqueued once per period by whichever process gets there first (the dedupe key names the period). */
export type JobSchedule = { kind: ScheduledJobKind; everySeconds: number };

export type JobWorker = {
  /** Runs every due job once (claiming each, so other processes skip it); resolves with how many ran. */
  processDue(): Promise<number>;
  /** Polls every `pollIntervalMs` and enqueues scheduled jobs, until stopped. */
  start(): void;
  /** Asks a started worker to look at the queue now (after an enqueue in this process). */
  nudge(): void;
  /** Stops polling and waits for the job in flight. */
  stop(): Promise<void>;
};

type Logger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

type ClaimedRow = { id: string; kind: JobKind; payload: unknown; attempts: number };

const MAX_ERROR_LENGTH = 2000;

/** Raw SQL rows; both drivers (node-postgres and PGlite) answer `{ rows }`. */
async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * The job worker of one app process; any number of processes may run one against the same database. Jobs
 * are claimed one at a time (`FOR UPDATE SKIP LOCKED`) and run outside any transaction (PGlite has one
 * connection per process; a held transaction would stall every request).
 */
export function createJobWorker(options: {
  db: Database;
  handlers: JobHandlers;
  schedules?: JobSchedule[];
  pollIntervalMs: number;
  log: Logger;
}): JobWorker {
  const { db, handlers, log } = options;
  const schedules = options.schedules ?? [];
  const kinds = (Object.keys(handlers) as JobKind[]).filter((kind) => handlers[kind] !== undefined);
  const handlerOf = (kind: JobKind) => handlers[kind] as JobHandler<JobKind> | undefined;
  const leaseSeconds = (kind: JobKind) => handlerOf(kind)?.retry.leaseSeconds ?? 60;
  /** The period each schedule was last enqueued for by this process. */
  const scheduledPeriods = new Map<ScheduledJobKind, number>();
  let started = false;
  let stopping = false;

  async function claimNext(passStartedAt: string): Promise<ClaimedRow | undefined> {
    const kindList = sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    );
    const leases = sql.join(
      kinds.map((kind) => sql`when ${kind} then ${leaseSeconds(kind)}`),
      sql` `,
    );
    // Due at the pass's start only: a job that fails with no delay waits for the next pass, never loops here.
    const rows = await selectRows<ClaimedRow>(
      db,
      sql`
      update jobs
      set status = 'running', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => (case kind ${leases} end)::int)
      where id = (
        select id from jobs
        where kind in (${kindList})
          and ((status = 'pending' and run_at <= ${passStartedAt}::timestamptz)
            or (status = 'running' and locked_until <= ${passStartedAt}::timestamptz))
        order by run_at
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts`,
    );
    return rows[0];
  }

  async function finish(job: RunningJob, values: PgUpdateSetSource<typeof jobs>): Promise<void> {
    // Only the latest claim records an outcome: a worker that outlived its lease must not overwrite it.
    await db
      .update(jobs)
      .set({ ...values, lockedUntil: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, "running")));
  }

  async function runJob(row: ClaimedRow): Promise<void> {
    const job: RunningJob = { id: row.id, kind: row.kind, attempts: Number(row.attempts) };
    const handler = handlerOf(job.kind);
    if (!handler) return;
    // node-postgres decodes jsonb; PGlite's raw execute may hand back the text.
    const raw = typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload;
    const payload = jobKinds[job.kind].safeParse(raw);
    // Kinds with `renewLeaseUpToSeconds`: the claim is renewed while the handler works, a third of its lease at a
    // time, up to that hold in all: long work keeps its job, and the job of a process that died is claimed again
    // one lease later (not after the longest work could last).
    const lease = leaseSeconds(job.kind);
    const renewUntil = Date.now() + ((handler.retry.renewLeaseUpToSeconds ?? lease) - lease) * 1000;
    const renewal = setInterval(
      () => {
        if (Date.now() > renewUntil) {
          clearInterval(renewal);
          return;
        }
        db.update(jobs)
          .set({ lockedUntil: sql`now() + make_interval(secs => ${lease})` })
          .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, "running")))
          .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, "could not renew a job's lease"));
      },
      Math.max(1000, (lease * 1000) / 3),
    );
    renewal.unref();
    try {
      if (!payload.success) throw new InvalidPayloadError(payload.error.message);
      const result = await handler.run(payload.data, job);
      clearInterval(renewal);
      await finish(job, { status: "succeeded", completedAt: sql`now()`, lastError: null, result: result ?? null });
    } catch (error) {
      clearInterval(renewal);
      // A failed query's message carries its parameters (e-mails, hashes, tokens): never stored or logged.
      const message = redactErrorMessage(error instanceof Error ? error.message : String(error)).slice(
        0,
        MAX_ERROR_LENGTH,
      );
      // A payload that does not fit its kind will not fit on a retry either, nor will work that broke a hard
      // limit (lib/heavy-pool.ts): such errors say `permanent`.
      const givingUp =
        job.attempts >= handler.retry.maxAttempts || error instanceof InvalidPayloadError || isPermanent(error);
      const delay = retryDelaySeconds({
        attempts: job.attempts,
        baseSeconds: handler.retry.baseDelaySeconds,
        maxSeconds: handler.retry.maxDelaySeconds,
      });
      await finish(job, {
        status: givingUp ? "failed" : "pending",
        lastError: message,
        runAt: givingUp ? undefined : sql`now() + make_interval(secs => ${delay})`,
        completedAt: givingUp ? sql`now()` : null,
      });
      const details = { jobId: job.id, kind: job.kind, attempts: job.attempts, error: message };
      if (givingUp) log.error(details, "job failed; giving up");
      else log.warn({ ...details, retryInSeconds: delay }, "job failed; will retry");
    }
  }

  async function runPass(): Promise<number> {
    if (kinds.length === 0) return 0;
    const [clock] = await selectRows<{ now: string }>(db, sql`select now()::text as now`);
    const passStartedAt = clock?.now ?? new Date().toISOString();
    let ran = 0;
    for (;;) {
      // Stopping: the job in hand is finished, no other is claimed (a shutdown never drains the whole queue).
      if (stopping) return ran;
      const row = await claimNext(passStartedAt);
      if (!row) return ran;
      await runJob(row);
      ran++;
    }
  }

  /** Enqueues each scheduled kind once per period; the dedupe key lets one process win per period. */
  async function enqueueScheduled(): Promise<void> {
    for (const schedule of schedules) {
      const periodMs = schedule.everySeconds * 1000;
      const period = Math.floor(Date.now() / periodMs);
      if (scheduledPeriods.get(schedule.kind) === period) continue;
      try {
        await enqueueJob(db, schedule.kind, {}, { dedupeKey: new Date(period * periodMs).toISOString() });
        scheduledPeriods.set(schedule.kind, period);
      } catch (error) {
        log.error({ err: error, kind: schedule.kind }, "could not enqueue a scheduled job");
      }
    }
  }

  const poller = createPollingWorker({
    intervalMs: options.pollIntervalMs,
    runOnce: async () => {
      if (started) await enqueueScheduled();
      return runPass();
    },
    onError: (error) => log.error({ err: error }, "job worker failed"),
  });

  return {
    processDue: poller.processDue,
    start() {
      started = true;
      stopping = false;
      poller.start();
    },
    nudge: poller.nudge,
    async stop() {
      started = false;
      stopping = true;
      await poller.stop();
    },
  };
}

function isPermanent(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { permanent?: unknown }).permanent === true;
}

class InvalidPayloadError extends Error {
  constructor(detail: string) {
    super(`the payload does not fit its kind: ${detail}`);
  }
}
