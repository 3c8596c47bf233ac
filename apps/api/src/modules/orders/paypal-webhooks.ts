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
import { PAYABLE_ORDER_COLUMNS, type PayableOrder, settlePayPalCapture } from "./pay-by-paypal.ts";
import { releasePromoHold } from "./promo-holds.ts";
import { applySucceededRefund } from "./refund-order.ts";

/** The capture events the shop acts on (issue 13); PayPal sends others too, which are acknowledged and ignored. */
export const PAYPAL_CAPTURE_EVENTS = [
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.DECLINED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
] as const;

/** PayPal Payouts' item events (PAYMENT.PAYOUTS-ITEM.SUCCEEDED, .RETURNED, .UNCLAIMED, .FAILED, .BLOCKED …). */
export const PAYPAL_PAYOUT_ITEM_EVENT_PREFIX = "PAYMENT.PAYOUTS-ITEM.";

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
  // Payouts' item events (decision 073) name the item; the payouts module reads it back from the provider.
  if (eventId && eventType?.startsWith(PAYPAL_PAYOUT_ITEM_EVENT_PREFIX)) {
    const payoutItemId = (notification.resource as { payout_item_id?: unknown } | undefined)?.payout_item_id;
    if (typeof payoutItemId !== "string" || payoutItemId.length === 0 || payoutItemId.length > 64) return "ignored";
    const queued = await enqueueJob(db, "sync_payout_item", { payoutItemId }, { dedupeKey: eventId });
    return queued ? "queued" : "ignored";
  }
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
    eventType === "PAYMENT.CAPTURE.REFUNDED" && upCapture
      ? { eventId, eventType, captureId: upCapture, refundId: captureId }
      : { eventId, eventType, captureId },
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
  refundId?: string | undefined;
}): Promise<{ outcome: string }> {
  const { db, gateway, captureId } = options;
  const capture = await gateway.getCapture(captureId);
  if (!capture.invoiceId) return { outcome: "not_ours" };
  const [order] = (await db
    .select({
      ...PAYABLE_ORDER_COLUMNS,
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
  const refundedInPayPal =
    options.eventType === "PAYMENT.CAPTURE.REFUNDED" ||
    options.eventType === "PAYMENT.CAPTURE.REVERSED" ||
    capture.status === "REFUNDED" ||
    capture.status === "PARTIALLY_REFUNDED";
  if (refundedInPayPal && payment?.status === "succeeded") {
    return { outcome: await recordPayPalRefund({ ...options, orderId: order.id, paymentId: payment.id }) };
  }
  return { outcome: `nothing_to_do_${capture.status.toLowerCase()}` };
}

/**
 * A refund made in PayPal (from its dashboard, or a reversal), told by a webhook (decision 053): recorded as a
 * refund of the order, succeeded, once per PayPal refund, then applied like the shop's own (earnings reversed in
 * proportion, the order partly refunded or refunded). A refund the shop made itself is already a record (its
 * PayPal id is on it); while one of ours is still being asked for, the event waits (the job tries again), so the
 * two can never count one refund twice. A reversal (a chargeback) takes back what is left of the capture.
 */
async function recordPayPalRefund(options: {
  db: Database;
  gateway: PayPalGateway;
  eventType: string;
  captureId: string;
  refundId?: string | undefined;
  orderId: string;
  paymentId: string;
}): Promise<string> {
  const { db, gateway, orderId, paymentId } = options;
  const ours = await db.execute(sql`select id, processor_refund_id, status from payment_refunds
    where payment_id = ${paymentId} and processor <> 'gift_card'
      and (processor_refund_id = ${options.refundId ?? null} or (status = 'pending' and processor_refund_id is null))`);
  const known = (ours as unknown as { rows: Array<{ processor_refund_id: string | null }> }).rows;
  if (known.some((row) => options.refundId !== undefined && row.processor_refund_id === options.refundId)) {
    return "refund_known";
  }
  if (known.length > 0) throw new Error(`a refund of payment ${paymentId} is being made: the event waits for it`);
  let amountCents: number | undefined;
  let requestKey: string;
  let processorRefundId: string | null = null;
  if (options.eventType === "PAYMENT.CAPTURE.REFUNDED" && options.refundId) {
    const refund = await gateway.getRefund(options.refundId);
    if (refund.status !== "COMPLETED") return `refund_${refund.status.toLowerCase()}`;
    amountCents = refund.amountCents;
    requestKey = `paypal_refund:${options.refundId}`;
    processorRefundId = options.refundId;
  } else {
    requestKey = `paypal_reversal:${options.captureId}`;
  }
  const refundId = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id = ${orderId} for update`);
    const left = (await tx.execute(sql`select p.amount_cents - coalesce((select sum(r.amount_cents)
        from payment_refunds r where r.payment_id = p.id and r.status <> 'failed' and r.processor <> 'gift_card'), 0)
        as left_cents from order_payments p where p.id = ${paymentId}`)) as unknown as {
      rows: Array<{ left_cents: number }>;
    };
    const leftCents = Number(left.rows[0]?.left_cents ?? 0);
    const amount = Math.min(amountCents ?? leftCents, leftCents);
    if (amount <= 0) return undefined;
    const inserted = (await tx.execute(sql`insert into payment_refunds (payment_id, order_id, amount_cents, status,
        reason, actor, processor, request_key, processor_refund_id)
      select p.id, p.order_id, ${amount}, 'succeeded', ${
        options.eventType === "PAYMENT.CAPTURE.REVERSED" ? "reversed_in_paypal" : "refunded_in_paypal"
      }, 'system:paypal_webhook', p.processor, ${requestKey}, ${processorRefundId}
      from order_payments p where p.id = ${paymentId}
      on conflict (request_key) do nothing returning id`)) as unknown as { rows: Array<{ id: string }> };
    return inserted.rows[0]?.id;
  });
  if (!refundId) return "nothing_left_to_refund";
  await applySucceededRefund({ db, refundId, actor: "system:paypal_webhook" });
  return "refunded";
}

export function createProcessPayPalWebhookHandler(options: {
  db: Database;
  gateway: PayPalGateway;
  config: Config;
}): JobHandler<"process_paypal_webhook"> {
  return {
    retry: { maxAttempts: 25, baseDelaySeconds: 30, maxDelaySeconds: 3600, leaseSeconds: 120 },
    run: ({ eventType, captureId, refundId }) => processPayPalWebhook({ ...options, eventType, captureId, refundId }),
  };
}
