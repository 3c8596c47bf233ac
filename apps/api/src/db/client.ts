import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { PGliteThread } from "./pglite-thread.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  /** Where the data lives, for logs: a directory, "memory" or the server URL without credentials. */
  location: string;
  /** The PostgreSQL server's URL, credentials included (for connections of their own, such as LISTEN). */
  url?: string;
  /** Runs `fn` while holding an exclusive, cross-process lock (a PostgreSQL advisory lock). */
  withExclusiveLock<T>(lockId: number, fn: (db: Database) => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as an uncompressed tarball, which `loadDataDir` starts another from. */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { driver: "postgres"; url: string; poolSize?: number }
  /** `loadDataDir`: a tarball from `dumpDataDir` that a new database starts from (tests: a migrated template). */
  | { driver: "pglite"; dataDir?: string; loadDataDir?: string };

function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** Opens the database: node-postgres when a URL is given, otherwise embedded PGlite (on disk or in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // No JIT compilation: a request's statements are short, and when the planner's estimate of a big one
      // passed the JIT thresholds, compiling it took longer than running it (0.6 s of a price sort's 1.6 s).
      options: "-c jit=off",
    });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it. Queries in flight report their own error.
    });
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      location: redactUrl(options.url),
      url: options.url,
      async withExclusiveLock(lockId, fn) {
        const client = new pg.Client({ connectionString: options.url });
        await client.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [lockId]);
          const lockedDb = drizzlePostgres({ client, schema }) as unknown as Database;
          return await fn(lockedDb);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [lockId]).catch(() => undefined);
          await client.end();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // PGlite runs on a worker thread of its own, so its queries never block this thread (db/pglite-thread.ts).
  const client = await PGliteThread.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // Drizzle's PGlite driver only calls query, exec and transaction, which the thread's client offers.
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    location: options.dataDir ? path.resolve(options.dataDir) : "memory",
    // PGlite is one connection inside this process: it already runs one thing at a time.
    withExclusiveLock: (_lockId, fn) => fn(db),
    dumpDataDir: () => client.dump(),
    close: () => client.close(),
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
