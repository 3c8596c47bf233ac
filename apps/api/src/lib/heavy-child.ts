import { MEMORY_EXIT_CODE } from "./heavy-pool.ts";

/** One kind of heavy work: takes its input, may emit partial results, resolves with its result. */
export type HeavyTask = (input: never, emit: (value: unknown) => void) => Promise<unknown>;

/** How often a child compares its resident memory with the limit. */
const MEMORY_CHECK_MS = 25;
/**
 * A child whose memory stays above this share of the limit after a task hands its memory back by ending (the
 * pool starts another): freed native memory is not always returned to the system, and the next task would
 * start close to the limit.
 */
const RECYCLE_SHARE = 0.5;

/**
 * The loop of a heavy work child process (lib/heavy-pool.ts): runs the tasks it is sent, one at a time, and
 * exits with MEMORY_EXIT_CODE as soon as its resident memory passes HEAVY_MEMORY_LIMIT_MB. The check runs on
 * the child's main thread, which is free while sharp works on its own threads; a task stuck in JavaScript is
 * stopped by the pool's time limit instead.
 */
export function serveHeavyTasks(tasks: Record<string, HeavyTask>): void {
  const limitBytes = Number(process.env.HEAVY_MEMORY_LIMIT_MB ?? 0) * 1024 * 1024;
  if (limitBytes > 0) {
    setInterval(() => {
      if (process.memoryUsage.rss() > limitBytes) process.exit(MEMORY_EXIT_CODE);
    }, MEMORY_CHECK_MS).unref();
  }
  // The parent going away ends the child.
  process.on("disconnect", () => process.exit(0));
  process.on("message", async (message: { type: "run"; id: number; task: string; input: unknown }) => {
    const reply = (value: object) => process.send?.({ id: message.id, ...value });
    const task = tasks[message.task];
    if (!task) {
      reply({ type: "error", message: `unknown heavy task ${message.task}` });
      return;
    }
    try {
      const value = await task(message.input as never, (partial) => reply({ type: "partial", value: partial }));
      reply({ type: "done", value });
    } catch (error) {
      reply({ type: "error", message: error instanceof Error ? error.message : String(error) });
    }
    if (limitBytes > 0 && process.memoryUsage.rss() > limitBytes * RECYCLE_SHARE) {
      // After the reply is on its way.
      process.send?.({ type: "recycling" }, () => process.exit(0));
    }
  });
  process.send?.({ type: "ready" });
}
