import { eq } from "drizzle-orm";
import { createInstantSandboxPayouts } from "../adapters/payouts/create-payouts.ts";
import type { AppContext } from "../context.ts";
import { payoutSettings, sellerProfiles } from "../db/schema/index.ts";
import { createPayoutRun } from "../modules/payouts/create-payout-run.ts";
import { submitPayoutRun } from "../modules/payouts/submit-payout-run.ts";
import { syncPayoutRun } from "../modules/payouts/sync-payouts.ts";
import { DEMO_ARTIST_UNIQUE_USERNAME } from "./demo-accounts.ts";

/** The demo artist's PayPal e-mail (confirmed) in the demo marketplace. */
export const DEMO_PAYPAL_EMAIL = "maya.paypal@threadfolk.test";

/**
 * The demo artist's payouts (issue 29): a confirmed PayPal e-mail and one payout, made the way the monthly run
 * makes it (recorded, sent through the local payout sandbox, read back), of what the demo sales made available.
 * Always the sandbox, answering at once: seeding never pays through a configured PayPal account.
 */
export async function seedDemoPayouts(context: AppContext): Promise<void> {
  const { db, config } = context;
  const [artist] = await db
    .select({ id: sellerProfiles.id })
    .from(sellerProfiles)
    .where(eq(sellerProfiles.uniqueUsername, DEMO_ARTIST_UNIQUE_USERNAME));
  if (!artist) throw new Error("demo payouts: the demo artist was not seeded");
  await db
    .insert(payoutSettings)
    .values({ sellerProfileId: artist.id, paypalEmail: DEMO_PAYPAL_EMAIL, paypalEmailConfirmedAt: new Date() });
  const port = createInstantSandboxPayouts(db);
  const made = await createPayoutRun({ db, provider: port.name, kind: "on_demand", requestedBy: "system:demo_seed" });
  if (!made) return;
  await submitPayoutRun({ db, config, port, runId: made.run.id });
  await syncPayoutRun({ db, config, port }, made.run.id);
}
