// Global setup of the integration project (vitest.config.ts), run once per `vitest run` before any test file:
// migrates one database from scratch, and test-database.ts starts every test file's own database as a copy of
// it instead of running the migrations again (decision 050). On PostgreSQL (TEST_DATABASE_URL) it is a
// template database that `CREATE DATABASE … TEMPLATE` copies; on PGlite, the migrated data directory as a
// tarball that each new PGlite loads instead of running initdb. Both are removed when the run ends.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { applyMigrations } from "../src/db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory (PGlite runs). */
    pgliteTemplate?: string;
    /** A migrated database on the TEST_DATABASE_URL server, to copy (PostgreSQL runs). */
    postgresTemplate?: string;
  }
}

export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `tf_template_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ driver: "postgres", url: url.toString(), poolSize: 1 });
    try {
      await applyMigrations(handle);
    } finally {
      // Nobody may stay connected to a template while it is copied.
      await handle.close();
    }
    project.provide("postgresTemplate", name);
    return () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  }
  const handle = await openDatabase({ driver: "pglite" });
  let tarball: Uint8Array;
  try {
    await applyMigrations(handle);
    // Written out to the data files, so that each copy starts without replaying the migrations' WAL.
    await handle.db.execute(sql`checkpoint`);
    if (!handle.dumpDataDir) throw new Error("the PGlite handle cannot dump its data directory");
    tarball = await handle.dumpDataDir();
  } finally {
    await handle.close();
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "threadfolk-template-"));
  const file = path.join(directory, "migrated.tar");
  fs.writeFileSync(file, tarball);
  project.provide("pgliteTemplate", file);
  return async () => fs.rmSync(directory, { recursive: true, force: true });
}
