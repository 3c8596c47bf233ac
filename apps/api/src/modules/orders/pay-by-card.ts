import { createHash, randomUUID } from "node:crypto";
import {
  CARD_DECLINE_MESSAGES,
  type CardDeclineCode,
  cardBrandOf,
  normalizeCardNumber,
} from "@threadfolk/contract/card-rules";
import {
  IDEMPOTENCY_KEY_PATTERN,
  ORDER_MESSAGES,
  type OrderPaymentInput,
  type OrderPaymentResponse,
} from "@threadfolk/contract/orders";
import { and, eq, sql } from "drizzle-orm";
import {
  CARD_FINGERPRINT_SECRET,
  type CardProcessor,
  CardProcessorUnavailableError,
  type ChargeResult,
  cardFingerprint,
} from "../../adapters/card/card.ts";
import type { RateLimitCounters } from "../../adapters/counters/counters.ts";
import type { AppContext } from "../../context.ts";
import { orderPayments, orders } from "../../db/schema/index.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { AppError } from "../../lib/app-error.ts";
import { getAppSecret } from "../../lib/app-secrets.ts";
import type { Actor } from "../../lib/authorize.ts";
import { boundKeyPart } from "../../lib/bounded-key.ts";
import { RateLimitError } from "../rate-limit/enforce-rate-limit.ts";
import { completeOrder } from "./complete-order.ts";
import { describePayment } from "./placed-order.ts";

/** A reply of `POST /order_payments`, as stored for replays of its idempotency key. */
export type StoredPaymentReply = { statusCode: number; body: unknown };

export type CardPaymentContext = Pick<AppContext, "db" | "config" | "rateLimiter" | "jobs"> & {
  cardProcessor: CardProcessor;
};

/** Who pays, for the decline limit: the customer, or the guest. */
export function payerKeyOf(actor: Actor): string {
  return actor.kind === "user" ? `user:${actor.userId}` : `guest:${actor.guestId}`;
}

function declineLimits(config: CardPaymentContext["config"], payerKey: string, ip: string) {
  return [
    { key: `card_decline:payer:${payerKey}`, limit: config.CARD_DECLINES_PER_PAYER },
    { key: `card_decline:ip:${boundKeyPart(ip)}`, limit: config.CARD_DECLINES_PER_IP },
  ].map((limit) => ({ ...limit, windowSeconds: config.CARD_DECLINE_WINDOW_SECONDS }));
}

/** Refuses a payment while the payer or their address has had too many declines (card testing). */
async function checkDeclineLimits(rateLimiter: RateLimitCounters, limits: ReturnType<typeof declineLimits>) {
  const answers = await Promise.all(limits.map((limit) => rateLimiter.peek(limit)));
  const refused = answers.filter((answer) => answer.count >= (limits[answers.indexOf(answer)]?.limit ?? 0));
  if (refused.length > 0) {
    const retryAfter = Math.max(...refused.map((answer) => answer.retryAfterSeconds));
    const error = new RateLimitError(retryAfter);
    error.message = ORDER_MESSAGES.tooManyDeclines;
    throw error;
  }
}

/** The reply of a paid order. */
export function successReply(options: {
  paymentId: string;
  orderNumber: string;
  payment: { kind: "card" | "paypal"; cardBrand: string | null; cardLast4: string | null };
}): StoredPaymentReply {
  const body: OrderPaymentResponse = {
    data: {
      id: options.paymentId,
      type: "order_payment",
      attributes: {
        status: "success",
        message: ORDER_MESSAGES.thankYou,
        orderNumber: options.orderNumber,
        eventId: options.paymentId,
        declineCode: null,
        paymentMethod: describePayment(options.payment),
        shoppingCartCount: 0,
      },
    },
  };
  return { statusCode: 201, body };
}

/** The reply of a declined card: the one error shape plus the spec's `data.attributes.status: 'failure'`. */
export function declineReply(options: {
  paymentId: string;
  orderNumber: string;
  code: CardDeclineCode;
  message: string;
  shoppingCartCount: number;
}): StoredPaymentReply {
  const data: OrderPaymentResponse["data"] = {
    id: options.paymentId,
    type: "order_payment",
    attributes: {
      status: "failure",
      message: options.message,
      orderNumber: options.orderNumber,
      eventId: options.paymentId,
      declineCode: options.code,
      paymentMethod: null,
      shoppingCartCount: options.shoppingCartCount,
    },
  };
  return {
    statusCode: 402,
    body: {
      error: { code: "payment_declined", message: `${ORDER_MESSAGES.paymentFailure}: ${options.message}` },
      data,
    },
  };
}

/** The idempotency key this attempt is sent to the processor with: ours, one per attempt, never the client's. */
export function processorKeyFor(paymentId: string): string {
  return `tf_pay_${paymentId}`;
}

