import { createHash, randomUUID } from "node:crypto";
import { colorDisplayName } from "@threadfolk/contract/colors";
import {
  ORDER_MESSAGES,
  type OrderPaymentResponse,
  type PayPalOrderResponse,
  type PlacedOrderState,
} from "@threadfolk/contract/orders";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  PAYPAL_CURRENCY,
  type PayPalCaptureResult,
  PayPalError,
  type PayPalGateway,
  type PayPalOrderDetails,
} from "../../adapters/paypal/paypal.ts";
import type { AppContext } from "../../context.ts";
import { orderPayments, orders } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import { retryOnDeadlock } from "../../lib/database-errors.ts";
import { computeLineAmounts } from "../cart/compute-cart-totals.ts";
import { payerKeyOf, personKeyOf } from "../cart/get-shopping-cart.ts";
import { nameGarmentStyle } from "../cart/presenters.ts";
import type { Executor } from "../cart/queries.ts";
import { completeOrder } from "./complete-order.ts";
import {
  finishUnneededPayment,
  RefundNotCarriedOutError,
  type StoredPaymentReply,
  successReply,
} from "./pay-by-card.ts";
import { findPlacedOrder } from "./placed-order.ts";
import { releasePromoHold, tryHoldPromoCode } from "./promo-holds.ts";
import { recordRefund, unneededCaptureRefundKey } from "./refund-payment.ts";

export type PayPalPaymentContext = Pick<AppContext, "db" | "config" | "jobs"> & { paypal: { gateway: PayPalGateway } };

/** PayPal's limit on an item name. */
const ITEM_NAME_MAX = 127;

function ownerMatch(actor: Actor) {
  return actor.kind === "user" ? eq(orders.userId, actor.userId) : eq(orders.guestId, actor.guestId);
}

/**
 * `POST /pay_pal_orders` (issue 13, deliverable 3): creates the PayPal order for the caller's placed order, as
 * spec section 4 says: intent CAPTURE, reference_id and invoice_id = the order number, USD amounts with the
 * item_total, shipping, tax_total and discount breakdown, the items, the shipping name and address (the payer
 * cannot change it). The PayPal-Request-Id is the quote's id, so pressing the button again for the same quote
 * answers the same PayPal order, and a new quote makes a new one.
 */
export async function createPayPalOrder(options: {
  context: PayPalPaymentContext;
  actor: Actor;
  processorPaymentId: string;
}): Promise<PayPalOrderResponse> {
  const { context, actor, processorPaymentId } = options;
  const [order] = await context.db
    .select({
      id: orders.id,
      state: orders.state,
      // A PayPal order whose capture was declined is spent: the next try needs a new one (a new request id).
      failedPayPalAttempts: sql<number>`(select count(*) from order_payments p where p.order_id = "orders"."id"
        and p.kind = 'paypal' and p.status in ('declined', 'failed'))::int`,
    })
    .from(orders)
    .where(and(ownerMatch(actor), eq(orders.processorPaymentId, processorPaymentId)));
  if (!order) throw AppError.conflict(ORDER_MESSAGES.orderChanged);
  if (order.state !== "payment_pending") throw AppError.conflict(ORDER_MESSAGES.alreadyPaid);
  const view = await findPlacedOrder({ db: context.db, where: { orderId: order.id } });
  const address = view?.shippingAddress;
  if (!view || !address) throw AppError.conflict(ORDER_MESSAGES.orderNotPayable);
  if (view.order.totalCents - view.order.giftCardCents <= 0)
    throw AppError.conflict(ORDER_MESSAGES.nothingToPayByPayPal);
  const items = view.lines.map((line) => ({
    name: `${line.design.displayName}, ${nameGarmentStyle(line.style)} (${line.line.size}, ${colorDisplayName(line.line.color)})`.slice(
      0,
      ITEM_NAME_MAX,
    ),
    unitAmountCents: computeLineAmounts({
      unitPriceCents: line.variant.priceCents,
      unitSalePriceCents: line.unitSalePriceCents ?? undefined,
      quantity: line.line.quantity,
    }).unitChargedCents,
    quantity: line.line.quantity,
  }));
  const created = await context.paypal.gateway.createOrder({
    requestId: `tf_${processorPaymentId}_${Number(order.failedPayPalAttempts)}`,
    orderNumber: view.order.orderNumber,
    currency: PAYPAL_CURRENCY,
    items,
    itemTotalCents: view.order.itemTotalCents,
    shippingCents: view.order.shippingCents,
    taxCents: view.order.taxCents,
    // What a gift card pays shows as a discount in PayPal: PayPal charges the rest.
    discountCents: view.order.discountCents + view.order.giftCardCents,
    shipping: {
      fullName: `${address.firstName} ${address.lastName}`,
      address1: address.address1,
      address2: address.address2 || null,
      city: address.city,
      state: address.state,
      zip: address.zip,
    },
  });
  return {
    data: {
      id: created.id,
      type: "pay_pal_order",
      attributes: { orderNumber: view.order.orderNumber, status: created.status },
    },
  };
}

