import type { Database } from "../db/client.ts";
import { runAsHeavyWork } from "../lib/heavy-work.ts";
import { HEAVY_JOB_KINDS, type JobKind, PRINT_JOB_KINDS } from "./job-kinds.ts";
import { createJobWorker, type JobHandler, type JobHandlers, type JobSchedule, type JobWorker } from "./job-worker.ts";

/**
 * The job worker of one process as lanes (decisions 056, 075): the light lane (e-mail, payments, the ledger,
 * housekeeping), the heavy lane (HEAVY_JOB_KINDS but the print kinds) and `printLanes` print lanes
 * (PRINT_JOB_KINDS). Each claims only its own kinds and runs one job at a time, so a confirmation e-mail never
 * waits behind an upload being rasterised, nor a paid order's print files behind an artist's mockups. The heavy
 * and print lanes' statements are heavy work for the embedded database (lib/heavy-work.ts).
 */
export function createJobLanes(options: {
  db: Database;
  handlers: JobHandlers;
  schedules?: JobSchedule[];
  pollIntervalMs: number;
  log: Parameters<typeof createJobWorker>[0]["log"];
  /** How many print lanes run at once (1 when absent). */
  printLanes?: number;
}): JobWorker {
  const { handlers } = options;
  const light = {} as Record<JobKind, JobHandler<JobKind> | undefined>;
  const heavy = {} as Record<JobKind, JobHandler<JobKind> | undefined>;
  const print = {} as Record<JobKind, JobHandler<JobKind> | undefined>;
  for (const kind of Object.keys(handlers) as JobKind[]) {
    const handler = handlers[kind] as JobHandler<JobKind> | undefined;
    const isHeavy = HEAVY_JOB_KINDS.has(kind);
    const asHeavyWork: JobHandler<JobKind> | undefined = handler && {
      retry: handler.retry,
      run: (payload, job) => runAsHeavyWork(() => handler.run(payload, job)),
    };
    light[kind] = isHeavy ? undefined : handler;
    heavy[kind] = isHeavy && !PRINT_JOB_KINDS.has(kind) ? asHeavyWork : undefined;
    print[kind] = PRINT_JOB_KINDS.has(kind) ? asHeavyWork : undefined;
  }
  const lanes = [
    createJobWorker({ ...options, handlers: light as JobHandlers }),
    createJobWorker({ ...options, handlers: heavy as JobHandlers, schedules: [] }),
    ...Array.from({ length: Math.max(1, options.printLanes ?? 1) }, () =>
      createJobWorker({ ...options, handlers: print as JobHandlers, schedules: [] }),
    ),
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
