import { formatCents } from "@threadfolk/contract/money";
import { sql } from "drizzle-orm";
import type { CardProcessor } from "../../adapters/card/card.ts";
import type { PayPalGateway } from "../../adapters/paypal/paypal.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { Executor } from "../cart/queries.ts";
import { enqueueEmail } from "../mail/send-email.ts";
import { escapeHtml, renderEmailFrame, renderTextFooter } from "../mail/templates.ts";

/** The processors a refund can go back through: the one that took the payment. */
export type RefundProcessors = { cardProcessor?: CardProcessor; paypal?: { gateway: PayPalGateway } };

async function rows<Row>(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Our idempotency key for the automatic refund of a payment that could not complete its order. */
export function unneededCaptureRefundKey(paymentId: string): string {
  return `tf_refund_${paymentId}`;
}

/**
 * Records a refund of a payment, `pending`, in the caller's transaction (before any processor is asked, so a
 * crash leaves a record to finish, never money silently kept or silently given). Once per request key. Answers
 * the refund's id.
 */
export async function recordRefund(options: {
  db: Executor;
  paymentId: string;
  amountCents: number;
  reason: string;
  actor: string;
  requestKey: string;
  lineIds?: number[];
  /** `gift_card`: the part of an order paid by gift card, given back to it (default: the payment's processor). */
  processor?: "gift_card";
}): Promise<string> {
  const { db, paymentId, amountCents, reason, actor, requestKey } = options;
  const lineIds = options.lineIds ? JSON.stringify(options.lineIds) : null;
  const [row] = await rows<{ id: string }>(
    db,
    sql`with inserted as (
        insert into payment_refunds (payment_id, order_id, amount_cents, status, reason, actor, processor, request_key,
          line_ids)
        select p.id, p.order_id, ${amountCents}, 'pending', ${reason}, ${actor},
          coalesce(${options.processor ?? null}::text, p.processor), ${requestKey},
          ${lineIds}::jsonb
        from order_payments p where p.id = ${paymentId}
        on conflict (request_key) do nothing
        returning id
      )
      select id from inserted union all select id from payment_refunds where request_key = ${requestKey}`,
  );
  if (!row) throw new Error(`payment ${paymentId} not found for a refund`);
  return row.id;
}

/** What PayPal shows the payer about a refund. */
function noteToPayer(reason: string): string {
  return reason === "capture_not_needed"
    ? "Your order could not be completed with this payment: it was refunded"
    : "A refund of your order";
}

type PendingRefund = {
  id: string;
  status: string;
  amount_cents: number;
  request_key: string;
  reason: string;
  kind: "card" | "paypal" | "gift_card";
  processor: string;
  processor_reference: string | null;
  promo_code: string | null;
};

/**
 * Carries out a recorded refund through the processor that took the payment (the card port, the PayPal port, or
 * a gift card's balance), with the refund's own key (never twice), and records the outcome: `succeeded` with the
 * processor's refund id, or `failed` when the processor refuses it. Throws when the processor cannot be reached
 * (the refund stays `pending`; the caller's job tries again with the same key). Answers the status.
 */
export async function executeRefund(options: {
  db: Database;
  processors: RefundProcessors;
  refundId: string;
}): Promise<"succeeded" | "failed" | "pending"> {
  const { db, processors, refundId } = options;
  const [refund] = await rows<PendingRefund>(
    db,
    sql`select r.id, r.status, r.amount_cents, r.request_key, r.reason, p.kind, r.processor, p.processor_reference, o.promo_code
      from payment_refunds r join order_payments p on p.id = r.payment_id join orders o on o.id = r.order_id
      where r.id = ${refundId}`,
  );
  if (!refund) throw new Error(`refund ${refundId} does not exist`);
  if (refund.status !== "pending") return refund.status as "succeeded" | "failed";
  const amountCents = Number(refund.amount_cents);
  let outcome: { status: "succeeded" | "failed" | "pending"; processorRefundId: string | null; message: string | null };
  if (refund.kind === "card" && refund.processor !== "gift_card") {
    if (!refund.processor_reference) throw new Error(`refund ${refundId}: the charge has no reference`);
    if (!processors.cardProcessor) throw new Error(`refund ${refundId}: no card processor given`);
    const result = await processors.cardProcessor.refund({
      idempotencyKey: refund.request_key,
      chargeId: refund.processor_reference,
      amountCents,
    });
    outcome =
      result.status === "succeeded"
        ? { status: "succeeded", processorRefundId: result.refundId, message: null }
        : { status: "failed", processorRefundId: null, message: `${result.code}: ${result.message}` };
  } else if (refund.kind === "paypal" && refund.processor !== "gift_card") {
    const gateway = processors.paypal?.gateway;
    if (!gateway) throw new Error(`refund ${refundId}: no PayPal port given`);
    if (!refund.processor_reference) throw new Error(`refund ${refundId}: the capture has no id`);
    const result = await gateway.refundCapture({
      captureId: refund.processor_reference,
      amountCents,
      requestId: refund.request_key,
      noteToPayer: noteToPayer(refund.reason),
    });
    outcome =
      result.status === "COMPLETED"
        ? { status: "succeeded", processorRefundId: result.refundId, message: null }
        : result.status === "PENDING"
          ? { status: "pending", processorRefundId: result.refundId, message: "PayPal is processing the refund" }
          : { status: "failed", processorRefundId: result.refundId, message: `PayPal: ${result.status}` };
  } else {
    // A gift card: its amount goes back on the card's balance, in the statement that marks the refund done, so
    // two runs of it (the request and its job) can never credit it twice.
    const processorRefundId = `gift_card:${refund.promo_code}`;
    await db.execute(sql`with done as (
        update payment_refunds set status = 'succeeded', processor_refund_id = ${processorRefundId},
          message = null, updated_at = now()
        where id = ${refundId} and status = 'pending' returning id
      )
      update promo_codes set balance_cents = balance_cents + ${amountCents}
      where code = ${refund.promo_code} and kind = 'gift_card' and exists (select 1 from done)`);
    return "succeeded";
  }
  await db.execute(sql`update payment_refunds set status = ${outcome.status},
      processor_refund_id = coalesce(${outcome.processorRefundId}, processor_refund_id),
      message = ${outcome.message}, updated_at = now()
    where id = ${refundId} and status = 'pending'`);
  return outcome.status;
}

/**
 * The shopper's e-mail about an automatic refund: the payment could not complete the order (paid another way,
 * changed, or cancelled meanwhile), so it was given back whole. Queued once per payment, in the caller's
 * transaction.
 */
export async function enqueueRefundEmail(options: {
  db: Executor;
  config: Pick<Config, "BRAND_NAME" | "PUBLIC_URL" | "SUPPORT_EMAIL">;
  paymentId: string;
}): Promise<void> {
  const { db, config, paymentId } = options;
  const [row] = await rows<{
    order_id: string;
    email: string | null;
    order_number: string;
    amount_cents: number;
    kind: string;
  }>(
    db,
    sql`select o.id as order_id, o.email, o.order_number, p.amount_cents, p.kind
      from order_payments p join orders o on o.id = p.order_id where p.id = ${paymentId}`,
  );
  if (!row?.email) return;
  const amount = formatCents(Number(row.amount_cents));
  const method = row.kind === "paypal" ? "PayPal account" : row.kind === "card" ? "card" : "gift card";
  const lines = [
    `We refunded ${amount} to your ${method}.`,
    `A second payment for order ${row.order_number} reached us after the order had already been paid, changed or cancelled, so we gave it back in full. You have not been charged twice.`,
    "Refunds usually show on your statement within 5 to 10 business days.",
  ];
  await enqueueEmail({
    db,
    dedupeKey: `payment_refunded:${paymentId}`,
    message: {
      kind: "payment_refunded",
      orderId: row.order_id,
      to: row.email,
      subject: `${config.BRAND_NAME}: ${amount} refunded for order ${row.order_number}`,
      text: [...lines, "", ...renderTextFooter(config)].join("\n"),
      html: renderEmailFrame({
        config,
        contentHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
      }),
    },
  });
}
