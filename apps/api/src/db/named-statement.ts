import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./client.ts";

type PgliteClient = { query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }> };

/**
 * A raw SQL statement sent by name, for hot paths whose statement is not a Drizzle query builder (a function
 * call, a data-modifying CTE). On PostgreSQL, node-postgres prepares a named statement once per pooled
 * connection and PostgreSQL keeps its plan, so it is neither parsed nor planned again; PGlite runs it as is.
 * `text` uses $1, $2, … for its values. Runs outside any transaction (each call is its own statement).
 */
export function namedStatement<Row>(name: string, text: string): (db: Database, values: unknown[]) => Promise<Row[]> {
  return async (db, values) => {
    const client = (db as unknown as { $client: pg.Pool | PgliteClient }).$client;
    if (client instanceof pg.Pool) return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
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
