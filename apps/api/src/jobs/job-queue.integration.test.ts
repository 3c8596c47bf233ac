import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, openSecondConnection } from "../../test/test-database.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { jobs } from "../db/schema/index.ts";
import { enqueueJob } from "./enqueue-job.ts";
import { type JobPayload, jobKinds } from "./job-kinds.ts";
import { createJobWorker, type JobHandler, type JobHandlers, type RetryPolicy } from "./job-worker.ts";

let database: DatabaseHandle;
let secondConnection: DatabaseHandle;
const workers: Array<{ stop(): Promise<void> }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  secondConnection = await openSecondConnection(database);
});

beforeEach(async () => {
  while (workers.length > 0) await workers.pop()?.stop();
  await database.db.delete(jobs);
});

afterAll(async () => {
  while (workers.length > 0) await workers.pop()?.stop();
  await secondConnection.close();
  await database.close();
});

const logged: Array<{ level: string; message: string }> = [];
const log = {
  info: (_object: object, message: string) => logged.push({ level: "info", message }),
  warn: (_object: object, message: string) => logged.push({ level: "warn", message }),
  error: (_object: object, message: string) => logged.push({ level: "error", message }),
};

const quickRetry: RetryPolicy = { maxAttempts: 3, baseDelaySeconds: 0.2, maxDelaySeconds: 10, leaseSeconds: 60 };

/** A worker with the given handlers; every other kind is left alone. */
/** Every kind without a handler; a test gives handlers to the kinds it runs. */
const NO_HANDLERS = Object.fromEntries(Object.keys(jobKinds).map((kind) => [kind, undefined])) as JobHandlers;

function createWorker(
  handlers: Partial<JobHandlers>,
  options: { db?: Database; schedules?: Parameters<typeof createJobWorker>[0]["schedules"] } = {},
) {
  const worker = createJobWorker({
    db: options.db ?? database.db,
    log,
    pollIntervalMs: 50,
    handlers: { ...NO_HANDLERS, ...handlers },
    schedules: options.schedules,
  });
  workers.push(worker);
  return worker;
}

function email(to: string): JobPayload<"send_email"> {
  return { kind: "test", to, subject: "Hello", text: "hello", html: "<p>hello</p>" };
}

/** A send_email handler that records the recipients it was given, and fails while `failing` is set. */
function recordingHandler(retry: RetryPolicy = quickRetry) {
  const calls: string[] = [];
  const state = { failing: false };
  const handler: JobHandler<"send_email"> = {
    retry,
    async run(payload, job) {
      calls.push(payload.to);
      if (state.failing) throw new Error(`mail server down (attempt ${job.attempts})`);
      return { deliveredTo: payload.to };
    },
  };
  return { handler, calls, state };
}

async function jobRow(id: string | undefined) {
  const [row] = await database.db
    .select()
    .from(jobs)
    .where(eq(jobs.id, id ?? ""));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("enqueueJob", () => {
  it("commits with the caller's transaction and disappears with its rollback", async () => {
    const kept = await database.db.transaction((tx) => enqueueJob(tx, "send_email", email("kept@example.com")));
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, "send_email", email("dropped@example.com"));
        throw new Error("the change that caused the e-mail failed");
      }),
    ).rejects.toThrow(/failed/);
    const rows = await database.db.select().from(jobs);
    expect(rows.map((row) => row.id)).toEqual([kept]);
    expect(rows[0]).toMatchObject({
      kind: "send_email",
      status: "pending",
      attempts: 0,
      payload: email("kept@example.com"),
    });
  });

  it("refuses a payload that does not fit its kind", async () => {
    const bad = { kind: "test", to: "", subject: "x", text: "x", html: "x" };
    await expect(enqueueJob(database.db, "send_email", bad)).rejects.toThrow();
    await expect(enqueueJob(database.db, "forward_analytics_events", { eventIds: ["not-a-uuid"] })).rejects.toThrow();
    expect(await database.db.select().from(jobs)).toEqual([]);
  });
});

