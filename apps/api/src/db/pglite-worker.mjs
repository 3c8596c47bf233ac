// The embedded database's own thread (decisions 047 and 050). PGlite runs PostgreSQL compiled to WASM
// synchronously on the thread that calls it; here that is this worker, so the server's event loop never waits
// for a query. Plain JavaScript so that Node runs it as is, from the sources (tests) and from dist (the build
// bundles it).
//
// workerData: { dataDir?, loadDataDir? }: where the data lives (memory when no directory) and a tarball of a
// data directory to start from (no initdb: tests load a migrated template).
//
// Messages from the owner, each answered with { id, result } or { id, error }:
//   { op: "query", text, params, rowMode, rawDates, tx, heavy }  one statement (in transaction `tx` when given)
//   { op: "exec", text, tx, heavy }                              a script of statements
//   { op: "begin", heavy }                                       opens a transaction; answers its id
//   { op: "end", tx, commit }                                    commits (or rolls back) that transaction
//   { op: "dump" }                                               the data directory as an uncompressed tarball
//   { op: "close" }
//
// One connection, two lanes. The database runs one thing at a time: a statement, or a transaction from its
// `begin` to its `end` (its own statements, which carry `tx`, run at once). What waits is kept here in two
// queues, and whenever the database is free the next one comes from the light lane first: a health check,
// sign-in or a cart statement waits for at most the one thing running, never for the heavy statements
// (`heavy`: work the server put through a concurrency limit, such as search) queued before it. So that heavy
// work is not starved by a stream of light statements, one heavy item goes after LIGHT_BEFORE_HEAVY light
// ones in a row have passed it.
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

// Drizzle's PGlite driver reads dates, timestamps and intervals (and their arrays) as text; it passes these
// parsers with its queries, and functions cannot cross threads, so `rawDates` asks for the same set here.
const identity = (value) => value;
const RAW_DATE_PARSERS = {
  [types.TIMESTAMP]: identity,
  [types.TIMESTAMPTZ]: identity,
  [types.INTERVAL]: identity,
  [types.DATE]: identity,
  1231: identity,
  1115: identity,
  1185: identity,
  1187: identity,
  1182: identity,
};

const LIGHT_BEFORE_HEAVY = 32;

/**
 * A tarball already read into memory, as the Blob PGlite takes for `loadDataDir` (it only asks for its bytes).
 * A plain Blob of the 43 MB template hands them back chunk by chunk on Node 20, which took 2 to 4 s per test
 * database on a busy machine; this one hands back the buffer read from disk (decision 063).
 */
class TarballInMemory extends Blob {
  #bytes;
  constructor(bytes) {
    super([], { type: "application/x-tar" });
    this.#bytes = bytes;
  }
  get size() {
    return this.#bytes.byteLength;
  }
  async arrayBuffer() {
    return this.#bytes.buffer.slice(this.#bytes.byteOffset, this.#bytes.byteOffset + this.#bytes.byteLength);
  }
}

const database = await PGlite.create({
  ...(workerData?.dataDir ? { dataDir: workerData.dataDir } : {}),
  ...(workerData?.loadDataDir ? { loadDataDir: new TarballInMemory(fs.readFileSync(workerData.loadDataDir)) } : {}),
  extensions: { pg_trgm },
});

/** Open transactions by id: PGlite's transaction object and how to end it. */
const transactions = new Map();
let nextTransaction = 1;

function target(tx) {
  if (tx === undefined) return database;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.handle;
}

/** Errors cross as plain objects: message, stack and PostgreSQL's fields (code, constraint, detail …). */
function serialiseError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function" || typeof value === "object") continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

class RollbackRequested extends Error {}

/** Transactions' outcomes by id: PGlite's `transaction` promise (it rejects with RollbackRequested on rollback). */
const outcomes = new Map();

