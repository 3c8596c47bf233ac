import { randomUUID } from "node:crypto";
import {
  ORDER_NOTE_MAX_LENGTH,
  RESENDABLE_ORDER_EMAILS,
  type ResendableOrderEmail,
} from "@threadfolk/contract/admin-orders";
import { formatCents } from "@threadfolk/contract/money";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Executor } from "../cart/queries.ts";
import { fulfilmentPath, moveOrder } from "../fulfilment/apply-provider-order.ts";
import { cancelPaidOrder } from "../fulfilment/cancel-order.ts";
import type { OrderRefundOutcome } from "../orders/refund-order.ts";
import { refundOrder } from "../orders/refund-order.ts";
import { type OrderSnapshot, snapshotOrder } from "./order-snapshot.ts";

/**
 * What operators do to an order (issue 28, deliverable 2): refund, cancel before production, send to production
 * again, send an e-mail again, add a note. Each is one service taking the operator's id and typed reason, built
 * on the order's one path for that change (refundOrder, cancelPaidOrder, the fulfilment jobs), and answering the
 * order before and after for the audit log. `audit` runs in the transaction that makes the change (the admin
 * routes pass `recordOperatorAction`), so the entry and the change commit together or not at all.
 */

/** An audit log entry of an order action, as `recordOperatorAction` takes it (less the operator). */
export type OrderAuditEntry = {
  action: "order.refund" | "order.cancel" | "order.resubmit" | "order.resend_email" | "order.note";
  subjectType: "order";
  subjectId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reason: string | null;
};

/** Writes an audit entry in the caller's transaction. */
export type OrderAudit = (tx: Executor, entry: OrderAuditEntry) => Promise<void>;

type ActionOptions = {
  context: AppContext;
  operatorId: string;
  orderNumber: string;
  audit?: OrderAudit;
};

/** Before and after, for the audit log and the reply. */
export type OrderActionResult<Extra = unknown> = {
  orderId: string;
  before: OrderSnapshot;
  after: OrderSnapshot;
} & Extra;

async function rows<Row>(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const operatorActor = (operatorId: string) => `operator:${operatorId}`;

/** The placed order an order number names, or 404. */
export async function findOrderIdByNumber(db: Executor, orderNumber: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`select id from orders where order_number = ${orderNumber.toUpperCase()} and state <> 'cart'`,
  );
  if (!row) throw AppError.notFound("Order");
  return row.id;
}

function requireReason(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? "";
  if (trimmed === "") throw AppError.badRequest("A reason is required");
  return trimmed;
}

type LineRow = { id: number; quantity: number; unit_cents: number | null };
type OrderMoney = { item_total_cents: number; discount_cents: number; tax_cents: number };

/**
 * What refunding `lineIds` whole gives back: their share of the items after the discount, and of the tax
 * (shipping stays: it was spent). Refuses lines not of the order, or refunded by line before.
 */
async function amountOfLines(db: Executor, orderId: string, lineIds: number[]): Promise<number> {
  const lines = await rows<LineRow>(
    db,
    sql`select id, quantity, coalesce(unit_sale_price_cents, unit_price_cents) as unit_cents
      from order_line_items where order_id = ${orderId}`,
  );
  const chosen = lines.filter((line) => lineIds.includes(Number(line.id)));
  const unknown = lineIds.filter((id) => !lines.some((line) => Number(line.id) === id));
  if (unknown.length > 0) {
    const message = `Line ${unknown.join(", ")} is not a line of this order`;
    throw AppError.badRequest(message);
  }
  const refunded = await rows<{ line_id: number }>(
    db,
    sql`select distinct (jsonb_array_elements_text(line_ids))::int as line_id from payment_refunds
      where order_id = ${orderId} and status <> 'failed' and line_ids is not null`,
  );
  const again = chosen.filter((line) => refunded.some((row) => Number(row.line_id) === Number(line.id)));
  if (again.length > 0) {
    const message = `Line ${again.map((line) => line.id).join(", ")} has been refunded already`;
    throw AppError.conflict(message, [{ field: "line_ids", message }]);
  }
  const [money] = await rows<OrderMoney>(
    db,
    sql`select item_total_cents, discount_cents, tax_cents from orders where id = ${orderId}`,
  );
  const items = Number(money?.item_total_cents ?? 0);
  const subtotal = chosen.reduce((total, line) => total + Number(line.unit_cents ?? 0) * Number(line.quantity), 0);
  if (items <= 0) return subtotal;
  const share = subtotal / items;
  return Math.round(subtotal - share * Number(money?.discount_cents ?? 0) + share * Number(money?.tax_cents ?? 0));
}