/** The reply of a PayPal payment that did not go through: the buttons restart so the payer can try again. */
function paypalFailureReply(orderNumber: string, paymentId: string | null, message: string): StoredPaymentReply {
  const data: OrderPaymentResponse["data"] = {
    id: paymentId,
    type: "order_payment",
    attributes: {
      status: "failure",
      message,
      orderNumber,
      eventId: paymentId ?? randomUUID(),
      declineCode: null,
      paymentMethod: null,
      shoppingCartCount: 0,
    },
  };
  return {
    statusCode: 402,
    body: { error: { code: "payment_declined", message: `${ORDER_MESSAGES.paypalFailure}: ${message}` }, data },
  };
}

/** The reply while PayPal reviews a capture: the order is placed and waits for PayPal's word (the webhook). */
function pendingReply(orderNumber: string, paymentId: string): StoredPaymentReply {
  const body: OrderPaymentResponse = {
    data: {
      id: paymentId,
      type: "order_payment",
      attributes: {
        status: "success",
        message: ORDER_MESSAGES.paypalPending,
        orderNumber,
        eventId: paymentId,
        declineCode: null,
        paymentMethod: { kind: "paypal", description: "PayPal" },
        shoppingCartCount: 0,
      },
    },
  };
  return { statusCode: 202, body };
}

export type PayableOrder = {
  id: string;
  orderNumber: string;
  state: PlacedOrderState | "cart";
  totalCents: number | null;
  paymentStartedAt: Date | null;
  promoCode: string | null;
  discountCents: number | null;
  giftCardCents: number;
};

/** The columns of a `PayableOrder`, for the queries that read one (reconciliation, PayPal's webhooks). */
export const PAYABLE_ORDER_COLUMNS = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  state: orders.state,
  totalCents: orders.totalCents,
  paymentStartedAt: orders.paymentStartedAt,
  promoCode: orders.promoCode,
  discountCents: orders.discountCents,
  giftCardCents: orders.giftCardCents,
};

/** What PayPal is to capture: the order total less what a gift card pays. */
function amountDue(order: Pick<PayableOrder, "totalCents" | "giftCardCents">): number | null {
  return order.totalCents === null ? null : order.totalCents - order.giftCardCents;
}

type LockedPayPalOrder = {
  id: string;
  order_number: string;
  state: string;
  total_cents: number | null;
  gift_card_cents: number;
  promo_code: string | null;
  discount_cents: number | null;
  email: string | null;
  paying: boolean;
  stale: boolean;
};

function conflict(message: string): StoredPaymentReply {
  return { statusCode: 409, body: { error: { code: "conflict", message } } };
}

