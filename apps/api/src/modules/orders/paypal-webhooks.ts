import { ORDER_MESSAGES } from "@threadfolk/contract/orders";
import { and, eq, sql } from "drizzle-orm";
import { PayPalError, type PayPalGateway } from "../../adapters/paypal/paypal.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { orderPayments, orders } from "../../db/schema/index.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { AppError } from "../../lib/app-error.ts";
import type { StoredPaymentReply } from "./pay-by-card.ts";
import { type PayableOrder, settlePayPalCapture } from "./pay-by-paypal.ts";
import { releasePromoHold } from "./promo-holds.ts";

/** The capture events the shop acts on (issue 13); PayPal sends others too, which are acknowledged and ignored. */
export const PAYPAL_CAPTURE_EVENTS = [
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.DECLINED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
] as const;

type Notification = { id?: unknown; event_type?: unknown; resource?: { id?: unknown; links?: unknown } };

/**
 * The body as a notification, or a 400 when it is not one: PayPal's verification takes the event as a JSON
 * object (it refuses anything else, which must not become our 500), and every event has an id and a type.
 */
function readNotification(body: string): Notification {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw AppError.badRequest("The notification is not JSON");
  }
  const candidate = parsed as Notification | null;
  if (
    typeof candidate !== "object" ||
    candidate === null ||
    Array.isArray(candidate) ||
    typeof candidate.id !== "string" ||
    typeof candidate.event_type !== "string"
  ) {
    throw AppError.badRequest("The notification is not a PayPal event");
  }
  return candidate;
}

/**
 * Accepts a PayPal webhook notification: a body that is not an event is refused (400), its signature is
 * verified with PayPal (a forged or altered one is refused, 400, as are signature headers PayPal refuses to
 * check), then a capture event is queued once per event id (PayPal retries; each is processed once).
 * Answers whether it was queued (false: a duplicate, or an event the shop does not act on).
 */
export async function acceptPayPalWebhook(options: {
  db: Database;
  gateway: PayPalGateway;
  webhookId: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}): Promise<"queued" | "ignored" | "forged"> {
  const { db, gateway, webhookId, headers, body } = options;
  if (!webhookId) return "forged";
  const notification = readNotification(body);
  let authentic: boolean;
  try {
    authentic = await gateway.verifyWebhookSignature({ headers, body, webhookId });
  } catch (error) {
    // PayPal refuses to check headers that are not its own (a date that is not a date, an unknown algorithm).
    if (error instanceof PayPalError && (error.httpStatus === 400 || error.httpStatus === 422)) return "forged";
    throw error;
  }
  if (!authentic) return "forged";
  const eventId = typeof notification.id === "string" ? notification.id : undefined;
  const eventType = typeof notification.event_type === "string" ? notification.event_type : undefined;
  const captureId = typeof notification.resource?.id === "string" ? notification.resource.id : undefined;
  if (!eventId || !eventType || !captureId) return "ignored";
  if (!(PAYPAL_CAPTURE_EVENTS as readonly string[]).includes(eventType)) return "ignored";
  // For REFUNDED the resource is the refund: its `up` link names the capture.
  const links = Array.isArray(notification.resource?.links) ? (notification.resource?.links as unknown[]) : [];
  const up = links.find(
    (link): link is { rel: string; href: string } =>
      typeof link === "object" && link !== null && (link as { rel?: unknown }).rel === "up",
  );
  const upCapture = up?.href.match(/\/captures\/([A-Za-z0-9-]+)$/)?.[1];
  const id = await enqueueJob(
    db,
    "process_paypal_webhook",
    { eventId, eventType, captureId: eventType === "PAYMENT.CAPTURE.REFUNDED" && upCapture ? upCapture : captureId },
    { dedupeKey: eventId },
  );
  return id ? "queued" : "ignored";
}

/**
 * Acts on one capture event, reading the capture from PayPal (the notification's body is only a hint):
 * COMPLETED pays an order that was waiting (or one whose capture was never recorded); DECLINED frees an order
 * that was waiting; REFUNDED and REVERSED mark a paid order refunded. Each step is idempotent.
 */
