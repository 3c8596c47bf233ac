import { type OrderReconciliation, reconcileOrder } from "@threadfolk/contract/earnings";
import { type Executor, findCapturedPaymentAmounts, findOrderAmounts, findOrderEarningsEntries } from "./queries.ts";

/**
 * Checks one paid order against its ledger and its capture (contract `reconcileOrder`): items - discounts +
 * shipping + tax = charged = artists' earnings + platform share + production cost + shipping + tax. The
 * entries compared are the sales; reversals are checked to cancel them exactly (a refunded order's ledger nets
 * to zero). For an audit job or support; the tests run it on every order they build. Gift card redemptions,
 * once they exist, are tenders: they belong with the captures in `charges`, never in the order's discount.
 */
export async function reconcileOrderLedger({
  db,
  orderId,
}: {
  db: Executor;
  orderId: string;
}): Promise<OrderReconciliation> {
  const order = await findOrderAmounts({ db, orderId });
  if (!order || order.totalCents === null) throw new Error(`order ${orderId} was not placed`);
  const entries = await findOrderEarningsEntries({ db, orderId });
  // Refunded in full: a refunded order, or a paid one the shopper cancelled in its window (issue 27).
  const refundedWhole = order.state === "refunded" || order.state === "cancelled";
  const sales = entries.filter((entry) => entry.kind === "sale");
  const reversals = entries.filter((entry) => entry.kind === "reversal");
  const result = reconcileOrder({
    order: {
      itemTotalCents: order.itemTotalCents ?? 0,
      discountCents: order.discountCents ?? 0,
      shippingCents: order.shippingCents ?? 0,
      taxCents: order.taxCents ?? 0,
      totalCents: order.totalCents,
    },
    // A refunded order's capture was given back (a cancelled one's too: cancelling refunds it whole); it is still
    // what the order was charged.
    charges: await findCapturedPaymentAmounts({ db, orderId, includeRefunded: refundedWhole }),
    entries: sales,
  });
  const problems = [...result.problems];
  // Reversals (decision 053): each names a sale of this order, a sale is never reversed past what it was, and a
  // refunded order's sales are reversed whole (its ledger nets to zero).
  for (const reversal of reversals) {
    if (!sales.some((sale) => sale.id === reversal.reversesEntryId)) {
      problems.push(`reversal ${reversal.id} does not reverse a sale of this order`);
    }
  }
  const parts = ["grossCents", "discountCents", "productionCostCents", "artistEarningsCents"] as const;
  for (const sale of sales) {
    const own = reversals.filter((reversal) => reversal.reversesEntryId === sale.id);
    for (const part of parts) {
      const left = sale[part] + own.reduce((sum, reversal) => sum + reversal[part], 0);
      if (left < 0) problems.push(`sale ${sale.id} is reversed past its ${part}`);
      if (refundedWhole && left !== 0) {
        problems.push(`sale ${sale.id} of a refunded order keeps ${left} cents of ${part}`);
      }
    }
  }
  return { ...result, problems, isBalanced: problems.length === 0 };
}