/**
 * `POST /pay_pal_order_payments` (issue 13, deliverable 3; decision 053): the payer approved the PayPal order;
 * the server captures it (or finds the capture the client or a double click already made) and decides on the
 * CAPTURE's status and amount, read from PayPal, never on the posted values nor the PayPal order's status.
 *
 * 1. Under the order's lock, before PayPal is asked: the order must await payment, at this quote (its cart
 *    unchanged), with no other payment running (card or PayPal: one in flight per order), for the amount PayPal
 *    holds. The attempt is recorded `processing`, the order marked as being paid, the code held and a
 *    reconciliation job queued, in one commit. A capture PayPal already made is recorded whatever the order's
 *    state, so that it is settled (kept or refunded), never dropped.
 * 2. PayPal captures (its request id makes a retry the same capture).
 * 3. settlePayPalCapture: COMPLETED pays the order, or is refunded through PayPal when the order can no longer
 *    take it; PENDING waits for the webhook; DECLINED/FAILED frees the order ('PayPal Payment Failure').
 */
export async function payOrderByPayPal(options: {
  context: PayPalPaymentContext;
  actor: Actor;
  paypalOrderId: string;
}): Promise<StoredPaymentReply> {
  const { context, actor, paypalOrderId } = options;
  const { gateway } = context.paypal;
  let details: PayPalOrderDetails;
  try {
    details = await gateway.getOrder(paypalOrderId);
  } catch (error) {
    // PayPal refuses an id it does not know (404) or cannot read (400): either way no order of ours.
    if (error instanceof PayPalError && error.httpStatus >= 400 && error.httpStatus < 500) {
      throw AppError.notFound("PayPal order");
    }
    throw error;
  }
  const orderNumber = details.invoiceId ?? details.referenceId;
  if (!orderNumber) throw AppError.notFound("PayPal order");
  const payerKey = payerKeyOf(actor);
  const ownerSql =
    actor.kind === "user" ? sql`orders.user_id = ${actor.userId}` : sql`orders.guest_id = ${actor.guestId}`;
  const alreadyCaptured = details.status === "COMPLETED" ? details.captures.at(-1) : undefined;
  if (!alreadyCaptured && details.status !== "APPROVED") {
    // Not approved yet: nothing to record, unless this PayPal order's attempt was already answered.
    const [known] = await context.db
      .select({ response: orderPayments.response })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(and(eq(orderPayments.kind, "paypal"), eq(orderPayments.idempotencyKey, paypalOrderId), ownerMatch(actor)));
    if (known?.response) return known.response as StoredPaymentReply;
    throw AppError.conflict(ORDER_MESSAGES.paypalNotApproved);
  }

  const reconcileAt = new Date(Date.now() + context.config.PAYMENT_RECONCILE_AFTER_SECONDS * 1000);
  const started = await context.db.transaction(
    async (tx): Promise<{ reply: StoredPaymentReply } | { paymentId: string; order: PayableOrder }> => {
      const [order] = (
        (await tx.execute(sql`select orders.id, orders.order_number, orders.state, orders.total_cents,
          orders.gift_card_cents, orders.promo_code, orders.discount_cents, orders.email,
          orders.payment_started_at is not null as paying,
          (cart.id is null or cart.revision is distinct from orders.cart_revision) as stale
        from orders left join orders cart on cart.id = orders.cart_id and cart.state = 'cart'
        where ${ownerSql} and orders.order_number = ${orderNumber} and orders.state <> 'cart'
        for update of orders`)) as unknown as { rows: LockedPayPalOrder[] }
      ).rows;
      // Another shopper's PayPal order (or one for no order of ours) is not found, whatever its id.
      if (!order) throw AppError.notFound("PayPal order");
      const previous = await findPayPalPayment(tx, order.id, paypalOrderId);
      // A funding source PayPal declined, approved again by the payer: the same PayPal order is tried again.
      const retry = previous?.status === "declined" && details.status === "APPROVED";
      if (previous?.response && !retry) return { reply: previous.response };
      if (previous && !retry) return { reply: conflict(ORDER_MESSAGES.paymentInProgress) };
      const payable: PayableOrder = {
        id: order.id,
        orderNumber: order.order_number,
        state: order.state as PlacedOrderState,
        totalCents: order.total_cents === null ? null : Number(order.total_cents),
        paymentStartedAt: null,
        promoCode: order.promo_code,
        discountCents: order.discount_cents === null ? null : Number(order.discount_cents),
        giftCardCents: Number(order.gift_card_cents),
      };
      const refusal =
        order.state !== "payment_pending"
          ? order.state === "cancelled" || order.state === "failed"
            ? ORDER_MESSAGES.orderNotPayable
            : ORDER_MESSAGES.alreadyPaid
          : order.paying
            ? ORDER_MESSAGES.paymentInProgress
            : order.stale || details.currency !== PAYPAL_CURRENCY || details.amountCents !== amountDue(payable)
              ? ORDER_MESSAGES.orderChanged
              : null;
      // Nothing captured yet: refused before PayPal is asked, so no money moves.
      if (refusal && !alreadyCaptured) throw AppError.conflict(refusal);
      if (retry && previous) {
        await tx.execute(sql`with attempt as (
            update order_payments set status = 'processing', response = null, message = null, updated_at = now()
            where id = ${previous.id} and status = 'declined' returning order_id
          )
          update orders set payment_started_at = now() where id in (select order_id from attempt)`);
        if (order.promo_code !== null) {
          const held = await tryHoldPromoCode({
            db: tx,
            code: order.promo_code,
            orderId: order.id,
            paymentId: previous.id,
            payerKey: personKeyOf(actor, order.email),
            discountCents: payable.discountCents ?? 0,
            giftCardCents: payable.giftCardCents,
          });
          if (!held) throw AppError.conflict(ORDER_MESSAGES.promoCodeChanged);
        }
        return { paymentId: previous.id, order: payable };
      }
      const paymentId = randomUUID();
      // One attempt in flight per order: another one running means this capture is recorded as not needed.
      const status = refusal && order.paying ? "failed" : "processing";
      await tx.execute(sql`with attempt as (
          insert into order_payments (id, order_id, kind, status, amount_cents, idempotency_key, request_digest,
            processor, processor_key, processor_reference, payer_key, message)
          values (${paymentId}, ${order.id}, 'paypal', ${status}, ${alreadyCaptured?.amountCents ?? details.amountCents},
            ${paypalOrderId}, ${createHash("sha256").update(paypalOrderId).digest("hex")}, ${gateway.name},
            ${`paypal:${paypalOrderId}`}, ${alreadyCaptured?.captureId ?? null}, ${payerKey}, ${refusal})
          returning order_id
        ), paying as (
          update orders set payment_started_at = now()
          where id in (select order_id from attempt) and ${refusal === null} returning id
        )
        insert into jobs (kind, payload, run_at, dedupe_key)
        select 'reconcile_order_payment', ${JSON.stringify({ paymentId })}::jsonb, ${reconcileAt.toISOString()},
          ${paymentId}
        from attempt`);
      if (refusal === null && order.promo_code !== null) {
        const held = await tryHoldPromoCode({
          db: tx,
          code: order.promo_code,
          orderId: order.id,
          paymentId,
          payerKey: personKeyOf(actor, order.email),
          discountCents: payable.discountCents ?? 0,
          giftCardCents: payable.giftCardCents,
        });
        if (!held && !alreadyCaptured) throw AppError.conflict(ORDER_MESSAGES.promoCodeChanged);
      }
      return { paymentId, order: payable };
    },
  );
  if ("reply" in started) return started.reply;

  let capture: PayPalCaptureResult | undefined = alreadyCaptured;
  if (!capture) {
    try {
      capture = await gateway.captureOrder({ paypalOrderId, requestId: `tf_capture_${paypalOrderId}` });
    } catch (error) {
      if (error instanceof PayPalError && (error.isInstrumentDeclined || error.httpStatus === 422)) {
        return declinePayPalAttempt({
          db: context.db,
          paymentId: started.paymentId,
          reply: paypalFailureReply(started.order.orderNumber, null, ORDER_MESSAGES.paypalDeclined),
        });
      }
      // Unknown outcome: the reconciliation job asks PayPal later.
      throw error;
    }
  }
  let reply: StoredPaymentReply;
  try {
    reply = await settlePayPalCapture({ context, payerKey, order: started.order, paypalOrderId, capture });
  } catch (error) {
    // The capture is owed back and its refund is recorded, but PayPal could not take it now: the reconciliation
    // job finishes it; the payer is told the order was already paid (nothing is kept).
    if (!(error instanceof RefundNotCarriedOutError)) throw error;
    reply = conflict(ORDER_MESSAGES.alreadyPaid);
  }
  context.jobs.nudge();
  return reply;
}

