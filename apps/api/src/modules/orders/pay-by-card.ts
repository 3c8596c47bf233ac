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
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  CARD_FINGERPRINT_SECRET,
  type CardProcessor,
  CardProcessorUnavailableError,
  CardRequestError,
  type ChargeResult,
  cardFingerprint,
} from "../../adapters/card/card.ts";
import type { AppContext } from "../../context.ts";
import { orderPayments, orders } from "../../db/schema/index.ts";
import { jobKinds } from "../../jobs/job-kinds.ts";
import { AppError } from "../../lib/app-error.ts";
import { getAppSecret } from "../../lib/app-secrets.ts";
import type { Actor } from "../../lib/authorize.ts";
import { boundKeyPart } from "../../lib/bounded-key.ts";
import { retryOnDeadlock } from "../../lib/database-errors.ts";
import { payerKeyOf, personKeyOf } from "../cart/get-shopping-cart.ts";
import type { Executor } from "../cart/queries.ts";
import { RateLimitError } from "../rate-limit/enforce-rate-limit.ts";
import { completeOrder } from "./complete-order.ts";
import { describePayment } from "./placed-order.ts";
import { holdPromoCode, releasePromoHold } from "./promo-holds.ts";
import {
  enqueueRefundEmail,
  executeRefund,
  type RefundProcessors,
  recordRefund,
  unneededCaptureRefundKey,
} from "./refund-payment.ts";

/** A recorded refund the processor could not take now (it stays `pending`; the reconciliation job retries it). */
export class RefundNotCarriedOutError extends Error {
  constructor(refundId: string, cause: unknown) {
    super(`refund ${refundId} could not be carried out yet`, { cause });
    this.name = "RefundNotCarriedOutError";
  }
}

/** A reply of `POST /order_payments`, as stored for replays of its idempotency key. */
export type StoredPaymentReply = { statusCode: number; body: unknown };

export type CardPaymentContext = Pick<AppContext, "db" | "config" | "rateLimiter" | "jobs"> & {
  cardProcessor: CardProcessor;
};

type LockedPaymentRow = {
  id: string;
  order_number: string;
  state: string;
  total_cents: number | null;
  paying: boolean;
  stale: boolean;
  promo_code: string | null;
  discount_cents: number | null;
  gift_card_cents: number;
  email: string | null;
  previous_status: string | null;
  previous_digest: string | null;
  previous_response: StoredPaymentReply | string | null;
};

type AttemptCounts = {
  payer_count: number;
  payer_oldest: Date | string | null;
  ip_count: number;
  ip_oldest: Date | string | null;
};

/**
 * The decline limits (card testing), counted atomically (decision 053): the payer's and the address's declined
 * attempts in the window, plus their attempts still with a processor (each may yet be a decline). The caller
 * holds the payer's and the address's advisory locks from a statement before this one (so this statement's
 * snapshot sees every attempt the previous holder recorded), and records its own attempt before releasing them:
 * N requests at once never get more than the limit to the processor. Throws the 429.
 */
