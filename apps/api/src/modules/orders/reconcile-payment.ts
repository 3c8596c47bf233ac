import { eq } from "drizzle-orm";
import type { CardProcessor } from "../../adapters/card/card.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { orderPayments } from "../../db/schema/index.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { settleCardAttempt } from "./pay-by-card.ts";

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
  config: Pick<Config, "CARD_PROCESSOR_TIMEOUT_MS">;
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
      createdAt: orderPayments.createdAt,
    })
    .from(orderPayments)
    .where(eq(orderPayments.id, paymentId));
  if (!payment) return { outcome: "unknown_payment" };
  if (payment.status !== "processing" || payment.kind !== "card") return { outcome: `already_${payment.status}` };
  // The request that made it may still be waiting on the processor: let it finish first.
  if (now().getTime() - payment.createdAt.getTime() < config.CARD_PROCESSOR_TIMEOUT_MS + 5000) {
    throw new PaymentStillInFlightError(paymentId);
  }
  const charge = await cardProcessor.retrieve({ idempotencyKey: payment.processorKey });
  const reply = await settleCardAttempt({ context: { db, cardProcessor }, paymentId, charge });
  return { outcome: charge.status, statusCode: reply.statusCode } as { outcome: string };
}

export function createReconcileOrderPaymentHandler(options: {
  db: Database;
  cardProcessor: CardProcessor;
  config: Config;
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
