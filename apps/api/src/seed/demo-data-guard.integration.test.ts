import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestUser } from "../../test/factories/users.ts";
import { createTestDatabase } from "../../test/test-database.ts";
import { testConfig } from "../../test/test-server.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { DemoDataInProductionError, startServer } from "../server.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { findLiveDemoData, RETIRE_DEMO_DATA_SQL, retireDemoData } from "./demo-data-guard.ts";
import { seedDemoPromoCodes } from "./demo-promo-codes.ts";

const handles: DatabaseHandle[] = [];

afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

/** A database holding what the demo seed leaves that matters: the two demo accounts and the demo codes. */
async function databaseWithDemoData(): Promise<DatabaseHandle> {
  const database = await createTestDatabase();
  handles.push(database);
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    await createTestUser(database.db, { email: account.email, username: account.username });
  }
  await seedDemoPromoCodes({ db: database.db });
  return database;
}

describe("a production server and the demo data", () => {
  it("refuses to start while demo accounts or codes work, saying how to retire them; starts once they are retired", async () => {
    const database = await databaseWithDemoData();
    const config = testConfig({ NODE_ENV: "production" });
    const refusal = await startServer(config, { database, logger: false }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DemoDataInProductionError);
    const message = (refusal as Error).message;
    expect(message).toContain(DEMO_ACCOUNTS.shopper.email);
    expect(message).toContain("GIFT-100");
    expect(message).toContain("npm run demo:remove");
    expect(message).toContain(RETIRE_DEMO_DATA_SQL.split("\n")[0]);

    const retired = await retireDemoData(database.db);
    expect(retired.accounts).toHaveLength(2);
    expect(await findLiveDemoData(database.db)).toEqual({ accounts: [], codes: [] });
    const server = await startServer(config, { database, logger: false });
    const health = await fetch(`${server.url.replace("localhost", "127.0.0.1")}/healthz`);
    expect(health.status).toBe(200);
    await server.close();
  }, 120_000);

  it("retires the same with the SQL the message prints", async () => {
    const database = await databaseWithDemoData();
    for (const statement of RETIRE_DEMO_DATA_SQL.split("\n")) await database.db.execute(sql.raw(statement));
    expect(await findLiveDemoData(database.db)).toEqual({ accounts: [], codes: [] });
  }, 120_000);
});
