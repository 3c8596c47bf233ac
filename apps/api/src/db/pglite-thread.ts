import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { isHeavyWork } from "../lib/heavy-work.ts";

/**
 * Embedded PGlite on a thread of its own (decision 047). PGlite is PostgreSQL compiled to WASM and runs each
 * statement synchronously on the thread that calls it: in the server's thread, a 10 ms search stalled every
 * other request (health checks, sign-in, the cart) for those 10 ms. Here a worker owns the database
 * (db/pglite-worker.mjs) and this object speaks to it by messages, offering the part of PGlite's interface
 * that Drizzle's PGlite driver, its migrator and our tests use: `query`, `exec`, `transaction`, `close`.
 *
 * A transaction owns the database until it ends: statements outside it wait in the worker (PGlite's own
 * transaction lock), exactly as they did in-process, so the one-connection rule of the brief still holds:
 * never call the database outside a transaction while that transaction is open, or it waits forever.
 *
 * Statements sent while heavy work runs (lib/heavy-work.ts: what goes through a concurrency limit, such as
 * search) go to the worker's heavy lane; the others are light and run before any queued heavy one (decision 050).
 * A new database can start from another's data directory (`dump`, then `loadDataDir`): no initdb, which is
 * most of the cost of opening one (tests start each file's database from a migrated template).
 */

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };
export type ThreadResults<Row = Record<string, unknown>> = {
  rows: Row[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
};

type Request =
  | {
      op: "query";
      text: string;
      params?: unknown[];
      rowMode?: string;
      rawDates?: boolean;
      tx?: number;
      heavy?: boolean;
    }
  | { op: "exec"; text: string; tx?: number; heavy?: boolean }
  | { op: "begin"; heavy?: boolean }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "dump" }
  | { op: "close" };

type Reply = { id: number; result?: unknown; error?: { message: string; name?: string; [field: string]: unknown } };

/** What `transaction` hands its callback: the same calls, inside the transaction. */
export type ThreadTransaction = {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<ThreadResults<Row>>;
  exec(text: string): Promise<ThreadResults[]>;
  rollback(): Promise<void>;
  closed: boolean;
};

function workerScript(): string {
  // From the sources (tests, tsx) the worker sits beside this file; in dist the build puts it beside main.js.
  for (const name of ["./pglite-worker.mjs", "./pglite-worker.js"]) {
    const candidate = fileURLToPath(new URL(name, import.meta.url));
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error("the PGlite worker script (pglite-worker.mjs) is missing next to the server's code");
}

/** An error from the worker, as the driver would have thrown it: same message, name and PostgreSQL fields. */
function reviveError(error: NonNullable<Reply["error"]>): Error {
  const { message, name, stack: _remoteStack, ...fields } = error;
  const revived = Object.assign(new Error(message), fields);
  if (name) revived.name = name;
  return revived;
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.error) waiting.reject(reviveError(reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the embedded database's thread stopped (exit code ${code})`)));
  }

  /**
   * Starts the worker and opens the database: a directory, or memory when none is given; `loadDataDir` (a
   * tarball from `dump`, for a database that does not exist yet) is its starting content, without initdb.
   */
  static async create(options: { dataDir?: string; loadDataDir?: string }): Promise<PGliteThread> {
    const worker = new Worker(workerScript(), {
      workerData: { dataDir: options.dataDir, loadDataDir: options.loadDataDir },
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off("message", onMessage);
        worker.off("error", reject);
        resolve();
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
    });
    return new PGliteThread(worker);
  }

  #send<Result>(request: Request): Promise<Result> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<Result>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #statement<Row>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number) {
    return this.#send<ThreadResults<Row>>({
      op: "query",
      text,
      params: params ?? [],
      // Drizzle asks for dates as text through parsers; the worker has the same set (functions cannot cross).
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(options?.parsers ? { rawDates: true } : {}),
      ...(tx === undefined ? (isHeavyWork() ? { heavy: true } : {}) : { tx }),
    });
  }

  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<ThreadResults<Row>> {
    return this.#statement<Row>(text, params, options);
  }

  exec(text: string): Promise<ThreadResults[]> {
    return this.#send({ op: "exec", text, ...(isHeavyWork() ? { heavy: true } : {}) });
  }

  /** The whole data directory as an uncompressed tarball, to start other databases from (`loadDataDir`). */
  dump(): Promise<Uint8Array> {
    return this.#send({ op: "dump" });
  }

  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.#send<number>({ op: "begin", ...(isHeavyWork() ? { heavy: true } : {}) });
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      handle.closed = true;
      await this.#send({ op: "end", tx: id, commit });
    };
    const handle: ThreadTransaction = {
      query: (text, params, options) => this.#statement(text, params, options, id),
      exec: (text) => this.#send({ op: "exec", text, tx: id }),
      rollback: () => end(false),
      closed: false,
    };
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      await end(false).catch(() => undefined);
      throw error;
    }
    await end(true);
    return result;
  }

  async close(): Promise<void> {
    if (!this.#failure) await this.#send({ op: "close" });
    await this.#worker.terminate();
  }
}
