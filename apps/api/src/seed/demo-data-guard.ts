import { and, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { promoCodes, users } from "../db/schema/index.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { DEMO_PROMO_CODES } from "./demo-promo-codes.ts";

/**
 * The demo marketplace's keys to the shop (issue 25): accounts whose password the README publishes and codes
 * worth money (a $100 gift card). A production server refuses to start while any of them works; the demo
 * catalogue itself (artists, designs) is harmless and stays until someone deletes it.
 */

const DEMO_EMAILS = Object.values(DEMO_ACCOUNTS).map((account) => account.email.toLowerCase());
const DEMO_CODES = DEMO_PROMO_CODES.map((code) => code.code);

/** What still works of the demo data: demo accounts that can sign in and demo codes that can be redeemed. */
export type LiveDemoData = { accounts: string[]; codes: string[] };

export async function findLiveDemoData(db: Database): Promise<LiveDemoData> {
  const accounts = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, DEMO_EMAILS), isNull(users.disabledAt)));
  const codes = await db
    .select({ code: promoCodes.code })
    .from(promoCodes)
    .where(and(inArray(promoCodes.code, DEMO_CODES), or(isNull(promoCodes.endsAt), sql`${promoCodes.endsAt} > now()`)));
  return { accounts: accounts.map((row) => row.email).sort(), codes: codes.map((row) => row.code).sort() };
}

/** The same as `npm run demo:remove`, in SQL, for an operator with only a database prompt. */
export const RETIRE_DEMO_DATA_SQL = [
  `update users set disabled_at = now() where lower(email) in (${DEMO_EMAILS.map((email) => `'${email}'`).join(", ")}) and disabled_at is null;`,
  `update promo_codes set ends_at = now() where code in (${DEMO_CODES.map((code) => `'${code}'`).join(", ")}) and (ends_at is null or ends_at > now());`,
].join("\n");

/**
 * Retires the demo data: the demo accounts are disabled (they can no longer sign in, and their tokens stop
 * working) and the demo codes end now. Nothing is deleted: orders and ledgers that name them stay whole.
 */
export async function retireDemoData(db: Database): Promise<LiveDemoData> {
  const live = await findLiveDemoData(db);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ disabledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(inArray(sql`lower(${users.email})`, DEMO_EMAILS), isNull(users.disabledAt)));
    await tx
      .update(promoCodes)
      .set({ endsAt: sql`now()` })
      .where(
        and(inArray(promoCodes.code, DEMO_CODES), or(isNull(promoCodes.endsAt), sql`${promoCodes.endsAt} > now()`)),
      );
  });
  return live;
}

/** The reason a production server gives for not starting, with both ways out. */
export function demoDataRefusal(live: LiveDemoData): string {
  const found = [
    live.accounts.length > 0 ? `demo accounts (${live.accounts.join(", ")}) whose password is public` : undefined,
    live.codes.length > 0 ? `demo codes (${live.codes.join(", ")}) worth money` : undefined,
  ].filter(Boolean);
  return [
    `NODE_ENV=production, but this database holds ${found.join(" and ")}: the server will not start with them.`,
    "Retire them (the accounts are disabled and the codes end; nothing is deleted) with the same DATABASE_URL or DATA_DIR:",
    "  npm run demo:remove",
    "or in SQL:",
    ...RETIRE_DEMO_DATA_SQL.split("\n").map((line) => `  ${line}`),
    "To try the demo instead, start with NODE_ENV=development (what `npm start` does).",
  ].join("\n");
}
