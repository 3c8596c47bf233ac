import { and, eq, sql } from "drizzle-orm";
import type { CardProcessor } from "../../adapters/card/card.ts";
import type { PayPalGateway } from "../../adapters/paypal/paypal.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { orderPayments, orders, paymentRefunds } from "../../db/schema/index.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { finishUnneededPayment, settleCardAttempt } from "./pay-by-card.ts";
import { PAYABLE_ORDER_COLUMNS, type PayableOrder, settlePayPalCapture } from "./pay-by-paypal.ts";
import { releasePromoHold } from "./promo-holds.ts";

/** Thrown while an attempt may still be with the processor: the job is retried later. */
class PaymentStillInFlightError extends Error {
  constructor(paymentId: string) {
    super(`order payment ${paymentId} may still be with the processor`);
    this.name = "PaymentStillInFlightError";
  }
}

/**
 * Settles a card attempt whose reply never arrived (issue 13, deliverable 4): the request timed out, the
 * process died between the charge and its commit, or the processor answered 5xx. The processor is asked
 * what became of the attempt's idempotency key: a charge completes the order (or, if the order was paid
 * meanwhile, is refunded), a decline is recorded, and no charge at all marks the attempt failed; each frees
 * the order for another try. So there is never a capture without an order nor an order paid without one.
 */
export async function reconcileCardPayment(options: {
  db: Database;
  cardProcessor: CardProcessor;
  config: Config;
  paypal?: { gateway: PayPalGateway };
  paymentId: string;
  now?: () => Date;
}): Promise<{ outcome: string }> {
  const { db, cardProcessor, config, paymentId } = options;
  const now = options.now ?? (() => new Date());
  const [payment] = await db
    .select({
      status: orderPayments.status,
      kind: orderPayments.kind,
      processorKey: orderPayments.processorKey,
      idempotencyKey: orderPayments.idempotencyKey,
      createdAt: orderPayments.createdAt,
      order: PAYABLE_ORDER_COLUMNS,
      payerKey: orderPayments.payerKey,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(eq(orderPayments.id, paymentId));
  if (!payment) return { outcome: "unknown_payment" };
  // A refund recorded but not carried out (a crash between the two): finished first, with the same key.
  const [refund] = await db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, "pending")));
  if (refund && payment.status !== "refunded") {
    const reply = await finishUnneededPayment({
      context: { db, config, cardProcessor, paypal: options.paypal },
      paymentId,
      refundId: refund.id,
    });
    return { outcome: "refunded", statusCode: reply.statusCode } as { outcome: string };
  }
  if (payment.status !== "processing") return { outcome: `already_${payment.status}` };
  if (payment.kind === "paypal") {
    return reconcilePayPalPayment({
      ...options,
      payment: { ...payment, id: paymentId, order: payment.order as PayableOrder },
    });
  }
  if (payment.kind !== "card") return { outcome: `already_${payment.status}` };
  // The request that made it may still be waiting on the processor: let it finish first.
  if (now().getTime() - payment.createdAt.getTime() < config.CARD_PROCESSOR_TIMEOUT_MS + 5000) {
    throw new PaymentStillInFlightError(paymentId);
  }
  const charge = await cardProcessor.retrieve({ idempotencyKey: payment.processorKey });
  const reply = await settleCardAttempt({ context: { db, cardProcessor, config }, paymentId, charge });
  return { outcome: charge.status, statusCode: reply.statusCode } as { outcome: string };
}

/**
 * A PayPal attempt still `processing` (recorded before PayPal was asked; the request died, or its reply was
 * lost): PayPal is asked what became of the PayPal order. A completed capture is settled (the order paid, or the
 * capture refunded); an order PayPal never captured frees ours for another payment (a capture that arrives later
 * is settled by the webhook, and refunded since the attempt is no longer in flight).
 */
async function reconcilePayPalPayment(options: {
  db: Database;
  config: Config;
  paypal?: { gateway: PayPalGateway };
  payment: { id: string; idempotencyKey: string; createdAt: Date; payerKey: string; order: PayableOrder };
  now?: () => Date;
}): Promise<{ outcome: string }> {
  const { db, config, payment } = options;
  const now = options.now ?? (() => new Date());
  if (!options.paypal) throw new Error("no PayPal gateway to reconcile with");
  const details = await options.paypal.gateway.getOrder(payment.idempotencyKey);
  const capture = details.captures.at(-1);
  if (capture) {
    const reply = await settlePayPalCapture({
      context: { db, config, paypal: options.paypal },
      payerKey: payment.payerKey,
      order: payment.order,
      paypalOrderId: payment.idempotencyKey,
      capture,
    });
    return { outcome: `paypal_${capture.status.toLowerCase()}`, statusCode: reply.statusCode } as { outcome: string };
  }
  // The capture request may still be on its way to PayPal: give it its time first.
  if (now().getTime() - payment.createdAt.getTime() < config.CARD_PROCESSOR_TIMEOUT_MS + 5000) {
    throw new PaymentStillInFlightError(payment.id);
  }
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(orderPayments)
      .set({ status: "failed", message: "PayPal never captured this order", updatedAt: sql`now()` })
      .where(and(eq(orderPayments.id, payment.id), eq(orderPayments.status, "processing")))
      .returning({ orderId: orderPayments.orderId });
    if (!failed) return;
    await tx.update(orders).set({ paymentStartedAt: null }).where(eq(orders.id, failed.orderId));
    await releasePromoHold({ db: tx, paymentId: payment.id });
  });
  return { outcome: "paypal_not_captured" };
}

export function createReconcileOrderPaymentHandler(options: {
  db: Database;
  cardProcessor: CardProcessor;
  config: Config;
  paypal?: { gateway: PayPalGateway };
}): JobHandler<"reconcile_order_payment"> {
  return {
    retry: {
      // Keeps asking for a day: a processor outage must not leave a charge unsettled.
      maxAttempts: 40,
      baseDelaySeconds: 30,
      maxDelaySeconds: 3600,
      leaseSeconds: Math.ceil(options.config.CARD_PROCESSOR_TIMEOUT_MS / 1000) * 3 + 60,
    },
    run: ({ paymentId }) => reconcileCardPayment({ ...options, paymentId }),
  };
}