async function findPayPalPayment(db: Executor, orderId: string, paypalOrderId: string) {
  const [row] = await db
    .select({ id: orderPayments.id, status: orderPayments.status, response: orderPayments.response })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.kind, "paypal"),
        eq(orderPayments.idempotencyKey, paypalOrderId),
      ),
    );
  return row as { id: string; status: string; response: StoredPaymentReply | null } | undefined;
}

/** A PayPal attempt that took no money: recorded declined, the order free for another payment, the code released. */
async function declinePayPalAttempt(options: {
  db: PayPalPaymentContext["db"];
  paymentId: string;
  reply: StoredPaymentReply;
}): Promise<StoredPaymentReply> {
  const { db, paymentId, reply } = options;
  await db.transaction(async (tx) => {
    const [payment] = await tx
      .update(orderPayments)
      .set({ status: "declined", message: ORDER_MESSAGES.paypalDeclined, response: reply, updatedAt: sql`now()` })
      .where(and(eq(orderPayments.id, paymentId), inArray(orderPayments.status, ["processing", "pending"])))
      .returning({ orderId: orderPayments.orderId });
    if (!payment) return;
    await tx.update(orders).set({ paymentStartedAt: null }).where(eq(orders.id, payment.orderId));
    await releasePromoHold({ db: tx, paymentId });
  });
  return reply;
}

