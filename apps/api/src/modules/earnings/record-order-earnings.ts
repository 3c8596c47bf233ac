import { ARTIST_SHARE_PERCENT, computeOrderEarnings, reconcileOrder } from "@threadfolk/contract/earnings";
import type { Database } from "../../db/client.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import {
  type Executor,
  findOrderAmounts,
  findOrderEarningsLines,
  insertEarningsEntries,
  type NewEarningsEntry,
} from "./queries.ts";

/**
 * Appends the `sale` entries of a paid order: one per line, split by the royalty rule (contract earnings.ts).
 * Idempotent: a line's sale is recorded once (a unique index), so running it again, or concurrently, writes
 * nothing more. Refuses (throws) an order that was never paid, a line without frozen prices, or entries that
 * would not add up to the order's items and discount, so a wrong ledger is never written. Returns how many
 * entries this call appended.
 */
export async function recordOrderEarnings({ db, orderId }: { db: Executor; orderId: string }): Promise<number> {
  const order = await findOrderAmounts({ db, orderId });
  if (!order) throw new Error(`order ${orderId} does not exist`);
  // An order that was paid has earned, whatever happened since (a refund or a cancellation reverses).
  if (order.paidAt === null) throw new Error(`order ${order.orderNumber} is ${order.state}, not paid`);
  const { itemTotalCents, discountCents, shippingCents, taxCents, totalCents } = order;
  if (
    itemTotalCents === null ||
    discountCents === null ||
    shippingCents === null ||
    taxCents === null ||
    totalCents === null
  ) {
    throw new Error(`order ${order.orderNumber} has no frozen amounts`);
  }
  const lines = await findOrderEarningsLines({ db, orderId });
  const frozen = lines.map((line) => {
    if (line.unitPriceCents === null || line.unitBaseCostCents === null) {
      throw new Error(`line ${line.id} of order ${order.orderNumber} has no frozen price or base cost`);
    }
    return { ...line, unitPriceCents: line.unitPriceCents, unitBaseCostCents: line.unitBaseCostCents };
  });
  const earnings = computeOrderEarnings({ lines: frozen, discountCents, artistSharePercent: ARTIST_SHARE_PERCENT });
  // The entries must account for the order's items and discount exactly; what was charged is checked against
  // the order's total by the completion path, so the order's own total stands in for it here.
  const check = reconcileOrder({
    order: { itemTotalCents, discountCents, shippingCents, taxCents, totalCents },
    charges: [totalCents],
    entries: earnings,
  });
  if (!check.isBalanced) {
    throw new Error(`the earnings of order ${order.orderNumber} do not reconcile: ${check.problems.join("; ")}`);
  }
  const entries: NewEarningsEntry[] = earnings.map((line, index) => {
    const source = frozen[index] as (typeof frozen)[number];
    return {
      kind: "sale",
      orderId,
      orderLineItemId: line.id,
      sellerProfileId: source.sellerProfileId,
      designId: source.designId,
      quantity: line.quantity,
      grossCents: line.grossCents,
      discountCents: line.discountCents,
      productionCostCents: line.productionCostCents,
      artistEarningsCents: line.artistEarningsCents,
      platformShareCents: line.platformShareCents,
      artistSharePercent: ARTIST_SHARE_PERCENT,
    };
  });
  return insertEarningsEntries({ db, entries });
}

/** The `record_order_earnings` job: enqueued once per paid order (dedupe key: the order id) by the completion. */
export function createRecordOrderEarningsHandler({ db }: { db: Database }): JobHandler<"record_order_earnings"> {
  return {
    retry: { maxAttempts: 8, baseDelaySeconds: 30, maxDelaySeconds: 3600, leaseSeconds: 120 },
    async run({ orderId }) {
      const recorded = await db.transaction((tx) => recordOrderEarnings({ db: tx, orderId }));
      return { recorded };
    },
  };
}
