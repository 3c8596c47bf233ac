import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { applyMigrations } from "./db/migrate.ts";
import { databaseOptionsFor } from "./server.ts";

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFor(config));
  try {
    await applyMigrations(database);
    console.log(`Migrations applied (${database.driver}: ${database.location}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
