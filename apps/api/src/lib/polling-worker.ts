/** A background loop over a durable queue table: the loop of the job worker (jobs/job-worker.ts). */
export type PollingWorker = {
  /** Runs one pass now; a call during a pass waits for it and then runs again. Resolves with the rows handled. */
  processDue(): Promise<number>;
  /** Starts polling every `intervalMs`. */
  start(): void;
  /** Polls at once (e.g. right after something was queued) instead of waiting for the next interval. */
  nudge(): void;
  /** Stops polling and waits for the pass in flight. */
  stop(): Promise<void>;
};

/**
 * Runs `runOnce` now and then, one pass at a time per process. Several processes may poll the same table:
 * `runOnce` must claim its rows itself (e.g. `FOR UPDATE SKIP LOCKED`), so each row is handled once.
 */
export function createPollingWorker(options: {
  runOnce: () => Promise<number>;
  intervalMs: number;
  onError: (error: unknown) => void;
}): PollingWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let started = false;

  function processDue(): Promise<number> {
    const previous = running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(options.runOnce);
    running = next;
    return next.finally(() => {
      if (running === next) running = undefined;
    });
  }

  function schedule(delayMs: number): void {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      processDue()
        .catch(options.onError)
        .finally(() => schedule(options.intervalMs));
    }, delayMs);
    timer.unref();
  }

  return {
    processDue,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    nudge() {
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
