import { PAYOUTS_PAGE_SIZE } from "@threadfolk/contract/studio-payouts";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { payoutItems, payoutRuns } from "../../db/schema/index.ts";
import { selectRows } from "../../db/select-rows.ts";
import { type Balances, findArtistBalances } from "./balances.ts";
import { nextPayoutDate, payoutPeriodOf } from "./create-payout-run.ts";
import { getPayoutSettings, type PayoutSettingsRow } from "./payout-settings.ts";

/** The artist's side of payouts: their payouts (items), the entries each pays, the next payout. */

export type ArtistPayoutRow = {
  id: string;
  createdAt: Date;
  status: (typeof payoutItems.$inferSelect)["status"];
  statusReason: string | null;
  amountCents: number;
  receiverEmail: string;
  entryCount: number;
};

/** One page of the artist's payouts, newest first. */
export async function listArtistPayouts(options: {
  db: Database;
  sellerProfileId: string;
  page: number;
}): Promise<{ rows: ArtistPayoutRow[]; totalCount: number }> {
  const { db, sellerProfileId, page } = options;
  const rows = await db
    .select({
      id: payoutItems.id,
      createdAt: payoutItems.createdAt,
      status: payoutItems.status,
      statusReason: payoutItems.statusReason,
      amountCents: payoutItems.amountCents,
      receiverEmail: payoutItems.receiverEmail,
      entryCount:
        sql<number>`(select count(*) from payout_item_entries l where l.payout_item_id = ${payoutItems.id})`.mapWith(
          Number,
        ),
    })
    .from(payoutItems)
    .where(eq(payoutItems.sellerProfileId, sellerProfileId))
    .orderBy(desc(payoutItems.createdAt), desc(payoutItems.id))
    .limit(PAYOUTS_PAGE_SIZE)
    .offset((page - 1) * PAYOUTS_PAGE_SIZE);
  const [total] = await db
    .select({ count: count() })
    .from(payoutItems)
    .where(eq(payoutItems.sellerProfileId, sellerProfileId));
  return { rows, totalCount: total?.count ?? 0 };
}

/** One of the artist's payouts; undefined when it is not theirs or does not exist. */
export async function findArtistPayout(options: {
  db: Database;
  payoutId: string;
}): Promise<(ArtistPayoutRow & { sellerProfileId: string }) | undefined> {
  const [row] = await options.db
    .select({
      id: payoutItems.id,
      sellerProfileId: payoutItems.sellerProfileId,
      createdAt: payoutItems.createdAt,
      status: payoutItems.status,
      statusReason: payoutItems.statusReason,
      amountCents: payoutItems.amountCents,
      receiverEmail: payoutItems.receiverEmail,
      entryCount:
        sql<number>`(select count(*) from payout_item_entries l where l.payout_item_id = ${payoutItems.id})`.mapWith(
          Number,
        ),
    })
    .from(payoutItems)
    .where(eq(payoutItems.id, options.payoutId));
  return row;
}

export type PayoutLineRow = {
  entryId: number;
  kind: "sale" | "refund";
  orderNumber: string;
  soldAt: Date;
  designName: string;
  quantity: number;
  earningsCents: number;
};

/** The ledger entries a payout pays (sales, and the refunds netted against them), oldest sale first. */
export async function findPayoutLines(options: { db: Database; payoutId: string }): Promise<PayoutLineRow[]> {
  const rows = await selectRows<{
    id: string | number;
    kind: string;
    order_number: string;
    sold_at: string | Date;
    design_name: string;
    quantity: number;
    earnings_cents: number;
  }>(
    options.db,
    sql`select e.id, e.kind, o.order_number, coalesce(o.paid_at, e.created_at) as sold_at, d.display_name as design_name,
      e.quantity, e.artist_earnings_cents as earnings_cents
    from payout_item_entries l
    join earnings_entries e on e.id = l.earnings_entry_id
    join orders o on o.id = e.order_id
    join designs d on d.id = e.design_id
    where l.payout_item_id = ${options.payoutId}
    order by coalesce(o.paid_at, e.created_at), e.id`,
  );
  return rows.map((row) => ({
    entryId: Number(row.id),
    kind: row.kind === "sale" ? "sale" : "refund",
    orderNumber: row.order_number,
    soldAt: new Date(row.sold_at),
    designName: row.design_name,
    quantity: row.quantity,
    earningsCents: row.earnings_cents,
  }));
}

export type PayoutSummaryFigures = {
  balances: Balances;
  settings: PayoutSettingsRow;
  nextPayout: { date: Date; amountCents: number; blockedReason: string | null };
};

/** Why the next run would pay the artist nothing, or null when it would pay the available balance. */
export function payoutBlockedReason(options: {
  settings: PayoutSettingsRow;
  availableCents: number;
  at: Date;
}): string | null {
  const { settings, availableCents, at } = options;
  if (settings.operatorHoldReason) return "Your payouts are on hold. Contact support to learn more.";
  if (!settings.paypalEmail) return "Add and confirm your PayPal e-mail to be paid.";
  if (settings.heldUntil && settings.heldUntil > at)
    return `Payouts are held until ${settings.heldUntil.toISOString().slice(0, 10)} after your PayPal e-mail changed.`;
  if (availableCents < settings.minimumPayoutCents) return "Your available balance is below your minimum payout.";
  return null;
}

/** The Sales page's payout figures: balances, settings and the next scheduled payout (date and amount). */
export async function getPayoutSummary(options: {
  db: Database;
  config: Pick<Config, "PAYOUT_RUN_DAY">;
  sellerProfileId: string;
  now?: Date;
}): Promise<PayoutSummaryFigures> {
  const { db, sellerProfileId, now = new Date() } = options;
  const balances = await findArtistBalances({ db, sellerProfileId, asOf: now });
  const settings = await getPayoutSettings({ db, sellerProfileId });
  const [ran] = await db
    .select({ id: payoutRuns.id })
    .from(payoutRuns)
    .where(and(eq(payoutRuns.period, payoutPeriodOf(now))));
  const date = nextPayoutDate({ now, runDay: options.config.PAYOUT_RUN_DAY, ranThisMonth: Boolean(ran) });
  const blockedReason = payoutBlockedReason({ settings, availableCents: balances.availableCents, at: date });
  return {
    balances,
    settings,
    nextPayout: { date, amountCents: blockedReason ? 0 : balances.availableCents, blockedReason },
  };
}