async function enforceDeclineLimits(options: {
  db: Executor;
  config: CardPaymentContext["config"];
  payerKey: string;
  ipKey: string;
}): Promise<void> {
  const { db, config, payerKey, ipKey } = options;
  const window = sql`now() - make_interval(secs => ${config.CARD_DECLINE_WINDOW_SECONDS})`;
  const [counts] = (
    (await db.execute(sql`select
        (select count(*) from order_payments p where p.payer_key = ${payerKey}
          and (p.status = 'processing' or (p.status = 'declined' and p.created_at > ${window})))::int as payer_count,
        (select min(p.created_at) from order_payments p where p.payer_key = ${payerKey}
          and p.status = 'declined' and p.created_at > ${window}) as payer_oldest,
        (select count(*) from order_payments p where p.ip_key = ${ipKey}
          and (p.status = 'processing' or (p.status = 'declined' and p.created_at > ${window})))::int as ip_count,
        (select min(p.created_at) from order_payments p where p.ip_key = ${ipKey}
          and p.status = 'declined' and p.created_at > ${window}) as ip_oldest`)) as unknown as {
      rows: AttemptCounts[];
    }
  ).rows;
  if (!counts) return;
  const refused: (Date | string | null)[] = [];
  if (Number(counts.payer_count) >= config.CARD_DECLINES_PER_PAYER) refused.push(counts.payer_oldest);
  if (Number(counts.ip_count) >= config.CARD_DECLINES_PER_IP) refused.push(counts.ip_oldest);
  if (refused.length === 0) return;
  const retryAfter = Math.max(
    1,
    ...refused.map((oldest) => {
      const at = oldest ? new Date(oldest).getTime() : Date.now();
      return Math.ceil((at + config.CARD_DECLINE_WINDOW_SECONDS * 1000 - Date.now()) / 1000);
    }),
  );
  const error = new RateLimitError(retryAfter);
  error.message = ORDER_MESSAGES.tooManyDeclines;
  throw error;
}

