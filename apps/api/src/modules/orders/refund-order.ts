import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Executor } from "../cart/queries.ts";
import { reverseRefundEarnings } from "../earnings/reverse-order-earnings.ts";
import { PAID_STATES } from "./order-states.ts";
import { executeRefund, type RefundProcessors, recordRefund } from "./refund-payment.ts";

/** What a refund of an order answers: its refund records (one per tender) and the order's state after them. */
export type OrderRefundOutcome = {
  refunds: Array<{ id: string; amountCents: number; status: "pending" | "succeeded" | "failed"; processor: string }>;
  orderState: string;
  refundedCents: number;
};

async function rows<Row>(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

type LockedOrder = {
  id: string;
  order_number: string;
  state: string;
  total_cents: number;
  payment_id: string | null;
  payment_kind: string | null;
  payment_cents: number | null;
  /** Refunds of the order not failed (pending or succeeded): what can no longer be given back. */
  claimed_cents: number;
  /** The part of those that went back through the payment's processor (not to a gift card). */
  processor_claimed_cents: number;
};

/** How long the safety-net job waits before it carries out a refund the request did not finish. */
const REFUND_JOB_DELAY_MS = 60_000;

const PAID = sql.join(
  PAID_STATES.map((state) => sql`${state}`),
  sql`, `,
);

/**
 * Refunds a paid order (decision 053), in full (`amountCents` absent), by an amount, or for some of its lines
 * (`lineIds`, with the amount to give back for them). One refund per request key, ever: asking again answers
 * the same refunds. The refund is recorded `pending` before any processor is asked, through the processor that
 * took the payment (the card port, the PayPal port); what was paid by gift card goes back to the gift card,
 * last. Each refund is then carried out (here, and by a job while the processor cannot be reached): when it
 * succeeds the order's earnings are reversed (those lines whole, or in proportion) and the order moves to
 * `partly_refunded` or `refunded`. The order's refunded amount is never stored: it is the sum of its succeeded
 * refunds.
 */
export async function refundOrder(options: {
  context: { db: Database } & RefundProcessors;
  orderId: string;
  amountCents?: number;
  lineIds?: number[];
  reason: string;
  actor: string;
  requestKey: string;
  /** Runs in the transaction that records new refunds (not for a repeated key), with their ids: an audit entry. */
  withinTransaction?: (tx: Executor, refundIds: string[]) => Promise<void>;
}): Promise<OrderRefundOutcome> {
  const { context, orderId, reason, actor, requestKey } = options;
  if (options.amountCents !== undefined && (!Number.isSafeInteger(options.amountCents) || options.amountCents <= 0)) {
    throw AppError.badRequest("A refund must be a positive whole number of cents");
  }
  const refundIds = await context.db.transaction(async (tx) => {
    const existing = await rows<{ id: string }>(
      tx,
      sql`select id from payment_refunds where request_key in (${`${requestKey}:payment`}, ${`${requestKey}:gift_card`})
        order by request_key desc`,
    );
    if (existing.length > 0) return existing.map((row) => row.id);
    // The order is locked in a statement of its own, so that the sums below are read after the lock: a query
    // that waits for a row lock still reads the rest with the snapshot it started with (PostgreSQL).
    await tx.execute(sql`select id from orders where id = ${orderId} and state <> 'cart' for update`);
    const [order] = await rows<LockedOrder>(
      tx,
      sql`select o.id, o.order_number, o.state, o.total_cents, p.id as payment_id, p.kind as payment_kind,
          p.amount_cents as payment_cents,
          coalesce((select sum(r.amount_cents) from payment_refunds r where r.order_id = o.id
            and r.status <> 'failed'), 0)::int as claimed_cents,
          coalesce((select sum(r.amount_cents) from payment_refunds r where r.order_id = o.id
            and r.status <> 'failed' and r.processor <> 'gift_card'), 0)::int as processor_claimed_cents
        from orders o
        left join order_payments p on p.order_id = o.id and p.status = 'succeeded'
        where o.id = ${orderId} and o.state <> 'cart'`,
    );
    if (!order) throw AppError.notFound("Order");
    // A paid order, or one held or cancelled after its payment (a cancellation in the window refunds it whole).
    const refundable =
      (PAID_STATES as readonly string[]).includes(order.state) || ["on_hold", "cancelled"].includes(order.state);
    if (!refundable || !order.payment_id) {
      throw AppError.conflict(`Order ${order.order_number} is ${order.state.replace("_", " ")}: it cannot be refunded`);
    }
    const left = Number(order.total_cents) - Number(order.claimed_cents);
    const amount = options.amountCents ?? left;
    if (amount <= 0 || amount > left) {
      const message = `At most ${left} cents of order ${order.order_number} can still be refunded`;
      throw AppError.conflict(message, [{ field: "amount_cents", message }]);
    }
    // Through the processor first (a gift-card-only order's payment is the gift card), the rest to the gift card.
    const processorLeft =
      order.payment_kind === "gift_card"
        ? 0
        : Math.max(0, Number(order.payment_cents) - Number(order.processor_claimed_cents));
    const throughProcessor = Math.min(amount, processorLeft);
    const toGiftCard = amount - throughProcessor;
    const ids: string[] = [];
    const lineIds = options.lineIds && options.lineIds.length > 0 ? options.lineIds : undefined;
    if (throughProcessor > 0) {
      ids.push(
        await recordRefund({
          db: tx,
          paymentId: order.payment_id,
          amountCents: throughProcessor,
          reason,
          actor,
          requestKey: `${requestKey}:payment`,
          ...(lineIds ? { lineIds } : {}),
        }),
      );
    }
    if (toGiftCard > 0) {
      ids.push(
        await recordRefund({
          db: tx,
          paymentId: order.payment_id,
          amountCents: toGiftCard,
          reason,
          actor,
          requestKey: `${requestKey}:gift_card`,
          processor: "gift_card",
          ...(lineIds ? { lineIds } : {}),
        }),
      );
    }
    // Carried out here, after the commit; a job a minute later is the safety net (a processor that could not be
    // reached, a crash between the two): it asks again with the same key, which never refunds twice.
    const runAt = new Date(Date.now() + REFUND_JOB_DELAY_MS);
    for (const id of ids) await enqueueJob(tx, "execute_order_refund", { refundId: id }, { dedupeKey: id, runAt });
    await options.withinTransaction?.(tx, ids);
    return ids;
  });
  for (const refundId of refundIds) {
    try {
      await finishOrderRefund({ context, refundId });
    } catch {
      // The processor could not be reached: the refund stays pending and its job asks again.
    }
  }
  const outcome = await rows<{
    id: string;
    amount_cents: number;
    status: "pending" | "succeeded" | "failed";
    processor: string;
    state: string;
    refunded_cents: number;
  }>(
    context.db,
    sql`select r.id, r.amount_cents, r.status, r.processor, o.state,
        (select coalesce(sum(x.amount_cents), 0) from payment_refunds x where x.order_id = o.id
          and x.status = 'succeeded')::int as refunded_cents
      from payment_refunds r join orders o on o.id = r.order_id
      where r.id in (${sql.join(
        refundIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) order by r.request_key desc`,
  );
  return {
    refunds: outcome.map((row) => ({
      id: row.id,
      amountCents: Number(row.amount_cents),
      status: row.status,
      processor: row.processor,
    })),
    orderState: outcome[0]?.state ?? "",
    refundedCents: Number(outcome[0]?.refunded_cents ?? 0),
  };
}

/**
 * After a refund of a paid order was carried out: in one transaction under the order's lock, its earnings are
 * reversed and the order moves to `partly_refunded`, or to `refunded` once its succeeded refunds reach its total
 * (the payment is then `refunded` too). Idempotent.
 */
export async function applySucceededRefund(options: { db: Database; refundId: string; actor: string }) {
  const { db, refundId, actor } = options;
  await db.transaction(async (tx) => {
    const [refund] = await rows<{ order_id: string; status: string; actor: string; request_key: string }>(
      tx,
      sql`select order_id, status, actor, request_key from payment_refunds where id = ${refundId}`,
    );
    if (refund?.status !== "succeeded") return;
    // Locked first, then read: the refunds that succeeded meanwhile count (see refundOrder).
    await tx.execute(sql`select id from orders where id = ${refund.order_id} for update`);
    const [order] = await rows<{ state: string; total_cents: number; refunded_cents: number }>(
      tx,
      sql`select o.state, o.total_cents,
          (select coalesce(sum(r.amount_cents), 0) from payment_refunds r where r.order_id = o.id
            and r.status = 'succeeded')::int as refunded_cents
        from orders o where o.id = ${refund.order_id}`,
    );
    if (!order) return;
    const whole = Number(order.refunded_cents) >= Number(order.total_cents);
    const next = whole ? "refunded" : "partly_refunded";
    if (order.state !== next && order.state !== "refunded") {
      await tx.execute(sql`update orders set state = ${next}, state_changed_by = ${actor},
          state_change_reason = ${whole ? "refunded in full" : "refunded in part"}, updated_at = now()
        where id = ${refund.order_id} and (state in (${PAID}) or (state = 'on_hold' and paid_at is not null))`);
    }
    if (whole) {
      await tx.execute(sql`update order_payments set status = 'refunded', updated_at = now()
        where order_id = ${refund.order_id} and status = 'succeeded'`);
    }
    await reverseRefundEarnings({ db: tx, refundId });
    // A refund an operator made is e-mailed to the shopper (a cancellation's refund is in its own e-mail).
    if (refund.actor.startsWith("operator:") && !refund.request_key.startsWith("cancellation:")) {
      await enqueueJob(tx, "send_order_refund_email", { refundId }, { dedupeKey: refundId });
    }
  });
}

/**
 * Carries out one recorded refund of a paid order through its processor, then applies it when it succeeded.
 * Throws while the processor cannot be reached or PayPal still processes it (the job tries again).
 */
export async function finishOrderRefund(options: {
  context: { db: Database } & RefundProcessors;
  refundId: string;
}): Promise<"succeeded" | "failed" | "pending"> {
  const { context, refundId } = options;
  const status = await executeRefund({ db: context.db, processors: context, refundId });
  if (status === "succeeded") {
    const [refund] = await rows<{ actor: string }>(
      context.db,
      sql`select actor from payment_refunds where id = ${refundId}`,
    );
    await applySucceededRefund({ db: context.db, refundId, actor: refund?.actor ?? "system:refunds" });
  }
  return status;
}

/** The `execute_order_refund` job: a recorded refund of a paid order, carried out once (dedupe key: its id). */
export function createExecuteOrderRefundHandler(
  context: { db: Database } & RefundProcessors,
): JobHandler<"execute_order_refund"> {
  return {
    retry: { maxAttempts: 25, baseDelaySeconds: 30, maxDelaySeconds: 3600, leaseSeconds: 120 },
    async run({ refundId }) {
      const status = await finishOrderRefund({ context, refundId });
      if (status === "pending") throw new Error(`refund ${refundId} is still being processed`);
      return { status };
    },
  };
}
