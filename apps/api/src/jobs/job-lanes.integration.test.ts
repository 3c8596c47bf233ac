import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { jobs } from "../db/schema/index.ts";
import { HeavyWorkLimitError } from "../lib/heavy-pool.ts";
import { enqueueJob } from "./enqueue-job.ts";
import { jobKinds } from "./job-kinds.ts";
import { createJobLanes } from "./job-lanes.ts";
import type { JobHandlers, JobWorker, RetryPolicy } from "./job-worker.ts";

let database: DatabaseHandle;
const workers: JobWorker[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await database.close();
});

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const NO_HANDLERS = Object.fromEntries(Object.keys(jobKinds).map((kind) => [kind, undefined])) as JobHandlers;
const retry: RetryPolicy = { maxAttempts: 5, baseDelaySeconds: 0, maxDelaySeconds: 0, leaseSeconds: 60 };
const email = { kind: "test", to: "lanes@example.com", subject: "Hi", text: "hi", html: "<p>hi</p>" };

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("timed out");
}

async function statusOf(id: string | undefined) {
  const [row] = await database.db
    .select({ status: jobs.status, attempts: jobs.attempts, lastError: jobs.lastError })
    .from(jobs)
    .where(eq(jobs.id, id ?? ""));
  return row;
}

describe("job lanes (decision 056)", () => {
  it("sends an e-mail while a heavy job holds the heavy lane, and fails a job past a hard limit for good", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const lanes = createJobLanes({
      db: database.db,
      log,
      pollIntervalMs: 50,
      handlers: {
        ...NO_HANDLERS,
        send_email: {
          retry,
          run: async (payload) => {
            sent.push(payload.to);
            return {};
          },
        },
        render_design_mockups: {
          retry,
          run: async () => {
            await held;
            return {};
          },
        },
        process_upload: {
          retry,
          run: async () => {
            throw new HeavyWorkLimitError("time", "process_upload took longer than 1000 ms");
          },
        },
      },
    });
    workers.push(lanes);
    const heavyJob = await enqueueJob(database.db, "render_design_mockups", {
      designId: "5f0c6c1e-8d7a-4d55-9a53-1d2b3c4d5e6f",
      artworkVersion: 1,
    });
    lanes.start();
    await waitFor(async () => (await statusOf(heavyJob))?.status === "running");
    const emailJob = await enqueueJob(database.db, "send_email", email);
    lanes.nudge();
    await waitFor(async () => (await statusOf(emailJob))?.status === "succeeded");
    expect(sent).toEqual(["lanes@example.com"]);
    expect((await statusOf(heavyJob))?.status).toBe("running");

    // Behind the held job in the heavy lane; once it runs, it breaks a limit and is never retried.
    const limited = await enqueueJob(database.db, "process_upload", {
      uploadId: "6f0c6c1e-8d7a-4d55-9a53-1d2b3c4d5e6f",
    });
    release();
    await waitFor(async () => (await statusOf(limited))?.status === "failed");
    expect(await statusOf(limited)).toEqual({
      status: "failed",
      attempts: 1,
      lastError: "process_upload took longer than 1000 ms",
    });
    expect((await statusOf(heavyJob))?.status).toBe("succeeded");
  });

  it("draws paid orders' print files in print lanes of their own, several at once, while the heavy lane is held", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let running = 0;
    let mostAtOnce = 0;
    const lanes = createJobLanes({
      db: database.db,
      log,
      pollIntervalMs: 50,
      printLanes: 2,
      handlers: {
        ...NO_HANDLERS,
        render_design_mockups: {
          retry,
          run: async () => {
            await held;
            return {};
          },
        },
        render_order_print_files: {
          retry,
          run: async () => {
            running++;
            mostAtOnce = Math.max(mostAtOnce, running);
            // Each print job waits until the other has started too: only two lanes at once can finish.
            await waitFor(async () => mostAtOnce === 2);
            running--;
            return {};
          },
        },
      },
    });
    workers.push(lanes);
    const mockups = await enqueueJob(database.db, "render_design_mockups", {
      designId: "7f0c6c1e-8d7a-4d55-9a53-1d2b3c4d5e6f",
      artworkVersion: 1,
    });
    lanes.start();
    await waitFor(async () => (await statusOf(mockups))?.status === "running");
    const first = await enqueueJob(database.db, "render_order_print_files", {
      orderId: "8f0c6c1e-8d7a-4d55-9a53-1d2b3c4d5e6f",
    });
    const second = await enqueueJob(database.db, "render_order_print_files", {
      orderId: "9f0c6c1e-8d7a-4d55-9a53-1d2b3c4d5e6f",
    });
    lanes.nudge();
    await waitFor(async () => (await statusOf(first))?.status === "succeeded");
    await waitFor(async () => (await statusOf(second))?.status === "succeeded");
    expect(mostAtOnce).toBe(2);
    expect((await statusOf(mockups))?.status).toBe("running");
    release();
    await waitFor(async () => (await statusOf(mockups))?.status === "succeeded");
  });
});
