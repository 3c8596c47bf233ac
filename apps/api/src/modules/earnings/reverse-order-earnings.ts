import { type Cents, splitProportionally, toCents } from "@threadfolk/contract/money";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { earningsEntries, orders, paymentRefunds } from "../../db/schema/index.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import type { EarningsEntry, Executor, NewEarningsEntry } from "./queries.ts";
import { insertEarningsEntries } from "./queries.ts";
import { recordOrderEarnings } from "./record-order-earnings.ts";

/** Why entries are reversed. */
export type ReversalReason = "refund";

/** The amounts of an entry that a reversal gives back (the platform's share is what balances them). */
const PARTS = ["grossCents", "discountCents", "productionCostCents", "artistEarningsCents"] as const;
type Part = (typeof PARTS)[number];

/** A sale with what its reversals so far have taken off it (positive numbers). */
type SaleLeft = { sale: EarningsEntry; reversed: Record<Part, number> & { quantity: number } };

async function salesWithReversals(db: Executor, orderId: string): Promise<SaleLeft[]> {
  const entries: EarningsEntry[] = await db
    .select()
    .from(earningsEntries)
    .where(eq(earningsEntries.orderId, orderId))
    .orderBy(asc(earningsEntries.id));
  const sales = entries.filter((entry) => entry.kind === "sale");
  return sales.map((sale) => {
    const reversed = { grossCents: 0, discountCents: 0, productionCostCents: 0, artistEarningsCents: 0, quantity: 0 };
    for (const entry of entries) {
      if (entry.reversesEntryId !== sale.id) continue;
      for (const part of PARTS) reversed[part] -= entry[part];
      reversed.quantity -= entry.quantity;
    }
    return { sale, reversed };
  });
}

/** `amount` x numerator / denominator rounded half-up (the shop's one rounding rule, contract money.ts). */
function shareHalfUp(amount: number, numerator: number, denominator: number): Cents {
  const exact = BigInt(amount) * BigInt(numerator);
  const divisor = BigInt(denominator);
  return toCents(Number((2n * exact + divisor) / (2n * divisor)));
}

/** A reversal entry taking `amounts` (positive) off `left`'s sale, or undefined when it would take nothing. */
function reversalOf(
  left: SaleLeft,
  amounts: Record<Part, number>,
  reason: ReversalReason,
  refundId: string | null,
): NewEarningsEntry | undefined {
  const { sale, reversed } = left;
  if (PARTS.every((part) => amounts[part] === 0)) return undefined;
  // Every unit goes back with the last cent of the line's price; a part of the price keeps the units sold.
  const grossLeft = sale.grossCents - reversed.grossCents - amounts.grossCents;
  const quantity = grossLeft === 0 ? sale.quantity - reversed.quantity : 0;
  const platform =
    amounts.grossCents - amounts.discountCents - amounts.productionCostCents - amounts.artistEarningsCents;
  return {
    kind: "reversal",
    orderId: sale.orderId,
    orderLineItemId: sale.orderLineItemId,
    sellerProfileId: sale.sellerProfileId,
    designId: sale.designId,
    quantity: -quantity,
    grossCents: -amounts.grossCents,
    discountCents: -amounts.discountCents,
    productionCostCents: -amounts.productionCostCents,
    artistEarningsCents: -amounts.artistEarningsCents,
    platformShareCents: -platform,
    artistSharePercent: sale.artistSharePercent,
    reversesEntryId: sale.id,
    reason,
    refundId,
  };
}

/** What is left of each part of a sale. */
function leftOf({ sale, reversed }: SaleLeft): Record<Part, number> {
  return {
    grossCents: sale.grossCents - reversed.grossCents,
    discountCents: sale.discountCents - reversed.discountCents,
    productionCostCents: sale.productionCostCents - reversed.productionCostCents,
    artistEarningsCents: sale.artistEarningsCents - reversed.artistEarningsCents,
  };
}

/**
 * The reversals of one refund (decision 053), appended once (a unique key: the sale and the refund):
 * - a refund naming lines reverses what is left of those lines' sales, whole;
 * - any other refund reverses the order's earnings in proportion: after it, each part of the ledger (gross,
 *   discount, production, artist) is reversed by the order's refunded share of its total (all its succeeded
 *   refunds over what the order cost, rounded half-up; all of it once the order is refunded in full). What this
 *   refund adds is shared between the lines in proportion to what is left of each, to the cent
 *   (`splitProportionally`), so the reversals add up exactly and no line is reversed past its sale.
 * The order's sales are recorded first when the earnings job has not run yet. Pass the refund's transaction.
 * Returns how many reversals were appended.
 */