describe("the job worker", () => {
  it("runs a due job once and keeps what the handler returned; a job for later waits", async () => {
    const { handler, calls } = recordingHandler();
    const worker = createWorker({ send_email: handler });
    const due = await enqueueJob(database.db, "send_email", email("now@example.com"));
    const later = await enqueueJob(database.db, "send_email", email("later@example.com"), {
      runAt: new Date(Date.now() + 60_000),
    });
    expect(await worker.processDue()).toBe(1);
    expect(await worker.processDue()).toBe(0);
    expect(calls).toEqual(["now@example.com"]);
    expect(await jobRow(due)).toMatchObject({
      status: "succeeded",
      attempts: 1,
      lockedUntil: null,
      lastError: null,
      result: { deliveredTo: "now@example.com" },
      completedAt: expect.any(Date),
    });
    expect((await jobRow(later)).status).toBe("pending");
  });

  it("retries with exponential backoff, recording the last error, and gives up after the last attempt", async () => {
    const { handler, calls, state } = recordingHandler({
      maxAttempts: 3,
      baseDelaySeconds: 10,
      maxDelaySeconds: 15,
      leaseSeconds: 60,
    });
    state.failing = true;
    const worker = createWorker({ send_email: handler });
    const id = await enqueueJob(database.db, "send_email", email("retry@example.com"));
    /** Runs one pass and checks that the job is due `delaySeconds` after the failure (clock slack 100 ms). */
    async function failOnce(attempt: number, delaySeconds: number) {
      const before = Date.now();
      expect(await worker.processDue()).toBe(1);
      const after = Date.now();
      const row = await jobRow(id);
      expect(row).toMatchObject({
        status: "pending",
        attempts: attempt,
        lastError: `mail server down (attempt ${attempt})`,
      });
      expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + delaySeconds * 1000 - 100);
      expect(row.runAt.getTime()).toBeLessThanOrEqual(after + delaySeconds * 1000 + 100);
      // Not due yet: nothing runs until the delay has passed.
      expect(await worker.processDue()).toBe(0);
      // Let the delay pass.
      await database.db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, id ?? ""));
    }
    await failOnce(1, 10);
    await failOnce(2, 15);
    expect(await worker.processDue()).toBe(1);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: 3, lastError: "mail server down (attempt 3)" });
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(calls).toHaveLength(3);
    expect(logged.some((entry) => entry.level === "error" && entry.message === "job failed; giving up")).toBe(true);
    await database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id ?? ""));
    expect(await worker.processDue()).toBe(0);
  });

  it("waits for the next pass when a job fails with no delay, instead of looping", async () => {
    const { handler, calls, state } = recordingHandler({ ...quickRetry, baseDelaySeconds: 0, maxAttempts: 5 });
    state.failing = true;
    const worker = createWorker({ send_email: handler });
    await enqueueJob(database.db, "send_email", email("again@example.com"));
    expect(await worker.processDue()).toBe(1);
    expect(await worker.processDue()).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it("runs a job again after its lease expires when the worker that claimed it died mid-job", async () => {
    const started: number[] = [];
    let finishAbandoned: () => void = () => undefined;
    const lease: RetryPolicy = { ...quickRetry, leaseSeconds: 1 };
    // The first worker claims the job and then never returns: the process was killed (kill -9) mid-job.
    const crashed = createJobWorker({
      db: database.db,
      log,
      pollIntervalMs: 50,
      handlers: {
        ...NO_HANDLERS,
        send_email: {
          retry: lease,
          run: async (_payload, job) => {
            started.push(job.attempts);
            await new Promise<void>((resolve) => {
              finishAbandoned = resolve;
            });
            return { by: "the crashed worker" };
          },
        },
        forward_analytics_events: undefined,
        purge_stale_rows: undefined,
      },
    });
    const survivor = createWorker(
      { send_email: { retry: lease, run: async (_payload, job) => ({ by: "the survivor", attempt: job.attempts }) } },
      { db: secondConnection.db },
    );
    const id = await enqueueJob(database.db, "send_email", email("crash@example.com"));
    const abandonedPass = crashed.processDue();
    for (let waited = 0; started.length === 0 && waited < 5000; waited += 20) await sleep(20);
    expect(started).toEqual([1]);
    expect(await jobRow(id)).toMatchObject({ status: "running", attempts: 1 });

    // While the lease holds, nobody else takes the job.
    expect(await survivor.processDue()).toBe(0);
    await sleep(1100);
    expect(await survivor.processDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      status: "succeeded",
      attempts: 2,
      result: { by: "the survivor", attempt: 2 },
    });

    // Should the lost worker come back after all, its late outcome does not overwrite the survivor's.
    finishAbandoned();
    await abandonedPass;
    expect(await jobRow(id)).toMatchObject({ status: "succeeded", attempts: 2, result: { by: "the survivor" } });
  });

  it("renews the lease of long work while its handler runs, up to the kind's limit", async () => {
    const long: RetryPolicy = { ...quickRetry, leaseSeconds: 1, renewLeaseUpToSeconds: 30 };
    let finishLong: () => void = () => undefined;
    const worker = createWorker({
      send_email: {
        retry: long,
        run: async () => {
          await new Promise<void>((resolve) => {
            finishLong = resolve;
          });
          return { by: "the long runner" };
        },
      },
    });
    const other = createWorker(
      { send_email: { retry: long, run: async () => ({ by: "another worker" }) } },
      { db: secondConnection.db },
    );
    const id = await enqueueJob(database.db, "send_email", email("long@example.com"));
    const pass = worker.processDue();
    for (let waited = 0; (await jobRow(id))?.status !== "running" && waited < 5000; waited += 20) await sleep(20);
    // Past the first lease, the live worker still holds the job: nobody else runs it.
    await sleep(1600);
    expect(await other.processDue()).toBe(0);
    finishLong();
    await pass;
    expect(await jobRow(id)).toMatchObject({ status: "succeeded", attempts: 1, result: { by: "the long runner" } });
  });

  it("creates and runs exactly one job per dedupe key, however many enqueue it at once", async () => {
    const { handler, calls } = recordingHandler();
    const first = createWorker({ send_email: handler });
    const second = createWorker({ send_email: handler }, { db: secondConnection.db });
    const enqueue = (db: Database) =>
      db.transaction((tx) =>
        enqueueJob(tx, "send_email", email("once@example.com"), { dedupeKey: "order-42-confirmation" }),
      );
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, index) => enqueue(index % 2 ? secondConnection.db : database.db)),
    );
    const created = ids.filter((id) => id !== undefined);
    expect(created).toHaveLength(1);
    expect(await database.db.select().from(jobs)).toHaveLength(1);

    const [ranFirst, ranSecond] = await Promise.all([first.processDue(), second.processDue()]);
    expect(ranFirst + ranSecond).toBe(1);
    expect(calls).toEqual(["once@example.com"]);

    // Once it has run, the key still holds: nothing is queued or sent again.
    expect(await enqueue(database.db)).toBeUndefined();
    expect(await first.processDue()).toBe(0);
    expect(calls).toHaveLength(1);
    // Another key, or another kind with the same key, is a job of its own.
    expect(
      await enqueueJob(database.db, "send_email", email("other@example.com"), { dedupeKey: "order-43-confirmation" }),
    ).toBeDefined();
    expect(await enqueueJob(database.db, "purge_stale_rows", {}, { dedupeKey: "order-42-confirmation" })).toBeDefined();
  });

  it("shares the jobs of two workers without running any twice", async () => {
    const { handler, calls } = recordingHandler();
    const first = createWorker({ send_email: handler });
    const second = createWorker({ send_email: handler }, { db: secondConnection.db });
    for (let index = 0; index < 30; index++)
      await enqueueJob(database.db, "send_email", email(`bulk${index}@example.com`));
    const [ranFirst, ranSecond] = await Promise.all([first.processDue(), second.processDue()]);
    expect(ranFirst + ranSecond).toBe(30);
    expect(new Set(calls).size).toBe(30);
    expect(calls).toHaveLength(30);
  });

  it("leaves kinds it has no handler for in the queue", async () => {
    const worker = createWorker({});
    const id = await enqueueJob(database.db, "send_email", email("nobody@example.com"));
    expect(await worker.processDue()).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("fails a job whose stored payload no longer fits its kind at once, without retrying", async () => {
    const { handler, calls } = recordingHandler();
    const worker = createWorker({ send_email: handler });
    const [row] = await database.db
      .insert(jobs)
      .values({ kind: "send_email", payload: { to: "someone@example.com" } })
      .returning({ id: jobs.id });
    expect(await worker.processDue()).toBe(1);
    expect(await jobRow(row?.id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await jobRow(row?.id)).lastError).toMatch(/payload does not fit/);
    expect(calls).toEqual([]);
  });

  it("enqueues a scheduled job once per period across started workers, and runs it", async () => {
    let runs = 0;
    const purge: JobHandler<"purge_stale_rows"> = {
      retry: quickRetry,
      run: async () => {
        runs++;
        return { purged: 0 };
      },
    };
    const schedules = [{ kind: "purge_stale_rows" as const, everySeconds: 3600 }];
    const first = createWorker({ purge_stale_rows: purge }, { schedules });
    const second = createWorker({ purge_stale_rows: purge }, { db: secondConnection.db, schedules });
    // A worker that is only asked to process due jobs (as the tests do) schedules nothing.
    expect(await first.processDue()).toBe(0);
    first.start();
    second.start();
    for (let waited = 0; runs === 0 && waited < 5000; waited += 20) await sleep(20);
    await sleep(200);
    await first.stop();
    await second.stop();
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, "purge_stale_rows"));
    expect(rows).toHaveLength(1);
    expect(runs).toBe(1);
    const hourStart = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    expect(rows[0]).toMatchObject({ status: "succeeded", dedupeKey: hourStart });
  });

  it("finishes the job in hand when stopped, and claims no other (a shutdown never drains the queue)", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const first = new Promise<void>((resolve) => {
      started = resolve;
    });
    const sent: string[] = [];
    const worker = createWorker({
      send_email: {
        retry: quickRetry,
        async run(payload) {
          sent.push(payload.to);
          started();
          await held;
          return {};
        },
      },
    });
    for (const to of ["a@example.com", "b@example.com", "c@example.com"]) {
      await enqueueJob(database.db, "send_email", email(to));
    }
    worker.start();
    await first;
    const stopped = worker.stop();
    release();
    await stopped;
    expect(sent).toHaveLength(1);
    const statuses = (await database.db.select({ status: jobs.status }).from(jobs)).map((row) => row.status).sort();
    expect(statuses).toEqual(["pending", "pending", "succeeded"]);
  });
});