export async function processPayPalWebhook(options: {
  db: Database;
  gateway: PayPalGateway;
  config: Config;
  eventType: string;
  captureId: string;
}): Promise<{ outcome: string }> {
  const { db, gateway, captureId } = options;
  const capture = await gateway.getCapture(captureId);
  if (!capture.invoiceId) return { outcome: "not_ours" };
  const [order] = (await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      state: orders.state,
      totalCents: orders.totalCents,
      paymentStartedAt: orders.paymentStartedAt,
      promoCode: orders.promoCode,
      discountCents: orders.discountCents,
      giftCardCents: orders.giftCardCents,
      userId: orders.userId,
      guestId: orders.guestId,
    })
    .from(orders)
    .where(eq(orders.orderNumber, capture.invoiceId))) as (PayableOrder & {
    userId: string | null;
    guestId: string | null;
  })[];
  if (!order) return { outcome: "not_ours" };
  const [payment] = await db
    .select({ id: orderPayments.id, status: orderPayments.status })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.processorReference, captureId)));

  if (capture.status === "COMPLETED" && (!payment || payment.status === "pending")) {
    // Waiting for review, or captured with our record of it lost (the reply never came back): settled now, which
    // pays the order or, when the order can no longer take it, refunds the capture (decision 053).
    const reply = await settlePayPalCapture({
      context: { db, config: options.config, paypal: { gateway } },
      payerKey: order.userId ? `user:${order.userId}` : `guest:${order.guestId}`,
      order,
      paypalOrderId: capture.paypalOrderId,
      capture,
    });
    return { outcome: reply.statusCode === 201 ? "completed" : `recorded_${reply.statusCode}` };
  }
  if ((capture.status === "DECLINED" || capture.status === "FAILED") && payment?.status === "pending") {
    const reply: StoredPaymentReply = {
      statusCode: 402,
      body: { error: { code: "payment_declined", message: ORDER_MESSAGES.paypalFailure } },
    };
    await db.transaction(async (tx) => {
      await tx
        .update(orderPayments)
        .set({ status: "declined", message: ORDER_MESSAGES.paypalDeclined, response: reply, updatedAt: sql`now()` })
        .where(eq(orderPayments.id, payment.id));
      await tx.update(orders).set({ paymentStartedAt: null }).where(eq(orders.id, order.id));
      await releasePromoHold({ db: tx, paymentId: payment.id });
    });
    return { outcome: "declined" };
  }
  if (
    (capture.status === "REFUNDED" || options.eventType === "PAYMENT.CAPTURE.REVERSED") &&
    payment?.status === "succeeded"
  ) {
    await db.transaction(async (tx) => {
      await tx
        .update(orderPayments)
        .set({ status: "refunded", updatedAt: sql`now()` })
        .where(eq(orderPayments.id, payment.id));
      const refunded = await tx
        .update(orders)
        .set({
          state: "refunded",
          stateChangedBy: "system:paypal_webhook",
          stateChangeReason: "capture refunded or reversed in PayPal",
          updatedAt: sql`now()`,
        })
        .where(and(eq(orders.id, order.id), sql`${orders.state} in ('paid', 'in_production', 'shipped', 'delivered')`))
        .returning({ id: orders.id });
      if (refunded.length > 0) {
        await enqueueJob(tx, "reverse_order_earnings", { orderId: order.id }, { dedupeKey: order.id });
      }
    });
    return { outcome: "refunded" };
  }
  return { outcome: `nothing_to_do_${capture.status.toLowerCase()}` };
}

export function createProcessPayPalWebhookHandler(options: {
  db: Database;
  gateway: PayPalGateway;
  config: Config;
}): JobHandler<"process_paypal_webhook"> {
  return {
    retry: { maxAttempts: 25, baseDelaySeconds: 30, maxDelaySeconds: 3600, leaseSeconds: 120 },
    run: ({ eventType, captureId }) => processPayPalWebhook({ ...options, eventType, captureId }),
  };
}
