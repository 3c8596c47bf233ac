import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { checkLedger } from "../modules/orders/check-ledger.ts";
import { checkPayouts } from "../modules/payouts/check-payouts.ts";
import { databaseOptionsFor } from "../server.ts";

/**
 * `npm run ledger:check`: checks every order's money against its payments, refunds, the card processor's books
 * and the earnings ledger in the configured database (modules/orders/check-ledger.ts), and the artists' payouts
 * against the ledger (modules/payouts/check-payouts.ts), lists what it finds and
 * exits 1 when it finds anything (2 when it cannot run).
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFor(config));
  try {
    const findings = [...(await checkLedger(database.db)), ...(await checkPayouts(database.db))];
    for (const finding of findings) {
      console.log(`${finding.check}\t${finding.orderNumber ?? "-"}\t${finding.detail}`);
    }
    console.log(
      findings.length === 0
        ? `ledger:check: no findings (${database.driver}: ${database.location})`
        : `ledger:check: ${findings.length} finding(s) (${database.driver}: ${database.location})`,
    );
    return findings.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 2;
  },
);
