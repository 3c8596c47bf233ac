import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "../lib/paths.ts";
import type { DatabaseHandle } from "./client.ts";

const MIGRATION_LOCK_ID = 7_340_001;

/** Applies pending migrations; safe when several instances start at once (advisory lock). */
export async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  await handle.withExclusiveLock(MIGRATION_LOCK_ID, async (db) => {
    if (handle.driver === "pglite") {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    } else {
      await migratePostgres(db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    }
  });
}