/**
 * Refunds an order: in full (neither `amountCents` nor `lineIds`), some lines (their share, unless
 * `amountCents` says how much), or an amount; through refundOrder (the processor that took the money; earnings
 * reversed; the shopper e-mailed once it succeeded). `requestKey` makes a repeated request answer the first.
 */
export async function refundOrderAsOperator(
  options: ActionOptions & { reason: string; amountCents?: number; lineIds?: number[]; requestKey?: string },
): Promise<OrderActionResult<{ refund: OrderRefundOutcome }>> {
  const { context, operatorId, audit } = options;
  const reason = requireReason(options.reason);
  const orderId = await findOrderIdByNumber(context.db, options.orderNumber);
  const lineIds = options.lineIds && options.lineIds.length > 0 ? [...new Set(options.lineIds)] : undefined;
  const requestKey = `operator-refund:${options.requestKey ?? randomUUID()}`;
  // A repeated request answers its first refund (refundOrder), even though its lines are refunded by now.
  const repeated = await rows<{ id: string }>(
    context.db,
    sql`select id from payment_refunds where request_key in (${`${requestKey}:payment`}, ${`${requestKey}:gift_card`})`,
  );
  const amountCents =
    options.amountCents ??
    (lineIds && repeated.length === 0 ? await amountOfLines(context.db, orderId, lineIds) : undefined);
  let before: OrderSnapshot | undefined;
  const refund = await refundOrder({
    context,
    orderId,
    reason,
    actor: operatorActor(operatorId),
    requestKey,
    ...(amountCents !== undefined ? { amountCents } : {}),
    ...(lineIds ? { lineIds } : {}),
    withinTransaction: async (tx, refundIds) => {
      before = await snapshotOrder(tx, orderId, refundIds);
      const recorded = await snapshotOrder(tx, orderId);
      await audit?.(tx, {
        action: "order.refund",
        subjectType: "order",
        subjectId: orderId,
        before,
        after: { ...recorded, refundIds, lineIds: lineIds ?? null },
        reason,
      });
    },
  });
  context.jobs.nudge();
  const after = await snapshotOrder(context.db, orderId);
  return { orderId, before: before ?? after, after, refund };
}

/**
 * Cancels a paid order before production (issue 28): through cancelPaidOrder (the shopper's path, with the
 * operator as who and the typed reason; refunded in full; the shopper's 'Cancelled' e-mail says we did it). Any
 * time before it is sent to the print provider, the cancellation window or not; also an order held before the
 * provider had it (its print files could not be made). Once the provider has it: 409.
 */
export async function cancelOrderAsOperator(options: ActionOptions & { reason: string }): Promise<OrderActionResult> {
  const { context, operatorId, audit } = options;
  const reason = requireReason(options.reason);
  const orderId = await findOrderIdByNumber(context.db, options.orderNumber);
  let before: OrderSnapshot | undefined;
  const outcome = await cancelPaidOrder({
    context,
    orderId,
    who: operatorActor(operatorId),
    reason,
    cancelledBy: "operator",
    check: async (order, tx) => {
      const notSent = order.status === null || order.status === "waiting";
      const heldBeforeSending = order.status === "on_hold" && order.provider === null && !order.provider_order_id;
      const label = order.state.replaceAll("_", " ");
      if (!order.paid_at)
        throw AppError.conflict(`This order is ${label} and was never paid: it cannot be cancelled here`);
      if (!((order.state === "paid" && notSent) || (order.state === "on_hold" && heldBeforeSending))) {
        throw AppError.conflict(
          order.provider_order_id || (order.status !== null && !["waiting", "on_hold"].includes(order.status))
            ? `This order has gone to the print provider (${order.status ?? label}): refund it instead`
            : `This order is ${label}: it cannot be cancelled`,
        );
      }
      before = await snapshotOrder(tx, orderId);
    },
    withinTransaction: async (tx) => {
      await audit?.(tx, {
        action: "order.cancel",
        subjectType: "order",
        subjectId: orderId,
        before: before ?? (await snapshotOrder(tx, orderId)),
        after: await snapshotOrder(tx, orderId),
        reason,
      });
    },
  });
  if (outcome === "already") throw AppError.conflict("This order is cancelled already");
  const after = await snapshotOrder(context.db, orderId);
  return { orderId, before: before ?? after, after };
}

