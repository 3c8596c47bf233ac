import type { Database } from "../../db/client.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import type { Executor, NewEarningsEntry } from "./queries.ts";
import { findUnreversedSales, insertEarningsEntries } from "./queries.ts";
import { recordOrderEarnings } from "./record-order-earnings.ts";

/** Why entries are reversed. */
export type ReversalReason = "refund";

/**
 * Appends a `reversal` for each sale entry of a refunded order (or of the refunded lines, `orderLineItemIds`):
 * every amount negated, so the artist's and the platform's sums drop by exactly what the sale added. Nothing is
 * changed in place. The order's sales are recorded first when the earnings job has not run yet, so a refund
 * that overtakes the job still leaves a ledger that nets to zero. Idempotent: an entry is reversed at most
 * once (a unique index). Pass the refund's transaction so both commit or neither does. Returns how many
 * reversals this call appended.
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
  const sales = await findUnreversedSales({ db, orderId, orderLineItemIds });
  const reversals: NewEarningsEntry[] = sales.map((sale) => ({
    kind: "reversal",
    orderId: sale.orderId,
    orderLineItemId: sale.orderLineItemId,
    sellerProfileId: sale.sellerProfileId,
    designId: sale.designId,
    quantity: -sale.quantity,
    grossCents: -sale.grossCents,
    discountCents: -sale.discountCents,
    productionCostCents: -sale.productionCostCents,
    artistEarningsCents: -sale.artistEarningsCents,
    platformShareCents: -sale.platformShareCents,
    artistSharePercent: sale.artistSharePercent,
    reversesEntryId: sale.id,
    reason,
  }));
  return insertEarningsEntries({ db, entries: reversals });
}

/**
 * The `reverse_order_earnings` job: enqueued once per refunded order (dedupe key: the order id) by the refund
 * (a PayPal REFUNDED or REVERSED capture, for now). Reverses every sale of the order.
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
