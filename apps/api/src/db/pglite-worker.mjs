// The embedded database's own thread (decision 047). PGlite runs PostgreSQL compiled to WASM synchronously
// on the thread that calls it; here that is this worker, so the server's event loop never waits for a query.
// Plain JavaScript so that Node runs it as is, from the sources (tests) and from dist (the build bundles it).
//
// Messages from the owner, each answered with { id, result } or { id, error }:
//   { op: "query", text, params, rowMode, rawDates, tx }  one statement (in transaction `tx` when given)
//   { op: "exec", text, tx }                              a script of statements
//   { op: "begin" }                                        opens a transaction; answers its id
//   { op: "end", tx, commit }                              commits (or rolls back) that transaction
//   { op: "close" }
// While a transaction is open it owns the database: PGlite's own transaction lock makes statements without
// `tx` wait until it ends, as on one PostgreSQL connection.
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

const database = await PGlite.create({
  ...(workerData?.dataDir ? { dataDir: workerData.dataDir } : {}),
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

/** Opens a transaction (PGlite sends BEGIN once no other one is open) and answers its id. */
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
    case "close":
      await database.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

parentPort.on("message", (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: serialiseError(error) }),
  );
});
parentPort.postMessage({ ready: true });
