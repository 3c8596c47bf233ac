import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";

type PgliteClient = { query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }> };

/** A Drizzle database or transaction: its session's client is the pool, a pooled client or PGlite (or its transaction). */
type Executor = object;

/**
 * The driver client under a Drizzle database or transaction. Drizzle keeps it on its session (not public API,
 * but what every query of it runs on); for a transaction it is the transaction's own connection, so a named
 * statement inside a transaction runs inside it.
 */
function driverClient(db: Executor): pg.Pool | pg.Client | PgliteClient {
  const client = (db as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error("namedStatement: not a Drizzle database or transaction");
  return client as pg.Pool | pg.Client | PgliteClient;
}

/**
 * A raw SQL statement sent by name, for hot paths where a Drizzle query builder costs more than the query (a
 * function call, a wide join mapped by hand). On PostgreSQL, node-postgres prepares a named statement once per
 * connection and PostgreSQL keeps its plan, so it is neither parsed nor planned again; PGlite runs it as is.
 * `text` uses $1, $2, … for its values; rows come back as the driver decodes them.
 */
export function namedStatement<Row>(name: string, text: string): (db: Executor, values: unknown[]) => Promise<Row[]> {
  return async (db, values) => {
    const client = driverClient(db);
    if (client instanceof pg.Pool || client instanceof pg.Client) {
      return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
    }
    return (await client.query<Row>(text, values)).rows;
  };
}

const dialect = new PgDialect();

/**
 * A Drizzle SQL template as statement text for namedStatement, so shared SQL fragments (the listing rule, say)
 * are written once. The template must carry no values of its own: they are the named statement's `$n`.
 */
export function renderStatement(template: SQL): string {
  const rendered = dialect.sqlToQuery(template);
  if (rendered.params.length > 0) throw new Error("renderStatement: the template must not carry values");
  return rendered.sql;
}
