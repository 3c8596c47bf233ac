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
    // A refunded order's capture was given back; it is still what the order was charged.
    charges: await findCapturedPaymentAmounts({ db, orderId, includeRefunded: order.state === "refunded" }),
    entries: sales,
  });
  const problems = [...result.problems];
  for (const reversal of reversals) {
    const sale = sales.find((candidate) => candidate.id === reversal.reversesEntryId);
    if (!sale || sale.artistEarningsCents + reversal.artistEarningsCents !== 0) {
      problems.push(`reversal ${reversal.id} does not cancel a sale of this order`);
    }
  }
  return { ...result, problems, isBalanced: problems.length === 0 };
}