/**
 * `POST /order_payments` (issue 13, deliverable 2): pays the caller's placed order by card, exactly once.
 *
 * 1. Under the order's row lock: the `Idempotency-Key` is looked up (a replay answers the stored reply, the key
 *    with another request a 422, one still running a 409); the order must await payment with the quote the
 *    client names and no other payment running (409s); the attempt is recorded (`processing`, with the card's
 *    brand, last four, expiry and keyed fingerprint only), the order marked as being paid, and a reconciliation
 *    job queued, all in one commit.
 * 2. The processor is asked, with a key of ours unique to the attempt.
 * 3. Under the lock again: a success completes the order (completeOrder), a decline is recorded (402, the
 *    order stays payable). A lost reply leaves the attempt to the reconciliation job (503).
 */
export async function payOrderByCard(options: {
  context: CardPaymentContext;
  actor: Actor;
  idempotencyKey: string | undefined;
  input: OrderPaymentInput;
  ip: string;
}): Promise<StoredPaymentReply> {
  const { context, actor, idempotencyKey, input, ip } = options;
  const { db, config, cardProcessor } = context;
  if (idempotencyKey === undefined || idempotencyKey === "")
    throw AppError.badRequest(ORDER_MESSAGES.idempotencyKeyMissing);
  if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) throw AppError.badRequest(ORDER_MESSAGES.idempotencyKeyInvalid);

  const card = input.creditCardParams;
  const number = normalizeCardNumber(card.creditCardNumber);
  const secret = await getAppSecret({ db, config, purpose: CARD_FINGERPRINT_SECRET });
  const fingerprint = cardFingerprint(secret, number);
  const brand = cardBrandOf(number);
  const last4 = /^\d{4}$/.test(number.slice(-4)) ? number.slice(-4) : null;
  // The request as far as it may be kept: the card by its keyed fingerprint, never its number or CVC.
  const requestDigest = createHash("sha256")
    .update(JSON.stringify([input.orderPayment.processorPaymentId, fingerprint, card.expirationDate]))
    .digest("hex");
  const payerKey = payerKeyOf(actor);
  const limits = declineLimits(config, payerKey, ip);
  const ownerMatch = actor.kind === "user" ? eq(orders.userId, actor.userId) : eq(orders.guestId, actor.guestId);

  // Before the transaction: the counters may live in this same database (one connection on PGlite).
  await checkDeclineLimits(context.rateLimiter, limits);
  const started = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        state: orders.state,
        totalCents: orders.totalCents,
        paymentStartedAt: orders.paymentStartedAt,
      })
      .from(orders)
      .where(and(ownerMatch, eq(orders.processorPaymentId, input.orderPayment.processorPaymentId)))
      .for("update");
    if (!order) throw AppError.conflict(ORDER_MESSAGES.orderChanged);
    const [previous] = await tx
      .select({
        status: orderPayments.status,
        requestDigest: orderPayments.requestDigest,
        response: orderPayments.response,
      })
      .from(orderPayments)
      .where(
        and(
          eq(orderPayments.orderId, order.id),
          eq(orderPayments.kind, "card"),
          eq(orderPayments.idempotencyKey, idempotencyKey),
        ),
      );
    if (previous) {
      if (previous.requestDigest !== requestDigest) {
        throw new AppError("validation_failed", ORDER_MESSAGES.idempotencyKeyReused, [
          { field: "Idempotency-Key", message: ORDER_MESSAGES.idempotencyKeyReused },
        ]);
      }
      if (!previous.response) throw AppError.conflict(ORDER_MESSAGES.idempotencyKeyInFlight);
      return { replay: previous.response };
    }
    if (order.state !== "payment_pending") {
      throw AppError.conflict(order.state === "cart" ? ORDER_MESSAGES.orderNotPayable : ORDER_MESSAGES.alreadyPaid);
    }
    if (order.paymentStartedAt !== null) throw AppError.conflict(ORDER_MESSAGES.paymentInProgress);
    if (order.totalCents === null) throw new Error(`placed order ${order.id} has no total`);
    const paymentId = randomUUID();
    await tx.insert(orderPayments).values({
      id: paymentId,
      orderId: order.id,
      kind: "card",
      status: "processing",
      amountCents: order.totalCents,
      idempotencyKey,
      requestDigest,
      processor: cardProcessor.name,
      processorKey: processorKeyFor(paymentId),
      cardBrand: brand,
      cardLast4: last4,
      cardFingerprint: fingerprint,
      payerKey,
    });
    await tx.update(orders).set({ paymentStartedAt: sql`now()` }).where(eq(orders.id, order.id));
    // Due after the processor's longest wait: it finds nothing to do when this request finishes the attempt.
    await enqueueJob(
      tx,
      "reconcile_order_payment",
      { paymentId },
      {
        dedupeKey: paymentId,
        runAt: new Date(Date.now() + config.PAYMENT_RECONCILE_AFTER_SECONDS * 1000),
      },
    );
    return { paymentId, orderId: order.id, orderNumber: order.orderNumber, amountCents: order.totalCents };
  });
  if ("replay" in started) return started.replay as StoredPaymentReply;

  let charge: ChargeResult;
  try {
    charge = await cardProcessor.authorizeAndCapture({
      idempotencyKey: processorKeyFor(started.paymentId),
      amountCents: started.amountCents,
      currency: "usd",
      card: { number: card.creditCardNumber, expMonthYear: card.expirationDate, cvc: card.cvc },
      orderNumber: started.orderNumber,
      description: `${config.BRAND_NAME} order ${started.orderNumber}`,
    });
  } catch (error) {
    if (error instanceof CardProcessorUnavailableError) {
      // The outcome is unknown: the reconciliation job settles it (charge kept and order paid, or nothing taken).
      throw new AppError("service_unavailable", ORDER_MESSAGES.processorUnavailable);
    }
    throw error;
  }
  const reply = await settleCardAttempt({ context, paymentId: started.paymentId, charge });
  if (charge.status === "declined") {
    await Promise.all(limits.map((limit) => context.rateLimiter.hit({ ...limit, limit: Number.MAX_SAFE_INTEGER })));
  }
  context.jobs.nudge();
  return reply;
}

