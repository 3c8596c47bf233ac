import { AppError } from "./app-error.ts";
import { runAsHeavyWork } from "./heavy-work.ts";

/**
 * Lets at most `concurrency` tasks run at once; the rest wait in line (first come, first served) for at most
 * `queueTimeoutMs`, then fail with a 503 and `Retry-After`. Put expensive work (search) through one, so a burst
 * of it queues instead of taking every database connection (or the embedded database's only one) and the CPU
 * from the cheap requests (health checks, sign-in, the cart) behind it. The tasks run as heavy work
 * (lib/heavy-work.ts): on the embedded database their statements wait behind the cheap requests' ones.
 */
export function createConcurrencyLimit(options: { concurrency: number; queueTimeoutMs: number; name: string }) {
  let active = 0;
  const waiting: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];
  const retryAfterSeconds = String(Math.max(1, Math.ceil(options.queueTimeoutMs / 1000)));

  function release(): void {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    } else active -= 1;
  }

  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < options.concurrency) active += 1;
    else {
      await new Promise<void>((resolve, reject) => {
        const entry = {
          // The slot passes from the finished task to this one: `active` stays as it is.
          start: resolve,
          timer: setTimeout(() => {
            const index = waiting.indexOf(entry);
            if (index >= 0) waiting.splice(index, 1);
            const error = new AppError(
              "service_unavailable",
              `Too many ${options.name} requests at once. Please try again in a moment.`,
            );
            error.headers = { "Retry-After": retryAfterSeconds };
            reject(error);
          }, options.queueTimeoutMs),
        };
        waiting.push(entry);
      });
    }
    try {
      return await runAsHeavyWork(task);
    } finally {
      release();
    }
  }

  return Object.assign(run, { stats: () => ({ active, waiting: waiting.length }) });
}

export type ConcurrencyLimit = ReturnType<typeof createConcurrencyLimit>;
