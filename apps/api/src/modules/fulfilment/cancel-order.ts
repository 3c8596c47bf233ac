import type { PlacedOrderResponse } from "@threadfolk/contract/orders";
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

/**
 * The shopper cancels a paid order during its cancellation window (issue 27, deliverable 7): whoever may read the
 * order (its customer, or a guest through the e-mail's signed link) may cancel it. Under the order's lock (the
 * submission takes the same lock, so exactly one of the two wins): the window must be open and the order not
 * yet sent; the fulfilment becomes `cancelled`, the order `cancelled`, and the 'Cancelled' e-mail is queued. Then
 * the order is refunded in full through the processor that took the money (earnings reversed), with a key of
 * its own so asking twice never refunds twice. Too late: 409 with the reason the order page shows.
 */
export async function cancelOrder(options: {
  context: AppContext;
  actor: Actor;
  orderNumber: string;
  token: string | undefined;
}): Promise<PlacedOrderResponse> {
  const { context, actor, orderNumber, token } = options;
  const { db, config } = context;
  const view = await findReadableOrder({ context, actor, orderNumber, token });
  const orderId = view.order.id;
  const who =
    actor.kind === "user" ? `user:${actor.userId}` : actor.kind === "guest" ? `guest:${actor.guestId}` : "guest";
  const cancelled = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id = ${orderId} for update`);
    const [order] = await rows<{
      state: (typeof view.order)["state"];
      paid_at: Date | string | null;
      status: FulfilmentStatus | null;
      submit_after: Date | string | null;
    }>(
      tx,
      sql`select o.state, o.paid_at, f.status, f.submit_after from orders o
        left join order_fulfilments f on f.order_id = o.id where o.id = ${orderId}`,
    );
    if (!order) throw AppError.notFound("Order");
    if (order.state === "cancelled" && order.paid_at) return "already";
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
    await tx.execute(sql`insert into order_fulfilments (order_id, status, submit_after, reason)
      values (${orderId}, 'cancelled', now(), 'cancelled by the shopper')
      on conflict (order_id) do update set status = 'cancelled', reason = excluded.reason, updated_at = now()`);
    await tx.execute(sql`update orders set state = 'cancelled', state_changed_by = ${who},
        state_change_reason = 'cancelled by the shopper', updated_at = now() where id = ${orderId}`);
    await enqueueJob(
      tx,
      "send_fulfilment_email",
      { kind: "cancelled", orderId },
      { dedupeKey: `cancelled:${orderId}` },
    );
    return "cancelled";
  });
  // The refund (also when a first request was cut short after the commit: the same key never refunds twice).
  await refundOrder({
    context,
    orderId,
    reason: "cancelled by the shopper",
    actor: who,
    requestKey: `cancellation:${orderId}`,
  }).catch((error: unknown) => {
    // Already refunded in full (a repeated request): nothing more to give back.
    if (cancelled === "already" && error instanceof AppError && error.statusCode === 409) return undefined;
    throw error;
  });
  context.jobs.nudge();
  return readOrder({ context, actor, orderNumber, token });
}
