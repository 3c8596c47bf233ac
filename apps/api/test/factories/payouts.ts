import { randomBytes } from "node:crypto";
import { EARNINGS_HOLD_DAYS_AFTER_DELIVERY } from "@threadfolk/contract/studio";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";
import { earningsEntries, orders, payoutSettings } from "../../src/db/schema/index.ts";
import { recordOrderEarnings } from "../../src/modules/earnings/record-order-earnings.ts";
import { type Artist, buildArtist, buildDesign } from "./catalogue.ts";
import { buildPaidOrder } from "./paid-orders.ts";
import { createTestUser } from "./users.ts";

const DAY = 86_400_000;

/** An artist (with their user account) whose PayPal e-mail is confirmed, with the given minimum. */
export async function buildPayableArtist(
  db: Database,
  options: { paypalEmail?: string; minimumPayoutCents?: number; withoutPayPal?: boolean } = {},
) {
  const user = await createTestUser(db);
  const artist = await buildArtist(db, { userId: user.id });
  const paypalEmail = options.paypalEmail ?? `artist-${randomBytes(4).toString("hex")}@paypal.example.com`;
  if (!options.withoutPayPal) {
    await db.insert(payoutSettings).values({
      sellerProfileId: artist.id,
      paypalEmail,
      paypalEmailConfirmedAt: new Date(),
      minimumPayoutCents: options.minimumPayoutCents ?? 2000,
    });
  }
  return { user, artist, paypalEmail };
}

/**
 * A paid order of one of the artist's designs whose earnings the ledger recorded, delivered `deliveredDaysAgo`
 * days ago (default: past the hold, so available), or not delivered (null). Answers the artist's earnings.
 */
export async function buildArtistSale(
  db: Database,
  options: { artist: Artist; priceCents?: number; quantity?: number; deliveredDaysAgo?: number | null },
) {
  const design = await buildDesign(db, { artist: options.artist, priceCents: options.priceCents ?? 3000 });
  const delivered = options.deliveredDaysAgo !== null;
  const paid = await buildPaidOrder(db, {
    lines: [{ variant: design.defaultVariant, quantity: options.quantity ?? 1 }],
    state: delivered ? "delivered" : "paid",
  });
  if (delivered) {
    const days = options.deliveredDaysAgo ?? EARNINGS_HOLD_DAYS_AFTER_DELIVERY + 1;
    await db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - days * DAY) })
      .where(eq(orders.id, paid.order.id));
  }
  await recordOrderEarnings({ db, orderId: paid.order.id });
  const [earned] = await db
    .select({ cents: sql<number>`sum(${earningsEntries.artistEarningsCents})::int` })
    .from(earningsEntries)
    .where(eq(earningsEntries.orderId, paid.order.id));
  return { ...paid, design, earningsCents: earned?.cents ?? 0 };
}
