import type { PlacedOrderResponse, PlacedOrderState } from "@threadfolk/contract/orders";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { FulfilmentStatus } from "../../db/schema/fulfilment.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import { findReadableOrder, readOrder } from "../orders/read-order.ts";
import { refundOrder } from "../orders/refund-order.ts";
import { describeCancellation } from "./order-fulfilment-view.ts";

async function rows<Row>(db: Pick<AppContext["db"], "execute">, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** A transaction of the database, as the callers' hooks receive it. */
type Tx = Parameters<Parameters<AppContext["db"]["transaction"]>[0]>[0];

/** What a cancellation checks under the order's lock before it cancels (throws AppError to refuse). */
export type OrderUnderLock = {
  state: PlacedOrderState;
  paid_at: Date | string | null;
  status: FulfilmentStatus | null;
  submit_after: Date | string | null;
  provider: string | null;
  provider_order_id: string | null;
};

/**
 * Cancels a paid order not yet sent to production, then refunds it in full (the one cancellation path: the
 * shopper's in the window, an operator's before production). Under the order's lock (the submission takes the
 * same lock, so exactly one of the two wins): `check` refuses what may not be cancelled; the fulfilment becomes
 * `cancelled`, the order `cancelled`, and the 'Cancelled' e-mail is queued; `withinTransaction` runs last in the
 * same transaction (an audit entry). Then the order is refunded in full through the processor that took the
 * money (earnings reversed), with a key of its own so asking twice never refunds twice. Answers `already` when
 * the order was cancelled before.
 */
export async function cancelPaidOrder(options: {
  context: AppContext;
  orderId: string;
  /** Who: `user:<id>`, `guest:<id>`, `operator:<id>`. */
  who: string;
  reason: string;
  cancelledBy: "shopper" | "operator";
  check: (order: OrderUnderLock, tx: Tx) => void | Promise<void>;
  withinTransaction?: (tx: Tx) => Promise<void>;
}): Promise<"cancelled" | "already"> {
  const { context, orderId, who, reason, cancelledBy, check } = options;
  const cancelled = await context.db.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id = ${orderId} for update`);
    const [order] = await rows<OrderUnderLock>(
      tx,
      sql`select o.state, o.paid_at, f.status, f.submit_after, f.provider, f.provider_order_id from orders o
        left join order_fulfilments f on f.order_id = o.id where o.id = ${orderId}`,
    );
    if (!order) throw AppError.notFound("Order");
    if (order.state === "cancelled" && order.paid_at) return "already";
    await check(order, tx);
    await tx.execute(sql`insert into order_fulfilments (order_id, status, submit_after, reason)
      values (${orderId}, 'cancelled', now(), ${reason})
      on conflict (order_id) do update set status = 'cancelled', reason = excluded.reason, updated_at = now()`);
    await tx.execute(sql`update orders set state = 'cancelled', state_changed_by = ${who},
        state_change_reason = ${reason}, updated_at = now() where id = ${orderId}`);
    await enqueueJob(
      tx,
      "send_fulfilment_email",
      { kind: "cancelled", orderId, cancelledBy },
      { dedupeKey: `cancelled:${orderId}` },
    );
    await options.withinTransaction?.(tx);
    return "cancelled";
  });
  // The refund (also when a first request was cut short after the commit: the same key never refunds twice).
  await refundOrder({
    context,
    orderId,
    reason,
    actor: who,
    requestKey: `cancellation:${orderId}`,
  }).catch((error: unknown) => {
    // Already refunded in full (a repeated request): nothing more to give back.
    if (cancelled === "already" && error instanceof AppError && error.statusCode === 409) return undefined;
    throw error;
  });
  context.jobs.nudge();
  return cancelled;
}

/**
 * The shopper cancels a paid order during its cancellation window (issue 27, deliverable 7): whoever may read the
 * order (its customer, or a guest through the e-mail's signed link) may cancel it, while the window is open and
 * the order not yet sent. Too late: 409 with the reason the order page shows.
 */
export async function cancelOrder(options: {
  context: AppContext;
  actor: Actor;
  orderNumber: string;
  token: string | undefined;
}): Promise<PlacedOrderResponse> {
  const { context, actor, orderNumber, token } = options;
  const { config } = context;
  const view = await findReadableOrder({ context, actor, orderNumber, token });
  const who =
    actor.kind === "user" ? `user:${actor.userId}` : actor.kind === "guest" ? `guest:${actor.guestId}` : "guest";
  await cancelPaidOrder({
    context,
    orderId: view.order.id,
    who,
    reason: "cancelled by the shopper",
    cancelledBy: "shopper",
    check: (order) => {
      const cancellation = describeCancellation({
        state: order.state,
        paidAt: order.paid_at ? new Date(order.paid_at) : null,
        fulfilment:
          order.status && order.submit_after
            ? { status: order.status, submitAfter: new Date(order.submit_after), reason: null }
            : undefined,
        cancelWindowSeconds: config.ORDER_CANCEL_SECONDS,
      });
      if (!cancellation.cancellable)
        throw AppError.conflict(cancellation.reason ?? "This order can no longer be cancelled.");
    },
  });
  return readOrder({ context, actor, orderNumber, token });
}