/**
 * Records the processor's answer for a card attempt still `processing` (the request itself, or the
 * reconciliation job after a lost reply), in one transaction under the order's lock. A success completes the
 * order; if the order can no longer take it (paid meanwhile), the capture is refunded. Answers the reply to
 * store for the idempotency key (and to send, for the request).
 */
export async function settleCardAttempt(options: {
  context: Pick<CardPaymentContext, "db" | "cardProcessor">;
  paymentId: string;
  charge: ChargeResult | { status: "not_found" };
}): Promise<StoredPaymentReply> {
  const { context, paymentId, charge } = options;
  const settled = await context.db.transaction(async (tx): Promise<StoredPaymentReply | { refund: RefundOwed }> => {
    const [row] = await tx
      .select({
        payment: {
          id: orderPayments.id,
          status: orderPayments.status,
          response: orderPayments.response,
          amountCents: orderPayments.amountCents,
        },
        order: { id: orders.id, orderNumber: orders.orderNumber },
      })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(eq(orderPayments.id, paymentId))
      .for("update", { of: orders });
    if (!row) throw new Error(`order payment ${paymentId} vanished`);
    if (row.payment.status !== "processing" && row.payment.response) {
      return row.payment.response as StoredPaymentReply;
    }
    if (charge.status === "succeeded") {
      const outcome = await completeOrder({
        db: tx,
        orderId: row.order.id,
        paymentId,
        processorReference: charge.chargeId,
      });
      if (outcome === "completed") {
        const reply = successReply({
          paymentId,
          orderNumber: row.order.orderNumber,
          payment: { kind: "card", cardBrand: charge.brand, cardLast4: charge.last4 },
        });
        await tx
          .update(orderPayments)
          .set({
            cardBrand: charge.brand,
            cardLast4: charge.last4,
            cardExpMonth: charge.expMonth,
            cardExpYear: charge.expYear,
            response: reply,
            updatedAt: sql`now()`,
          })
          .where(eq(orderPayments.id, paymentId));
        return reply;
      }
      // The order was paid or cancelled meanwhile: this capture goes back, after this transaction (the local
      // processor keeps its books in this database). The attempt stays `processing` until the refund is done,
      // so if the refund fails the reconciliation job tries it again (same refund key: never twice).
      return { refund: { chargeId: charge.chargeId, amountCents: row.payment.amountCents } };
    }
    const code: CardDeclineCode = charge.status === "declined" ? charge.code : "processing_error";
    const message = charge.status === "declined" ? charge.message : CARD_DECLINE_MESSAGES.processing_error;
    const [count] = (
      (await tx.execute(
        sql`select coalesce(sum(quantity), 0)::int as count from order_line_items where order_id = ${row.order.id}`,
      )) as unknown as {
        rows: { count: number }[];
      }
    ).rows;
    const reply = declineReply({
      paymentId,
      orderNumber: row.order.orderNumber,
      code,
      message,
      shoppingCartCount: Number(count?.count ?? 0),
    });
    await tx
      .update(orderPayments)
      .set({
        status: charge.status === "declined" ? "declined" : "failed",
        declineCode: code,
        message,
        processorReference: charge.status === "declined" ? (charge.chargeId ?? null) : null,
        response: reply,
        updatedAt: sql`now()`,
      })
      .where(eq(orderPayments.id, paymentId));
    await tx.update(orders).set({ paymentStartedAt: null }).where(eq(orders.id, row.order.id));
    return reply;
  });
  if (!("refund" in settled)) return settled;
  const refunded = await context.cardProcessor.refund({
    idempotencyKey: `tf_refund_${paymentId}`,
    chargeId: settled.refund.chargeId,
    amountCents: settled.refund.amountCents,
  });
  if (refunded.status !== "succeeded") throw new Error(`refund of payment ${paymentId} refused: ${refunded.code}`);
  const reply: StoredPaymentReply = {
    statusCode: 409,
    body: { error: { code: "conflict", message: ORDER_MESSAGES.alreadyPaid } },
  };
  await context.db
    .update(orderPayments)
    .set({ status: "refunded", processorReference: settled.refund.chargeId, response: reply, updatedAt: sql`now()` })
    .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.status, "processing")));
  return reply;
}

type RefundOwed = { chargeId: string; amountCents: number };
