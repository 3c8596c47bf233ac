import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import { applyMigrations } from "../src/db/migrate.ts";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). Tests never share rows.
 * `migrate: false` leaves it empty, for tests of the migrations themselves.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<DatabaseHandle> {
  const migrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ driver: "pglite" });
    if (migrate) await applyMigrations(handle);
    return handle;
  }
  const name = `tf_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: "postgres", url: url.toString(), poolSize: 5 });
  if (migrate) await applyMigrations(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A second, independent connection to the same database, as a second app instance would have.
 * PGlite lives inside this process, so there the "second instance" shares the one handle.
 */
export async function openSecondConnection(handle: DatabaseHandle): Promise<DatabaseHandle> {
  if (handle.driver === "pglite") return { ...handle, close: async () => undefined };
  return openDatabase({ driver: "postgres", url: handle.location, poolSize: 2 });
}