/**
 * Settles a PayPal capture for an order, once, under the order's lock (the request, the webhook and the
 * reconciliation job all come here): the attempt's payment row (recorded before PayPal was asked; written now
 * only for a capture whose record was lost), then by the capture's status: COMPLETED pays the order, or, when
 * the order can no longer take it (paid another way, cancelled, another payment running), is refunded through
 * PayPal and the shopper e-mailed (finishUnneededPayment); PENDING waits for the webhook; DECLINED or FAILED
 * frees the order. A capture whose amount or invoice is not this order's is refused and logged, never applied.
 */
export async function settlePayPalCapture(options: {
  context: Pick<PayPalPaymentContext, "db" | "paypal" | "config">;
  payerKey: string;
  order: PayableOrder;
  paypalOrderId: string;
  capture: PayPalCaptureResult;
}): Promise<StoredPaymentReply> {
  const { context, payerKey, order, paypalOrderId, capture } = options;
  if (capture.invoiceId && capture.invoiceId !== order.orderNumber) {
    throw new Error(
      `PayPal capture ${capture.captureId} (invoice ${capture.invoiceId}) does not belong to order ${order.orderNumber}`,
    );
  }
  const settled = await retryOnDeadlock(() =>
    context.db.transaction(async (tx): Promise<StoredPaymentReply | { refundId: string; paymentId: string }> => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("update");
      let previous = await findPayPalPayment(tx, order.id, paypalOrderId);
      // An attempt already answered is answered the same, except one PayPal was still reviewing: its outcome is now known.
      const settledBefore =
        previous?.status !== "failed" && !(previous?.status === "pending" && capture.status !== "PENDING");
      if (previous?.response && settledBefore) return previous.response;
      if (!previous) {
        // Captured, but the attempt was never recorded here (a capture made outside this server's request):
        // recorded now as not in flight; it completes the order only if nothing else is paying it.
        const paymentId = randomUUID();
        await tx.insert(orderPayments).values({
          id: paymentId,
          orderId: order.id,
          kind: "paypal",
          status: "failed",
          amountCents: capture.amountCents,
          idempotencyKey: paypalOrderId,
          requestDigest: createHash("sha256").update(paypalOrderId).digest("hex"),
          processor: context.paypal.gateway.name,
          processorKey: `paypal:${paypalOrderId}`,
          processorReference: capture.captureId,
          payerKey,
        });
        const freed = await tx.execute(sql`update order_payments set status = 'processing'
        where id = ${paymentId} and not exists (select 1 from order_payments p where p.order_id = ${order.id}
          and p.status in ('processing', 'pending'))
        returning id`);
        previous = {
          id: paymentId,
          status: (freed as unknown as { rows: unknown[] }).rows.length > 0 ? "processing" : "failed",
          response: null,
        };
      }
      const paymentId = previous.id;
      await tx
        .update(orderPayments)
        .set({ processorReference: capture.captureId, updatedAt: sql`now()` })
        .where(eq(orderPayments.id, paymentId));
      const amountRight = capture.amountCents === amountDue(order) && capture.currency === PAYPAL_CURRENCY;
      if (capture.status === "COMPLETED") {
        if (previous.status === "processing" || previous.status === "pending") {
          const outcome = amountRight
            ? await completeOrder({
                db: tx,
                orderId: order.id,
                paymentId,
                processorReference: capture.captureId,
                reply: successReply({
                  paymentId,
                  orderNumber: order.orderNumber,
                  payment: { kind: "paypal", cardBrand: null, cardLast4: null },
                }),
                actor: payerKey,
                reason: "PayPal capture completed",
              })
            : "not_payable";
          if (outcome === "completed") {
            return successReply({
              paymentId,
              orderNumber: order.orderNumber,
              payment: { kind: "paypal", cardBrand: null, cardLast4: null },
            });
          }
        }
        // Paid another way, cancelled, changed, or another payment was running: the capture goes back.
        await releasePromoHold({ db: tx, paymentId });
        const refundId = await recordRefund({
          db: tx,
          paymentId,
          amountCents: capture.amountCents,
          reason: "capture_not_needed",
          actor: "system:payments",
          requestKey: unneededCaptureRefundKey(paymentId),
        });
        return { refundId, paymentId };
      }
      if (capture.status === "PENDING") {
        const reply = pendingReply(order.orderNumber, paymentId);
        await tx
          .update(orderPayments)
          .set({ status: "pending", response: reply, updatedAt: sql`now()` })
          .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.status, "processing")));
        return reply;
      }
      const reply = paypalFailureReply(order.orderNumber, paymentId, ORDER_MESSAGES.paypalDeclined);
      const [declined] = await tx
        .update(orderPayments)
        .set({ status: "declined", message: ORDER_MESSAGES.paypalDeclined, response: reply, updatedAt: sql`now()` })
        .where(and(eq(orderPayments.id, paymentId), inArray(orderPayments.status, ["processing", "pending"])))
        .returning({ id: orderPayments.id });
      if (declined) {
        await tx.update(orders).set({ paymentStartedAt: null }).where(eq(orders.id, order.id));
        await releasePromoHold({ db: tx, paymentId });
      }
      return reply;
    }),
  );
  if (!("refundId" in settled)) return settled;
  return finishUnneededPayment({
    context,
    paymentId: settled.paymentId,
    refundId: settled.refundId,
  });
}