/** The reply of a paid order. */
export function successReply(options: {
  paymentId: string;
  orderNumber: string;
  payment: { kind: "card" | "paypal" | "gift_card"; cardBrand: string | null; cardLast4: string | null };
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
  refuseWrongCardSource(cardProcessor, input);

  const card = input.creditCardParams;
  const paymentMethodId = input.paymentMethodId;
  const number = card ? normalizeCardNumber(card.creditCardNumber) : "";
  const secret = card ? await getAppSecret({ db, config, purpose: CARD_FINGERPRINT_SECRET }) : undefined;
  const fingerprint = secret ? cardFingerprint(secret, number) : null;
  const brand = card ? cardBrandOf(number) : null;
  const last4 = card && /^\d{4}$/.test(number.slice(-4)) ? number.slice(-4) : null;
  // The request as far as it may be kept: the card by its keyed fingerprint, never its number or CVC.
  const requestDigest = createHash("sha256")
    .update(
      JSON.stringify([
        input.orderPayment.processorPaymentId,
        fingerprint,
        card?.expirationDate ?? null,
        ...(paymentMethodId ? [paymentMethodId] : []),
      ]),
    )
    .digest("hex");
  const payerKey = payerKeyOf(actor);
  const ipKey = boundKeyPart(ip);
  const ownerSql =
    actor.kind === "user" ? sql`orders.user_id = ${actor.userId}` : sql`orders.guest_id = ${actor.guestId}`;

  const started = await db.transaction(async (tx) => {
    // The order (locked), whether its quote is still its cart's, and this key's earlier attempt, in one statement.
    const [order] = (
      (await tx.execute(sql`select orders.id, orders.order_number, orders.state, orders.total_cents,
          orders.payment_started_at is not null as paying, orders.promo_code, orders.discount_cents,
          orders.gift_card_cents, orders.email,
          (cart.id is null or cart.revision is distinct from orders.cart_revision) as stale,
          previous.status as previous_status, previous.request_digest as previous_digest,
          previous.response as previous_response
        from orders
        left join orders cart on cart.id = orders.cart_id and cart.state = 'cart'
        left join order_payments previous on previous.order_id = orders.id and previous.kind in ('card', 'gift_card')
          and previous.idempotency_key = ${idempotencyKey}
        where ${ownerSql} and orders.processor_payment_id = ${input.orderPayment.processorPaymentId}
          and orders.state <> 'cart'
        for update of orders`)) as unknown as { rows: LockedPaymentRow[] }
    ).rows;
    if (!order) throw AppError.conflict(ORDER_MESSAGES.orderChanged);
    if (order.previous_status !== null) {
      if (order.previous_digest !== requestDigest) {
        throw new AppError("validation_failed", ORDER_MESSAGES.idempotencyKeyReused, [
          { field: "Idempotency-Key", message: ORDER_MESSAGES.idempotencyKeyReused },
        ]);
      }
      if (!order.previous_response) throw AppError.conflict(ORDER_MESSAGES.idempotencyKeyInFlight);
      const stored = order.previous_response;
      return { replay: (typeof stored === "string" ? JSON.parse(stored) : stored) as StoredPaymentReply };
    }
    if (order.state !== "payment_pending") {
      throw AppError.conflict(
        order.state === "cancelled" || order.state === "failed"
          ? ORDER_MESSAGES.orderNotPayable
          : order.state === "on_hold"
            ? ORDER_MESSAGES.paymentInProgress
            : ORDER_MESSAGES.alreadyPaid,
      );
    }
    if (order.paying) throw AppError.conflict(ORDER_MESSAGES.paymentInProgress);
    // The cart changed (or is gone) since this quote: the shopper reviews it and places the order again.
    if (order.stale) throw AppError.conflict(ORDER_MESSAGES.orderChanged);
    if (order.total_cents === null) throw new Error(`placed order ${order.id} has no total`);
    const paymentId = randomUUID();
    const codePayerKey = personKeyOf(actor, order.email);
    const giftCardCents = Number(order.gift_card_cents);
    const dueCents = Number(order.total_cents) - giftCardCents;
    const hold = () =>
      order.promo_code
        ? holdPromoCode({
            db: tx,
            code: order.promo_code,
            orderId: order.id,
            paymentId,
            payerKey: codePayerKey,
            discountCents: Number(order.discount_cents ?? 0),
            giftCardCents,
          })
        : Promise.resolve();
    if (dueCents === 0) {
      // The gift card pays the whole order: no processor to ask (decision 033).
      await tx.insert(orderPayments).values({
        id: paymentId,
        orderId: order.id,
        kind: "gift_card",
        status: "processing",
        amountCents: giftCardCents,
        idempotencyKey,
        requestDigest,
        processor: "gift_card",
        processorKey: processorKeyFor(paymentId),
        payerKey,
      });
      await hold();
      const reply = successReply({
        paymentId,
        orderNumber: order.order_number,
        payment: { kind: "gift_card", cardBrand: null, cardLast4: null },
      });
      const outcome = await completeOrder({
        db: tx,
        orderId: order.id,
        paymentId,
        processorReference: `gift_card:${order.promo_code}`,
        reply,
        actor: payerKey,
        reason: "gift card paid the whole order",
      });
      if (outcome !== "completed") throw AppError.conflict(ORDER_MESSAGES.alreadyPaid);
      return { replay: reply, completed: true };
    }
    if (!card && !paymentMethodId) {
      throw new AppError("validation_failed", ORDER_MESSAGES.cardRequired, [
        { field: "credit_card_params.credit_card_number", message: ORDER_MESSAGES.cardRequired },
      ]);
    }
    // The payer's and the address's attempts are counted under their locks, taken in a statement of their own
    // (the count's snapshot then sees what the previous holder recorded) and held until this attempt is recorded.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`card_payer:${payerKey}`}, 0)),
        pg_advisory_xact_lock(hashtextextended(${`card_ip:${ipKey}`}, 0))`,
    );
    await enforceDeclineLimits({ db: tx, config, payerKey, ipKey });
    const reconcileAt = new Date(Date.now() + config.PAYMENT_RECONCILE_AFTER_SECONDS * 1000);
    // The attempt, the order marked as being paid, and the reconciliation job: one statement.
    await tx.execute(sql`with attempt as (
        insert into order_payments (id, order_id, kind, status, amount_cents, idempotency_key, request_digest,
          processor, processor_key, card_brand, card_last4, card_fingerprint, payer_key, ip_key)
        values (${paymentId}, ${order.id}, 'card', 'processing', ${dueCents}, ${idempotencyKey},
          ${requestDigest}, ${cardProcessor.name}, ${processorKeyFor(paymentId)}, ${brand}, ${last4}, ${fingerprint},
          ${payerKey}, ${ipKey})
        returning order_id
      ), paying as (
        update orders set payment_started_at = now() where id in (select order_id from attempt) returning id
      )
      insert into jobs (kind, payload, run_at, dedupe_key)
      select 'reconcile_order_payment', ${JSON.stringify(jobKinds.reconcile_order_payment.parse({ paymentId }))}::jsonb,
        ${reconcileAt.toISOString()}, ${paymentId}
      from paying`);
    await hold();
    return {
      paymentId,
      orderId: order.id,
      orderNumber: order.order_number,
      amountCents: dueCents,
      source: card
        ? { number: card.creditCardNumber, expMonthYear: card.expirationDate, cvc: card.cvc }
        : { paymentMethodId: paymentMethodId ?? "" },
    };
  });
  if ("completed" in started) context.jobs.nudge();
  if ("replay" in started) return started.replay as StoredPaymentReply;

  let charge: ChargeResult;
  try {
    charge = await cardProcessor.authorizeAndCapture({
      idempotencyKey: processorKeyFor(started.paymentId),
      amountCents: started.amountCents,
      currency: "usd",
      card: started.source,
      orderNumber: started.orderNumber,
      description: `${config.BRAND_NAME} order ${started.orderNumber}`,
    });
  } catch (error) {
    if (error instanceof CardProcessorUnavailableError) {
      // The outcome is unknown: the reconciliation job settles it (charge kept and order paid, or nothing taken).
      throw new AppError("service_unavailable", ORDER_MESSAGES.processorUnavailable);
    }
    // A request the processor's port refuses outright (no charge was attempted): the attempt failed, the order
    // is payable again at once rather than after the reconciliation job.
    if (error instanceof CardRequestError) {
      return settleCardAttempt({ context, paymentId: started.paymentId, charge: { status: "not_found" } });
    }
    throw error;
  }
  // The usual success: one statement pays the order (atomic on its own); anything else takes the careful path.
  if (charge.status === "succeeded") {
    const reply = successReply({
      paymentId: started.paymentId,
      orderNumber: started.orderNumber,
      payment: { kind: "card", cardBrand: charge.brand, cardLast4: charge.last4 },
    });
    const outcome = await completeOrder({
      db,
      orderId: started.orderId,
      paymentId: started.paymentId,
      processorReference: charge.chargeId,
      card: { brand: charge.brand, last4: charge.last4, expMonth: charge.expMonth, expYear: charge.expYear },
      reply,
      actor: payerKey,
      reason: "card charge succeeded",
    });
    if (outcome === "completed") {
      context.jobs.nudge();
      return reply;
    }
  }
  const reply = await settleCardAttempt({ context, paymentId: started.paymentId, charge });
  context.jobs.nudge();
  return reply;
}

/**
 * The card as the processor takes it, or a 422 (decision 061): with Stripe, card data must not reach this
 * server (Stripe.js sends it to Stripe and we get a PaymentMethod id); the local test processor takes the fields.
 */
function refuseWrongCardSource(cardProcessor: CardProcessor, input: OrderPaymentInput): void {
  if (cardProcessor.name === "stripe" && input.creditCardParams) {
    throw new AppError("validation_failed", ORDER_MESSAGES.cardDataRefused, [
      { field: "credit_card_params", message: ORDER_MESSAGES.cardDataRefused },
    ]);
  }
  if (cardProcessor.name === "local" && input.paymentMethodId) {
    throw new AppError("validation_failed", ORDER_MESSAGES.paymentMethodRefused, [
      { field: "payment_method_id", message: ORDER_MESSAGES.paymentMethodRefused },
    ]);
  }
}

/**
 * Records the processor's answer for a card attempt still `processing` (the request itself, or the
 * reconciliation job after a lost reply), in one transaction under the order's lock. A success completes the
 * order; if the order can no longer take it (paid another way, cancelled, or its payment was started twice), the
 * charge is refunded automatically through the card port (finishUnneededPayment). Answers the reply to store for
 * the idempotency key (and to send, for the request).
 */
export async function settleCardAttempt(options: {
  context: Pick<CardPaymentContext, "db" | "cardProcessor" | "config">;
  paymentId: string;
  charge: ChargeResult | { status: "not_found" };
}): Promise<StoredPaymentReply> {
  const { context, paymentId, charge } = options;
  const settled = await retryOnDeadlock(() =>
    context.db.transaction(async (tx): Promise<StoredPaymentReply | { refundId: string }> => {
      const [row] = await tx
        .select({
          payment: {
            id: orderPayments.id,
            status: orderPayments.status,
            response: orderPayments.response,
            amountCents: orderPayments.amountCents,
            payerKey: orderPayments.payerKey,
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
        const reply = successReply({
          paymentId,
          orderNumber: row.order.orderNumber,
          payment: { kind: "card", cardBrand: charge.brand, cardLast4: charge.last4 },
        });
        const outcome = await completeOrder({
          db: tx,
          orderId: row.order.id,
          paymentId,
          processorReference: charge.chargeId,
          card: { brand: charge.brand, last4: charge.last4, expMonth: charge.expMonth, expYear: charge.expYear },
          reply,
          actor: row.payment.payerKey,
          reason: "card charge succeeded",
        });
        if (outcome === "completed") return reply;
        await releasePromoHold({ db: tx, paymentId });
        // The order can no longer take this charge: it goes back, recorded first (the refund's own key: never
        // twice). The attempt stays `processing` until the refund is done, so the reconciliation job finishes it
        // after a crash.
        await tx
          .update(orderPayments)
          .set({ processorReference: charge.chargeId, updatedAt: sql`now()` })
          .where(eq(orderPayments.id, paymentId));
        const refundId = await recordRefund({
          db: tx,
          paymentId,
          amountCents: row.payment.amountCents,
          reason: "capture_not_needed",
          actor: "system:payments",
          requestKey: unneededCaptureRefundKey(paymentId),
        });
        return { refundId };
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
      await releasePromoHold({ db: tx, paymentId });
      return reply;
    }),
  );
  if (!("refundId" in settled)) return settled;
  return finishUnneededPayment({ context, paymentId, refundId: settled.refundId });
}

/**
 * The end of a charge or capture that could not complete its order: the recorded refund is carried out through
 * the processor that took it, then, in one transaction, the payment is marked `refunded` (with the reply its
 * key answers from now on), the order freed of it, and the shopper e-mailed. Throws while the processor cannot
 * be reached (the payment stays `processing` for the reconciliation job, which comes back here with the same
 * refund key).
 */
export async function finishUnneededPayment(options: {
  context: Pick<CardPaymentContext, "db" | "config"> & RefundProcessors;
  paymentId: string;
  refundId: string;
}): Promise<StoredPaymentReply> {
  const { context, paymentId, refundId } = options;
  let status: Awaited<ReturnType<typeof executeRefund>>;
  try {
    status = await executeRefund({ db: context.db, processors: context, refundId });
  } catch (error) {
    throw new RefundNotCarriedOutError(refundId, error);
  }
  if (status === "failed") throw new Error(`refund ${refundId} of payment ${paymentId} was refused`);
  const reply: StoredPaymentReply = {
    statusCode: 409,
    body: { error: { code: "conflict", message: ORDER_MESSAGES.alreadyPaid } },
  };
  await context.db.transaction(async (tx) => {
    const done = await tx
      .update(orderPayments)
      .set({ status: "refunded", response: reply, updatedAt: sql`now()` })
      .where(and(eq(orderPayments.id, paymentId), inArray(orderPayments.status, ["processing", "pending", "failed"])))
      .returning({ orderId: orderPayments.orderId });
    const [payment] = done;
    if (!payment) return;
    // The order is free for another payment again, unless it was paid (or is being paid) by another one.
    await tx.execute(sql`update orders set payment_started_at = null where id = ${payment.orderId}
      and not exists (select 1 from order_payments p where p.order_id = ${payment.orderId}
        and p.status in ('processing', 'pending'))`);
    await enqueueRefundEmail({ db: tx, config: context.config, paymentId });
  });
  return reply;
}
