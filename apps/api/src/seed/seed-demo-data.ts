import { eq } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { appSettings } from "../db/schema/index.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { seedDemoPayouts } from "./demo-payouts.ts";
import { seedDemoPromoCodes } from "./demo-promo-codes.ts";
import { seedDemoSales } from "./demo-sales.ts";
import { createCatalogueSeedSteps } from "./seed-catalogue.ts";
import type { SeedStep } from "./seed-step.ts";

const SEED_MARKER_KEY = "demo_seed";

/** The steps that fill the demo marketplace; each capability adds its own. */
export const DEMO_SEED_STEPS: SeedStep[] = [
  ...createCatalogueSeedSteps(),
  { name: "demo accounts", run: seedDemoAccounts },
  { name: "gift cards and coupon codes", run: seedDemoPromoCodes },
  { name: "the demo artist's sales", run: seedDemoSales },
  { name: "the demo artist's payouts", run: seedDemoPayouts },
];

/**
 * Seeds the demo marketplace once per database. The marker row makes it idempotent, and the caller
 * holds a cross-process lock so two instances starting together do not both seed.
 */
export async function seedDemoData(context: AppContext, log: (message: string) => void): Promise<boolean> {
  const existing = await context.db.select().from(appSettings).where(eq(appSettings.key, SEED_MARKER_KEY));
  if (existing.length > 0) return false;
  log("seeding the demo marketplace (first start only)…");
  for (const step of DEMO_SEED_STEPS) {
    const startedAt = performance.now();
    await step.run(context);
    log(`seeded ${step.name} in ${Math.round(performance.now() - startedAt)} ms`);
  }
  await context.db.insert(appSettings).values({
    key: SEED_MARKER_KEY,
    value: { seededAt: new Date().toISOString(), steps: DEMO_SEED_STEPS.map((s) => s.name) },
  });
  return true;
}
