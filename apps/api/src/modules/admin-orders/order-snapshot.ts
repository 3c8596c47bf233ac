import { sql } from "drizzle-orm";
import type { Executor } from "../cart/queries.ts";

/**
 * An order as the audit log keeps it before and after an operator's action (issue 28): its state, its
 * fulfilment, its money given back and its notes' count. Never an address, a card or a token.
 */
export type OrderSnapshot = {
  orderNumber: string;
  state: string;
  totalCents: number;
  refundedCents: number;
  pendingRefundCents: number;
  refunds: Array<{ id: string; amountCents: number; status: string; processor: string; lineIds: number[] | null }>;
  fulfilment: { status: string; submission: number; provider: string | null; reason: string | null } | null;
  notes: number;
};

type SnapshotRow = {
  order_number: string;
  state: string;
  total_cents: number;
  refunds: Array<{
    id: string;
    amount_cents: number;
    status: string;
    processor: string;
    line_ids: number[] | null;
  }> | null;
  fulfilment_status: string | null;
  submission: number | null;
  provider: string | null;
  reason: string | null;
  notes: number;
};

/** The snapshot of order `orderId` as `db` sees it (in a transaction: with its own writes); `without` refunds left out. */
export async function snapshotOrder(db: Executor, orderId: string, without: string[] = []): Promise<OrderSnapshot> {
  const result = (await db.execute(sql`select o.order_number, o.state, o.total_cents,
      (select json_agg(json_build_object('id', r.id, 'amount_cents', r.amount_cents, 'status', r.status,
          'processor', r.processor, 'line_ids', r.line_ids) order by r.created_at, r.request_key)
        from payment_refunds r where r.order_id = o.id
          and not (r.id::text = any(${`{${without.join(",")}}`}::text[]))) as refunds,
      f.status as fulfilment_status, f.submission, f.provider, f.reason,
      (select count(*) from order_notes n where n.order_id = o.id)::int as notes
    from orders o left join order_fulfilments f on f.order_id = o.id
    where o.id = ${orderId}`)) as unknown as { rows: SnapshotRow[] };
  const [row] = result.rows;
  if (!row) throw new Error(`order ${orderId} does not exist`);
  const refunds = (row.refunds ?? []).map((refund) => ({
    id: refund.id,
    amountCents: Number(refund.amount_cents),
    status: refund.status,
    processor: refund.processor,
    lineIds: refund.line_ids,
  }));
  const sum = (status: string) =>
    refunds.filter((refund) => refund.status === status).reduce((total, refund) => total + refund.amountCents, 0);
  return {
    orderNumber: row.order_number,
    state: row.state,
    totalCents: Number(row.total_cents),
    refundedCents: sum("succeeded"),
    pendingRefundCents: sum("pending"),
    refunds,
    fulfilment: row.fulfilment_status
      ? {
          status: row.fulfilment_status,
          submission: Number(row.submission),
          provider: row.provider,
          reason: row.reason,
        }
      : null,
    notes: Number(row.notes),
  };
}
