import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { applyMigrations } from "../db/migrate.ts";
import { retireDemoData } from "../seed/demo-data-guard.ts";
import { databaseOptionsFor } from "../server.ts";

/**
 * `npm run demo:remove`: retires the demo accounts and codes of the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR), so that a server with NODE_ENV=production starts (issue 25, decision 057).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFor(config));
  try {
    await applyMigrations(database);
    const retired = await retireDemoData(database.db);
    const what = [
      `${retired.accounts.length} demo account(s) disabled${retired.accounts.length > 0 ? ` (${retired.accounts.join(", ")})` : ""}`,
      `${retired.codes.length} demo code(s) ended${retired.codes.length > 0 ? ` (${retired.codes.join(", ")})` : ""}`,
    ];
    console.log(`${database.driver}: ${database.location}\n${what.join("\n")}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 78 : 1);
});
