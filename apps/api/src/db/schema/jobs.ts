import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const JOB_STATUSES = ["pending", "running", "succeeded", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The durable queue of background work (apps/api/src/jobs). A row is written in the transaction of the
 * change that causes it and run later by the worker of any app process: `pending` until due, `running` while
 * a worker holds its lease (`locked_until`; a crashed worker's job is claimed again once it passes), then
 * `succeeded`, or `failed` after its kind's last attempt.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What to do: a key of `jobKinds` (jobs/job-kinds.ts), which also says the payload's shape. */
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<JobStatus>().notNull().default("pending"),
    /** Claims so far, the running one included. */
    attempts: integer("attempts").notNull().default(0),
    /** When the job is due: at enqueue, or after a failure with exponential backoff. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** What the handler returned (e.g. where an e-mail went), for support. */
    result: jsonb("result"),
    /** At most one job per kind and key, ever (until the housekeeping forgets finished jobs). */
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    // NULL keys never collide, so jobs without a key are not limited.
    uniqueIndex("jobs_kind_dedupe_key").on(table.kind, table.dedupeKey),
    index("jobs_due_idx").on(table.runAt).where(sql`${table.status} = 'pending'`),
    index("jobs_lease_idx").on(table.lockedUntil).where(sql`${table.status} = 'running'`),
    index("jobs_completed_idx").on(table.completedAt).where(sql`${table.status} in ('succeeded', 'failed')`),
    // The e-mails of an order (the operators' order page, issue 28): send_email jobs naming the order.
    index("jobs_email_order_idx").on(sql`(${table.payload}->>'orderId')`).where(sql`${table.kind} = 'send_email'`),
    check("jobs_status_check", sql`${table.status} in ('pending', 'running', 'succeeded', 'failed')`),
  ],
);