export async function reverseRefundEarnings({ db, refundId }: { db: Executor; refundId: string }): Promise<number> {
  const [refund] = await db
    .select({ orderId: paymentRefunds.orderId, status: paymentRefunds.status, lineIds: paymentRefunds.lineIds })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.id, refundId));
  if (!refund) throw new Error(`refund ${refundId} does not exist`);
  if (refund.status !== "succeeded") throw new Error(`refund ${refundId} is ${refund.status}, not succeeded`);
  const [done] = await db
    .select({ id: earningsEntries.id })
    .from(earningsEntries)
    .where(eq(earningsEntries.refundId, refundId))
    .limit(1);
  if (done) return 0;
  await recordOrderEarnings({ db, orderId: refund.orderId });
  const lefts = await salesWithReversals(db, refund.orderId);
  if (lefts.length === 0) return 0;
  const reversals: NewEarningsEntry[] = [];
  if (refund.lineIds && refund.lineIds.length > 0) {
    const named = new Set(refund.lineIds);
    for (const left of lefts) {
      if (!named.has(left.sale.orderLineItemId)) continue;
      const entry = reversalOf(left, leftOf(left), "refund", refundId);
      if (entry) reversals.push(entry);
    }
    return insertEarningsEntries({ db, entries: reversals });
  }
  const [order] = await db
    .select({
      totalCents: orders.totalCents,
      refundedCents: sql<number>`(select coalesce(sum(r.amount_cents), 0) from payment_refunds r
        where r.order_id = ${refund.orderId} and r.status = 'succeeded')`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  const totalCents = order?.totalCents ?? 0;
  if (!order || totalCents <= 0) return 0;
  const refunded = Math.min(order.refundedCents, totalCents);
  const amounts = lefts.map(() => ({
    grossCents: 0,
    discountCents: 0,
    productionCostCents: 0,
    artistEarningsCents: 0,
  }));
  for (const part of PARTS) {
    const whole = lefts.reduce((sum, left) => sum + left.sale[part], 0);
    const already = lefts.reduce((sum, left) => sum + left.reversed[part], 0);
    const target = refunded >= totalCents ? whole : shareHalfUp(whole, refunded, totalCents);
    const add = target - already;
    if (add <= 0) continue;
    const weights = lefts.map((left) => Math.max(0, left.sale[part] - left.reversed[part]));
    if (weights.every((weight) => weight === 0)) continue;
    splitProportionally(toCents(add), weights).forEach((cents, index) => {
      const slot = amounts[index];
      if (slot) slot[part] = cents;
    });
  }
  lefts.forEach((left, index) => {
    const entry = reversalOf(left, amounts[index] as Record<Part, number>, "refund", refundId);
    if (entry) reversals.push(entry);
  });
  return insertEarningsEntries({ db, entries: reversals });
}

/**
 * Reverses what is left of every sale of an order (or of the lines `orderLineItemIds`), for a refund that is not
 * a record of ours (`refundId` null). Idempotent like the refunds' reversals.
 */
export async function reverseOrderEarnings({
  db,
  orderId,
  orderLineItemIds,
  reason = "refund",
}: {
  db: Executor;
  orderId: string;
  orderLineItemIds?: number[];
  reason?: ReversalReason;
}): Promise<number> {
  await recordOrderEarnings({ db, orderId });
  const lefts = await salesWithReversals(db, orderId);
  const reversals: NewEarningsEntry[] = [];
  for (const left of lefts) {
    if (orderLineItemIds && !orderLineItemIds.includes(left.sale.orderLineItemId)) continue;
    const entry = reversalOf(left, leftOf(left), reason, null);
    if (entry) reversals.push(entry);
  }
  return insertEarningsEntries({ db, entries: reversals });
}

/**
 * The `reverse_order_earnings` job: enqueued once per refunded order (dedupe key: the order id) for a refund
 * made outside the shop (a PayPal REVERSED capture). Reverses what is left of every sale of the order.
 */
export function createReverseOrderEarningsHandler({ db }: { db: Database }): JobHandler<"reverse_order_earnings"> {
  return {
    retry: { maxAttempts: 8, baseDelaySeconds: 30, maxDelaySeconds: 3600, leaseSeconds: 120 },
    async run({ orderId }) {
      const reversed = await db.transaction((tx) => reverseOrderEarnings({ db: tx, orderId }));
      return { reversed };
    },
  };
}
