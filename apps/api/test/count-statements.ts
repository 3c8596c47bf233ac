import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";
import type { DatabaseHandle } from "../src/db/client.ts";

/**
 * Records the SQL statements an app sends to its database, on both drivers, by wrapping the driver client
 * under Drizzle (`db.$client`): every statement counts once, BEGIN and COMMIT included, so a pinned count
 * means the same on PGlite and PostgreSQL.
 *
 * - node-postgres: `$client` is the pool. Every statement, pooled or in a transaction, runs through a pool
 *   client's `query`, and the pool announces each client it hands out (`acquire`): each is wrapped once.
 * - PGlite: `$client` is the instance. Statements go through its `query` and `exec`, and a transaction's
 *   through the transaction object it hands to the callback; `transaction` itself sends BEGIN and COMMIT
 *   (or ROLLBACK).
 */
export type StatementRecorder = {
  /** Runs `action` and answers the statements sent while it ran (nothing else may use the database meanwhile). */
  record(action: () => Promise<unknown>): Promise<string[]>;
  /** Puts the driver back as it was. */
  restore(): void;
};

type QueryText = string | { text?: string } | undefined;

function statementText(query: QueryText): string {
  const text = typeof query === "string" ? query : (query?.text ?? "");
  return text.replace(/\s+/g, " ").trim();
}

export function recordStatements(handle: DatabaseHandle): StatementRecorder {
  let statements: string[] | undefined;
  const note = (query: QueryText) => statements?.push(statementText(query));
  let restore: () => void;

  if (handle.driver === "postgres") {
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const wrapped = new WeakSet<pg.PoolClient>();
    const originals = new Map<pg.PoolClient, pg.PoolClient["query"]>();
    const onAcquire = (client: pg.PoolClient) => {
      if (wrapped.has(client)) return;
      wrapped.add(client);
      const original = client.query;
      originals.set(client, original);
      client.query = ((...args: Parameters<pg.PoolClient["query"]>) => {
        note(args[0] as QueryText);
        return (original as (...values: unknown[]) => unknown).apply(client, args);
      }) as pg.PoolClient["query"];
    };
    pool.on("acquire", onAcquire);
    restore = () => {
      pool.off("acquire", onAcquire);
      for (const [client, original] of originals) client.query = original;
    };
  } else {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const { query, exec, transaction } = client;
    client.query = ((text: string, ...rest: unknown[]) => {
      note(text);
      return (query as (...values: unknown[]) => unknown).call(client, text, ...rest);
    }) as PGlite["query"];
    client.exec = ((text: string, ...rest: unknown[]) => {
      note(text);
      return (exec as (...values: unknown[]) => unknown).call(client, text, ...rest);
    }) as PGlite["exec"];
    client.transaction = (async <T>(callback: (tx: Transaction) => Promise<T>) => {
      note("BEGIN");
      let finished = "COMMIT";
      try {
        return await transaction.call(client, (tx: Transaction) => {
          const counted: Transaction = Object.create(tx);
          counted.query = ((text: string, ...rest: unknown[]) => {
            note(text);
            return (tx.query as (...values: unknown[]) => unknown).call(tx, text, ...rest);
          }) as Transaction["query"];
          counted.exec = ((text: string, ...rest: unknown[]) => {
            note(text);
            return (tx.exec as (...values: unknown[]) => unknown).call(tx, text, ...rest);
          }) as Transaction["exec"];
          return callback(counted);
        });
      } catch (error) {
        finished = "ROLLBACK";
        throw error;
      } finally {
        note(finished);
      }
    }) as PGlite["transaction"];
    restore = () => {
      client.query = query;
      client.exec = exec;
      client.transaction = transaction;
    };
  }

  return {
    async record(action) {
      statements = [];
      try {
        await action();
        return statements;
      } finally {
        statements = undefined;
      }
    },
    restore,
  };
}

/** Runs `action` under `recorder`: how many statements it sent, and their numbered list (an assertion's message). */
export async function countStatements(
  recorder: StatementRecorder,
  action: () => Promise<unknown>,
): Promise<{ count: number; list: string }> {
  const statements = await recorder.record(action);
  return { count: statements.length, list: statements.map((text, index) => `${index + 1}. ${text}`).join("\n") };
}
