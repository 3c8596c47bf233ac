import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import { applyMigrations } from "../src/db/migrate.ts";
import { adminQuery } from "./database-template.ts";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). Tests never share rows.
 * The integration project's global setup (database-template.ts) migrates once per run; each database here
 * starts as a copy of that one (PGlite: its data directory's tarball; PostgreSQL: `CREATE DATABASE …
 * TEMPLATE`). Without that setup (another runner), each database is migrated from scratch.
 * `migrate: false` leaves it empty, for tests of the migrations themselves.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<DatabaseHandle> {
  const migrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = migrate ? inject("pgliteTemplate") : undefined;
    const handle = await openDatabase({ driver: "pglite", ...(template ? { loadDataDir: template } : {}) });
    if (migrate && !template) await applyMigrations(handle);
    return handle;
  }
  const template = migrate ? inject("postgresTemplate") : undefined;
  const name = `tf_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database "${name}"${template ? ` template "${template}"` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: "postgres", url: url.toString(), poolSize: 5 });
  if (migrate && !template) await applyMigrations(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
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
