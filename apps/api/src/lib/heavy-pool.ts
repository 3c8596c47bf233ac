import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * CPU-heavy work (decoding and rasterising uploads, rendering mockups, print files to come) runs in child
 * processes with a hard time and memory limit per task (decision 056). A child process, not a worker thread:
 * sharp and librsvg work on the process's native thread pool, which terminating a worker thread cannot stop,
 * and a runaway native allocation is only contained by a process of its own. The children are kept between
 * tasks (they load sharp and cache the garment drawings once) and replaced after a task that broke a limit.
 */

/** A task stopped because it passed a limit or killed its process: the same input would do it again. */
export class HeavyWorkLimitError extends Error {
  /** The job worker does not retry it (jobs/job-worker.ts). */
  readonly permanent = true;
  constructor(
    readonly limit: "time" | "memory" | "crash",
    message: string,
  ) {
    super(message);
  }
}

/** The exit code of a child that found itself past the memory limit (lib/heavy-child.ts). */
export const MEMORY_EXIT_CODE = 87;

export type HeavyPoolOptions = {
  /** Children at most (tasks beyond wait their turn, first come, first served). */
  size: number;
  /** Wall-clock time a task may take before its child is killed. */
  timeLimitMs: number;
  /** Resident memory a child may use (its V8 heap is capped to it too). */
  memoryLimitMb: number;
  /** The child's entry point; the server's own `heavy-worker` by default. */
  script?: string;
};

export type HeavyPool = {
  /**
   * Runs `task` with `input` in a child; `onPartial` receives what the task emits along the way, in order, and
   * the result waits for every `onPartial` to settle. Rejects with HeavyWorkLimitError past a limit.
   */
  run<T>(task: string, input: unknown, options?: { onPartial?: (value: unknown) => Promise<void> | void }): Promise<T>;
  /** Kills the children; tasks in flight fail. */
  close(): Promise<void>;
};

type Reply =
  | { type: "partial"; id: number; value: unknown }
  | { type: "done"; id: number; value: unknown }
  | { type: "error"; id: number; message: string };

type Slot = { child: ChildProcess | undefined; ready: Promise<void> | undefined; busy: boolean };

/** The longest a new child may take to load its code (sharp, the renderer) before the task fails. */
const START_TIMEOUT_MS = 120_000;

/**
 * The child's entry point: HEAVY_WORKER_SCRIPT when set (the integration tests bundle one per run), the built
 * server's `heavy-worker.js` beside it, or the source entry run through tsx.
 */
export function heavyWorkerScript(): { script: string; execArgv: string[] } {
  const given = process.env.HEAVY_WORKER_SCRIPT;
  if (given && fs.existsSync(given)) return { script: given, execArgv: [] };
  const built = fileURLToPath(new URL("./heavy-worker.js", import.meta.url));
  if (fs.existsSync(built)) return { script: built, execArgv: [] };
  const source = fileURLToPath(new URL("../heavy-worker.ts", import.meta.url));
  if (fs.existsSync(source)) return { script: source, execArgv: ["--import", "tsx"] };
  throw new Error("the heavy work entry point (heavy-worker.js) is missing next to the server's code");
}

export function createHeavyPool(options: HeavyPoolOptions): HeavyPool {
  const entry = options.script ? { script: options.script, execArgv: [] } : heavyWorkerScript();
  const slots: Slot[] = Array.from({ length: Math.max(1, options.size) }, () => ({
    child: undefined,
    ready: undefined,
    busy: false,
  }));
  const waiting: Array<(slot: Slot) => void> = [];
  let nextId = 1;
  let closed = false;

  /** Starts the slot's child; `slot.ready` settles once it has loaded its code (the time limit starts then). */
  function spawn(slot: Slot): ChildProcess {
    const child = fork(entry.script, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${options.memoryLimitMb}`],
      env: { ...process.env, HEAVY_MEMORY_LIMIT_MB: String(options.memoryLimitMb) },
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    // A child that ends between tasks is replaced on the next one; a failed start fails the task (exit follows).
    child.on("error", () => undefined);
    child.once("exit", () => {
      if (slot.child === child) slot.child = undefined;
    });
    slot.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the heavy work process did not start")), START_TIMEOUT_MS);
      const onMessage = (message: { type?: string }) => {
        if (message.type !== "ready") return;
        clearTimeout(timer);
        child.off("message", onMessage);
        resolve();
      };
      child.on("message", onMessage);
      child.once("exit", () => {
        clearTimeout(timer);
        reject(new HeavyWorkLimitError("crash", "the heavy work process ended while starting"));
      });
    });
    // Settled by the task that waits for it; never an unhandled rejection.
    slot.ready.catch(() => undefined);
    return child;
  }

  function acquire(): Promise<Slot> {
    const free = slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(slot: Slot): void {
    const next = waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  }

  async function runIn<T>(
    slot: Slot,
    task: string,
    input: unknown,
    onPartial?: (value: unknown) => Promise<void> | void,
  ): Promise<T> {
    slot.child ??= spawn(slot);
    const child = slot.child;
    await slot.ready;
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new HeavyWorkLimitError("crash", "the heavy work process ended before the task");
    }
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      // Partial results are handled in order; the task's outcome waits for them.
      let partials: Promise<void> = Promise.resolve();
      const finish = (outcome: () => void) => {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        partials.then(outcome, reject);
      };
      const stop = (error: HeavyWorkLimitError) => {
        slot.child = undefined;
        child.kill("SIGKILL");
        finish(() => reject(error));
      };
      const timer = setTimeout(
        () => stop(new HeavyWorkLimitError("time", `${task} took longer than ${options.timeLimitMs} ms`)),
        options.timeLimitMs,
      );
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        if (reply.type === "partial") {
          partials = partials.then(() => onPartial?.(reply.value));
        } else if (reply.type === "done") finish(() => resolve(reply.value as T));
        else finish(() => reject(new Error(reply.message)));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        slot.child = undefined;
        const error =
          code === MEMORY_EXIT_CODE
            ? new HeavyWorkLimitError("memory", `${task} used more than ${options.memoryLimitMb} MB`)
            : new HeavyWorkLimitError("crash", `${task}'s process ended (${signal ?? `exit code ${code}`})`);
        finish(() => reject(error));
      };
      child.on("message", onMessage);
      child.on("exit", onExit);
      child.send({ type: "run", id, task, input });
    });
  }

  return {
    async run<T>(
      task: string,
      input: unknown,
      runOptions: { onPartial?: (value: unknown) => Promise<void> | void } = {},
    ) {
      if (closed) throw new Error("the heavy work pool is closed");
      const slot = await acquire();
      try {
        return await runIn<T>(slot, task, input, runOptions.onPartial);
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (slot) => {
          const child = slot.child;
          slot.child = undefined;
          if (!child || child.exitCode !== null) return;
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.kill("SIGKILL");
          await exited;
        }),
      );
    },
  };
}
