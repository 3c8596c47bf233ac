import { parseArgs } from "node:util";
import { OPERATOR_SETUP_LINK_HOURS } from "@threadfolk/contract/operators";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { applyMigrations } from "../db/migrate.ts";
import { createOperator, OperatorCreationError } from "../modules/operators/create-operator.ts";
import { databaseOptionsFor } from "../server.ts";

const USAGE = "Usage: npm run operator:create -- --email <e-mail> [--email <another e-mail>…]";

/**
 * `npm run operator:create -- --email <e-mail>`: makes an operator in the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR, as `npm start`) and prints a single-use set-up link (issue 28, decision 071). Run
 * again for an operator who has not finished set-up, it prints a new link and the old one stops working.
 */
async function main(): Promise<void> {
  let emails: string[] = [];
  try {
    emails = parseArgs({ options: { email: { type: "string", multiple: true } }, strict: true }).values.email ?? [];
  } catch (error) {
    throw new OperatorCreationError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (emails.length === 0) throw new OperatorCreationError(USAGE);
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFor(config));
  try {
    await applyMigrations(database);
    console.log(`${database.driver}: ${database.location}`);
    for (const email of emails) {
      const operator = await createOperator({ db: database.db, config, email });
      console.log(
        [
          `${operator.created ? "Operator created" : "New set-up link for the operator"}: ${operator.email}`,
          `Set-up link (single use, valid for ${OPERATOR_SETUP_LINK_HOURS} hours):`,
          operator.setupUrl,
        ].join("\n"),
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof OperatorCreationError) {
    console.error(error.message);
    process.exit(error instanceof ConfigError ? 78 : 64);
  }
  console.error(error);
  process.exit(1);
});
