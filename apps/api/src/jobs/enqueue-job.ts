import type { Database } from "../db/client.ts";
import { jobs } from "../db/schema/index.ts";
import { type JobKind, type JobPayload, jobKinds } from "./job-kinds.ts";

/** The database or, usually, the transaction of the change that causes the job. */
export type JobExecutor = Pick<Database, "insert">;

export type EnqueueJobOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one job per kind and key: a second enqueue with the same key adds nothing, even once the first has run. */
  dedupeKey?: string;
};

/**
 * Queues a job. Pass the transaction of the change that causes it, so that both commit or neither does.
 * Returns the new job's id, or undefined when a job with the same `dedupeKey` already exists.
 */
export async function enqueueJob<K extends JobKind>(
  db: JobExecutor,
  kind: K,
  payload: JobPayload<K>,
  options: EnqueueJobOptions = {},
): Promise<string | undefined> {
  const parsed = jobKinds[kind].parse(payload);
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload: parsed,
      ...(options.runAt ? { runAt: options.runAt } : {}),
      dedupeKey: options.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.dedupeKey] })
    .returning({ id: jobs.id });
  return row?.id;
}
