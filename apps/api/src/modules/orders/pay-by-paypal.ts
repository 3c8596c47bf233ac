import { createHash, randomUUID } from "node:crypto";
import { colorDisplayName } from "@threadfolk/contract/colors";
import {
  ORDER_MESSAGES,
  type OrderPaymentResponse,
  type PayPalOrderResponse,
  type PlacedOrderState,
} from "@threadfolk/contract/orders";
import { and, eq, sql } from "drizzle-orm";
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
import { computeLineAmounts } from "../cart/compute-cart-totals.ts";
import { payerKeyOf } from "../cart/get-shopping-cart.ts";
import { nameGarmentStyle } from "../cart/presenters.ts";
import type { Executor } from "../cart/queries.ts";
import { completeOrder } from "./complete-order.ts";
import { type StoredPaymentReply, successReply } from "./pay-by-card.ts";
import { findPlacedOrder } from "./placed-order.ts";
import { tryHoldPromoCode } from "./promo-holds.ts";

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
      failedPayPalAttempts: sql<number>`(select count(*) from order_payments p where p.order_id = ${orders.id}
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

/** What PayPal is to capture: the order total less what a gift card pays. */
function amountDue(order: PayableOrder): number | null {
  return order.totalCents === null ? null : order.totalCents - order.giftCardCents;
}

/**
 * `POST /pay_pal_order_payments` (issue 13, deliverable 3): the payer approved the PayPal order; the server
 * captures it (or finds the capture the client or a double click already made) and decides on the CAPTURE's
 * status and amount, read from PayPal, never on the posted values nor the PayPal order's status:
 * COMPLETED for the order's total -> paid (completeOrder); PENDING -> the order waits for the webhook;
 * DECLINED or FAILED, or a declined funding source -> 'PayPal Payment Failure' and the buttons restart.
 * The PayPal order must be for the caller's order awaiting payment, for its current total: a PayPal order made
 * for an older quote is never captured.
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
  const [order] = (await context.db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      state: orders.state,
      totalCents: orders.totalCents,
      paymentStartedAt: orders.paymentStartedAt,
      promoCode: orders.promoCode,
      discountCents: orders.discountCents,
      giftCardCents: orders.giftCardCents,
    })
    .from(orders)
    .where(and(ownerMatch(actor), eq(orders.orderNumber, orderNumber)))) as PayableOrder[];
  // Another shopper's PayPal order (or one for no order of ours) is not found, whatever its id.
  if (!order || order.state === "cart") throw AppError.notFound("PayPal order");

  const previous = await findPayPalPayment(context.db, order.id, paypalOrderId);
  if (previous?.response) return previous.response;
  if (order.state !== "payment_pending") throw AppError.conflict(ORDER_MESSAGES.alreadyPaid);
  if (order.paymentStartedAt !== null) throw AppError.conflict(ORDER_MESSAGES.paymentInProgress);
  if (details.currency !== PAYPAL_CURRENCY || details.amountCents !== amountDue(order)) {
    throw AppError.conflict(ORDER_MESSAGES.orderChanged);
  }

  let capture: PayPalCaptureResult | undefined;
  if (details.status === "COMPLETED") {
    capture = details.captures.at(-1);
  } else if (details.status === "APPROVED") {
    try {
      capture = await gateway.captureOrder({ paypalOrderId, requestId: `tf_capture_${paypalOrderId}` });
    } catch (error) {
      if (error instanceof PayPalError && (error.isInstrumentDeclined || error.httpStatus === 422)) {
        return paypalFailureReply(order.orderNumber, null, ORDER_MESSAGES.paypalDeclined);
      }
      throw error;
    }
  } else {
    throw AppError.conflict(ORDER_MESSAGES.paypalNotApproved);
  }
  if (!capture) throw AppError.conflict(ORDER_MESSAGES.paypalNotApproved);
  const reply = await settlePayPalCapture({ context, payerKey: payerKeyOf(actor), order, paypalOrderId, capture });
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

/**
 * Records a PayPal capture for an order, once, under the order's lock: the payment row (one per PayPal order),
 * then by the capture's status: paid, waiting (pending) or declined. A capture whose amount or invoice is not
 * this order's is refused and logged, never applied.
 */
export async function settlePayPalCapture(options: {
  context: Pick<PayPalPaymentContext, "db" | "paypal">;
  payerKey: string;
  order: PayableOrder;
  paypalOrderId: string;
  capture: PayPalCaptureResult;
}): Promise<StoredPaymentReply> {
  const { context, payerKey, order, paypalOrderId, capture } = options;
  if (capture.amountCents !== amountDue(order) || (capture.invoiceId && capture.invoiceId !== order.orderNumber)) {
    throw new Error(
      `PayPal capture ${capture.captureId} (${capture.amountCents} cents, invoice ${capture.invoiceId}) does not match order ${order.orderNumber}`,
    );
  }
  return context.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ state: orders.state, paymentStartedAt: orders.paymentStartedAt })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for("update");
    const previous = await findPayPalPayment(tx, order.id, paypalOrderId);
    if (previous?.response) return previous.response;
    // A card payment of this order went to its processor between our check and this capture (two tabs): the
    // card decides; this capture is recorded as owed back, never dropped.
    const cardInFlight = Boolean(locked?.paymentStartedAt) && !previous;
    const paymentId = previous?.id ?? randomUUID();
    const status = cardInFlight
      ? "failed"
      : capture.status === "COMPLETED"
        ? "processing"
        : capture.status === "PENDING"
          ? "pending"
          : "declined";
    if (!previous) {
      await tx.insert(orderPayments).values({
        id: paymentId,
        orderId: order.id,
        kind: "paypal",
        status,
        amountCents: capture.amountCents,
        idempotencyKey: paypalOrderId,
        requestDigest: createHash("sha256").update(paypalOrderId).digest("hex"),
        processor: context.paypal.gateway.name,
        processorKey: `paypal:${paypalOrderId}`,
        processorReference: capture.captureId,
        payerKey,
      });
    }
    // The order's code is held for this capture (a gift card's amount leaves its balance now); should the code no
    // longer be usable, the capture is recorded as owed back rather than applied at the wrong price.
    const needsHold =
      !previous &&
      !cardInFlight &&
      order.promoCode !== null &&
      capture.status !== "DECLINED" &&
      capture.status !== "FAILED";
    const codeLost =
      needsHold &&
      !(await tryHoldPromoCode({
        db: tx,
        code: order.promoCode as string,
        orderId: order.id,
        paymentId,
        payerKey,
        discountCents: order.discountCents ?? 0,
        giftCardCents: order.giftCardCents,
      }));
    let reply: StoredPaymentReply;
    if (codeLost) {
      reply = { statusCode: 409, body: { error: { code: "conflict", message: ORDER_MESSAGES.promoCodeChanged } } };
      await tx
        .update(orderPayments)
        .set({
          status: "failed",
          message: "Captured after the order's code stopped applying: refund due",
          updatedAt: sql`now()`,
        })
        .where(eq(orderPayments.id, paymentId));
    } else if (cardInFlight) {
      reply = { statusCode: 409, body: { error: { code: "conflict", message: ORDER_MESSAGES.paymentInProgress } } };
      await tx
        .update(orderPayments)
        .set({ message: "Captured while a card payment was running: refund due", updatedAt: sql`now()` })
        .where(eq(orderPayments.id, paymentId));
    } else if (capture.status === "COMPLETED") {
      const outcome = await completeOrder({
        db: tx,
        orderId: order.id,
        paymentId,
        processorReference: capture.captureId,
      });
      reply =
        outcome === "completed"
          ? successReply({
              paymentId,
              orderNumber: order.orderNumber,
              payment: { kind: "paypal", cardBrand: null, cardLast4: null },
            })
          : { statusCode: 409, body: { error: { code: "conflict", message: ORDER_MESSAGES.alreadyPaid } } };
      if (outcome !== "completed") {
        // Paid another way meanwhile: the PayPal capture is owed back (refunds go through PayPal's dashboard).
        await tx
          .update(orderPayments)
          .set({ status: "failed", message: "Captured after the order was paid: refund due", updatedAt: sql`now()` })
          .where(eq(orderPayments.id, paymentId));
      }
    } else if (capture.status === "PENDING") {
      reply = pendingReply(order.orderNumber, paymentId);
      await tx.update(orders).set({ paymentStartedAt: sql`now()` }).where(eq(orders.id, order.id));
    } else {
      reply = paypalFailureReply(order.orderNumber, paymentId, ORDER_MESSAGES.paypalDeclined);
    }
    await tx
      .update(orderPayments)
      .set({ response: reply, updatedAt: sql`now()` })
      .where(eq(orderPayments.id, paymentId));
    return reply;
  });
}