type FulfilmentUnderLock = {
  state: string;
  paid_at: Date | string | null;
  status: string | null;
  provider: string | null;
  provider_order_id: string | null;
  submission: number | null;
  reason: string | null;
};

/**
 * Sends an order on hold, or failed at the print provider, to production again (issue 28), through the
 * fulfilment jobs: under the order's lock its fulfilment goes back to `waiting` (due now) and the order to
 * `paid`, and a submission job is queued, which sends it exactly once as any submission does. An order the
 * provider failed or cancelled goes as a new submission (`{number}-{n}`: the provider's dead order keeps its id);
 * one held before the provider confirmed it goes with the same id (the provider answers the order it has, if
 * any). Print files that could not be made are made again first. One the provider itself holds: 409 (it goes on
 * when the provider releases it).
 */
export async function resubmitOrder(options: ActionOptions & { reason?: string }): Promise<OrderActionResult> {
  const { context, operatorId, audit } = options;
  const reason = options.reason?.trim() || null;
  const orderId = await findOrderIdByNumber(context.db, options.orderNumber);
  const result = await context.db.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id = ${orderId} for update`);
    const [order] = await rows<FulfilmentUnderLock>(
      tx,
      sql`select o.state, o.paid_at, f.status, f.provider, f.provider_order_id, f.submission, f.reason
        from orders o left join order_fulfilments f on f.order_id = o.id where o.id = ${orderId}`,
    );
    if (!order) throw AppError.notFound("Order");
    const failed = order.state === "fulfilment_failed" && ["failed", "cancelled"].includes(order.status ?? "");
    const held = order.state === "on_hold" && order.paid_at !== null && order.status === "on_hold";
    if (!failed && !held) {
      throw AppError.conflict(
        `This order is ${order.state.replaceAll("_", " ")}: only an order on hold or failed at the print provider can be sent again`,
      );
    }
    if (held && order.provider_order_id) {
      throw AppError.conflict(
        `The print provider holds this order${order.reason ? ` (${order.reason})` : ""}: it goes on when the provider releases it`,
      );
    }
    const before = await snapshotOrder(tx, orderId);
    const submission = Number(order.submission ?? 1) + (failed ? 1 : 0);
    await tx.execute(sql`update order_fulfilments set status = 'waiting', submit_after = now(), attempts = 0,
        reason = null, submission = ${submission}, provider = ${failed ? null : order.provider},
        provider_order_id = ${failed ? null : order.provider_order_id}, updated_at = now()
      where order_id = ${orderId}`);
    const why = reason ? `sent to production again: ${reason}` : "sent to production again";
    await moveOrder(tx, orderId, fulfilmentPath(order.state as "on_hold", "paid"), operatorActor(operatorId), why);
    // Print files that could not be made are made again (their job, from its first attempt).
    await tx.execute(sql`update jobs set status = 'pending', attempts = 0, run_at = now(), last_error = null,
        locked_until = null, completed_at = null
      where kind = 'render_order_print_files' and dedupe_key = ${orderId} and status = 'failed'`);
    await enqueueJob(tx, "submit_order_fulfilment", { orderId }, { dedupeKey: `${orderId}:resubmit:${randomUUID()}` });
    const after = await snapshotOrder(tx, orderId);
    await audit?.(tx, { action: "order.resubmit", subjectType: "order", subjectId: orderId, before, after, reason });
    return { before, after };
  });
  context.jobs.nudge();
  return { orderId, ...result };
}

export const RESENDABLE_EMAILS = RESENDABLE_ORDER_EMAILS;
export type ResendableEmail = ResendableOrderEmail;

/**
 * Sends one of an order's e-mails again (issue 28): the confirmation of a paid order, 'Your order has shipped'
 * for a parcel (`shipmentId`, else the latest), or 'Delivered' once delivered. Rendered anew by the e-mail's own
 * job, with a key of its own (the first one's key still stands).
 */
export async function resendOrderEmail(
  options: ActionOptions & { email: ResendableEmail; shipmentId?: string; reason?: string },
): Promise<OrderActionResult<{ email: { kind: ResendableEmail; key: string } }>> {
  const { context, audit, email } = options;
  const reason = options.reason?.trim() || null;
  const orderId = await findOrderIdByNumber(context.db, options.orderNumber);
  const key = randomUUID();
  const result = await context.db.transaction(async (tx) => {
    const [order] = await rows<{ paid_at: unknown; delivered_at: unknown; email: string | null }>(
      tx,
      sql`select paid_at, delivered_at, email from orders where id = ${orderId}`,
    );
    if (!order?.email) throw AppError.conflict("This order has no e-mail address");
    let emailKey: string;
    if (email === "confirmation") {
      if (!order.paid_at) throw AppError.conflict("This order was never paid: it has no confirmation to send");
      emailKey = `order_confirmation:${orderId}:resend:${key}`;
      await enqueueJob(tx, "send_order_confirmation", { orderId, emailKey }, { dedupeKey: `resend:${key}` });
    } else if (email === "shipped") {
      const [parcel] = await rows<{ id: string }>(
        tx,
        sql`select id from order_shipments where order_id = ${orderId}
          and (${options.shipmentId ?? null}::uuid is null or id = ${options.shipmentId ?? null}::uuid)
          order by shipped_at desc limit 1`,
      );
      if (!parcel) throw AppError.conflict("This order has no such parcel: nothing has shipped");
      emailKey = `order_shipped:${parcel.id}:resend:${key}`;
      await enqueueJob(
        tx,
        "send_fulfilment_email",
        { kind: "shipped", orderId, shipmentId: parcel.id, emailKey },
        { dedupeKey: `resend:${key}` },
      );
    } else {
      if (!order.delivered_at) throw AppError.conflict("This order has not been delivered");
      emailKey = `order_delivered:${orderId}:resend:${key}`;
      await enqueueJob(
        tx,
        "send_fulfilment_email",
        { kind: "delivered", orderId, emailKey },
        { dedupeKey: `resend:${key}` },
      );
    }
    const snapshot = await snapshotOrder(tx, orderId);
    await audit?.(tx, {
      action: "order.resend_email",
      subjectType: "order",
      subjectId: orderId,
      before: snapshot,
      after: { ...snapshot, email: { kind: email, key: emailKey, to: order.email } },
      reason,
    });
    return { before: snapshot, after: snapshot, email: { kind: email, key: emailKey } };
  });
  context.jobs.nudge();
  return { orderId, ...result };
}

const NOTE_MAX_LENGTH = ORDER_NOTE_MAX_LENGTH;

/** Adds an operator's note to an order (append-only: notes are never changed or removed). */
export async function addOrderNote(
  options: ActionOptions & { body: string },
): Promise<OrderActionResult<{ note: { id: number; body: string; createdAt: string } }>> {
  const { context, operatorId, audit } = options;
  const body = options.body.trim();
  if (body === "") throw AppError.badRequest("A note cannot be empty");
  if (body.length > NOTE_MAX_LENGTH) throw AppError.badRequest(`A note is at most ${NOTE_MAX_LENGTH} characters`);
  const orderId = await findOrderIdByNumber(context.db, options.orderNumber);
  return context.db.transaction(async (tx) => {
    const before = await snapshotOrder(tx, orderId);
    const [note] = await rows<{ id: number; created_at: Date | string }>(
      tx,
      sql`insert into order_notes (order_id, operator_id, body) values (${orderId}, ${operatorId}, ${body})
        returning id, created_at`,
    );
    if (!note) throw new Error("the note was not saved");
    const after = await snapshotOrder(tx, orderId);
    const saved = { id: Number(note.id), body, createdAt: new Date(note.created_at).toISOString() };
    await audit?.(tx, {
      action: "order.note",
      subjectType: "order",
      subjectId: orderId,
      before,
      after: { ...after, note: saved },
      reason: null,
    });
    return { orderId, before, after, note: saved };
  });
}

/** A refund's amount as the reply's message says it. */
export function describeRefund(outcome: OrderRefundOutcome): string {
  const total = outcome.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  const pending = outcome.refunds.some((refund) => refund.status === "pending");
  const failed = outcome.refunds.some((refund) => refund.status === "failed");
  return failed
    ? `The processor refused the refund of ${formatCents(total)}`
    : pending
      ? `A refund of ${formatCents(total)} is on its way`
      : `Refunded ${formatCents(total)}`;
}