/** Opens a transaction (PGlite sends BEGIN) and answers its id; it owns the database until `end`. */
function begin() {
  const id = nextTransaction++;
  return new Promise((resolveBegin, rejectBegin) => {
    let opened = false;
    const outcome = database.transaction(
      (handle) =>
        new Promise((resolveEnd, rejectEnd) => {
          opened = true;
          transactions.set(id, {
            handle,
            end: (commit) => (commit ? resolveEnd() : rejectEnd(new RollbackRequested())),
          });
          resolveBegin(id);
        }),
    );
    outcomes.set(id, outcome);
    outcome.catch((error) => {
      if (!opened) {
        outcomes.delete(id);
        rejectBegin(error);
      }
    });
  });
}

/** Ends a transaction and answers once PGlite has sent its COMMIT (or ROLLBACK); a failed COMMIT is an error. */
async function end(tx, commit) {
  const open = transactions.get(tx);
  const outcome = outcomes.get(tx);
  if (!open || !outcome) throw new Error(`transaction ${tx} is not open`);
  transactions.delete(tx);
  outcomes.delete(tx);
  open.end(commit);
  try {
    await outcome;
  } catch (error) {
    if (!(error instanceof RollbackRequested)) throw error;
  } finally {
    if (owner === tx) release();
  }
}

async function handle(message) {
  switch (message.op) {
    case "query":
      return target(message.tx).query(message.text, message.params ?? [], {
        ...(message.rowMode ? { rowMode: message.rowMode } : {}),
        ...(message.rawDates ? { parsers: RAW_DATE_PARSERS } : {}),
      });
    case "exec":
      return target(message.tx).exec(message.text);
    case "begin":
      return begin();
    case "end":
      return end(message.tx, message.commit);
    case "dump": {
      const tarball = await database.dumpDataDir("none");
      return new Uint8Array(await tarball.arrayBuffer());
    }
    case "close":
      await database.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

function reply(message, promise) {
  promise.then(
    (result) =>
      parentPort.postMessage({ id: message.id, result }, result instanceof Uint8Array ? [result.buffer] : undefined),
    (error) => parentPort.postMessage({ id: message.id, error: serialiseError(error) }),
  );
}

// The lanes. `owner` is what holds the database: "statement" while one runs, a transaction's id from its
// `begin` to its `end`, undefined when free.
const light = [];
const heavy = [];
let owner;
let lightInARow = 0;
let dispatchScheduled = false;

function release() {
  owner = undefined;
  scheduleDispatch();
}

/**
 * Picks the next item on the next turn of the event loop, not at once: the messages that arrived while the
 * database was busy are all queued by then, so a light one sent during a long heavy statement is seen.
 */
function scheduleDispatch() {
  if (dispatchScheduled || owner !== undefined) return;
  dispatchScheduled = true;
  setImmediate(dispatch);
}

function dispatch() {
  dispatchScheduled = false;
  if (owner !== undefined) return;
  const heavyTurn = heavy.length > 0 && (light.length === 0 || lightInARow >= LIGHT_BEFORE_HEAVY);
  const message = heavyTurn ? heavy.shift() : light.shift();
  if (!message) return;
  // Counts the light items that went ahead of waiting heavy work.
  lightInARow = heavyTurn || heavy.length === 0 ? 0 : lightInARow + 1;
  if (message.op === "begin") {
    owner = "opening";
    const opening = begin();
    opening.then(
      (id) => {
        owner = id;
      },
      () => release(),
    );
    reply(message, opening);
    return;
  }
  owner = "statement";
  const running = handle(message);
  running.then(release, release);
  reply(message, running);
}

parentPort.on("message", (message) => {
  // A transaction's own statements and its end belong to the owner of the database: they run at once.
  if (message.tx !== undefined) {
    reply(message, handle(message));
    return;
  }
  (message.heavy ? heavy : light).push(message);
  scheduleDispatch();
});
parentPort.postMessage({ ready: true });
