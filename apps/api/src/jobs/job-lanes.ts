import type { Database } from "../db/client.ts";
import { runAsHeavyWork } from "../lib/heavy-work.ts";
import { HEAVY_JOB_KINDS, type JobKind } from "./job-kinds.ts";
import { createJobWorker, type JobHandler, type JobHandlers, type JobSchedule, type JobWorker } from "./job-worker.ts";

/**
 * The job worker of one process as two lanes (decision 056): the light lane (e-mail, payments, the ledger,
 * housekeeping) and the heavy lane (HEAVY_JOB_KINDS). Each claims only its own kinds and runs one job at a
 * time, so a confirmation e-mail never waits behind an upload being rasterised. The heavy lane's statements
 * are heavy work for the embedded database (lib/heavy-work.ts).
 */
export function createJobLanes(options: {
  db: Database;
  handlers: JobHandlers;
  schedules?: JobSchedule[];
  pollIntervalMs: number;
  log: Parameters<typeof createJobWorker>[0]["log"];
}): JobWorker {
  const { handlers } = options;
  const light = {} as Record<JobKind, JobHandler<JobKind> | undefined>;
  const heavy = {} as Record<JobKind, JobHandler<JobKind> | undefined>;
  for (const kind of Object.keys(handlers) as JobKind[]) {
    const handler = handlers[kind] as JobHandler<JobKind> | undefined;
    const isHeavy = HEAVY_JOB_KINDS.has(kind);
    light[kind] = isHeavy ? undefined : handler;
    heavy[kind] =
      isHeavy && handler
        ? { retry: handler.retry, run: (payload, job) => runAsHeavyWork(() => handler.run(payload, job)) }
        : undefined;
  }
  const lanes = [
    createJobWorker({ ...options, handlers: light as JobHandlers }),
    createJobWorker({ ...options, handlers: heavy as JobHandlers, schedules: [] }),
  ];
  return {
    async processDue() {
      const ran = await Promise.all(lanes.map((lane) => lane.processDue()));
      return ran.reduce((sum, count) => sum + count, 0);
    },
    start: () => {
      for (const lane of lanes) lane.start();
    },
    nudge: () => {
      for (const lane of lanes) lane.nudge();
    },
    async stop() {
      await Promise.all(lanes.map((lane) => lane.stop()));
    },
  };
}
