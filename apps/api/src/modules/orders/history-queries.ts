import { eq, type SQL, sql } from "drizzle-orm";
import { orders } from "../../db/schema/index.ts";
import type { Executor } from "../cart/queries.ts";

/** A timestamp as either driver hands it over from a raw statement (a Date, or text from PGlite). */
type RawTimestamp = Date | string | null;

/** One order of a customer's history page, with what its list entry shows. */
export type OrderHistoryRow = {
  id: string;
  orderNumber: string;
  state: string;
  placedAt: RawTimestamp;
  paidAt: RawTimestamp;
  totalCents: number;
  itemCount: number;
  /** The first line (oldest), for the thumbnail: its design, garment style and colour. */
  previewDesignId: string | null;
  previewDesignName: string | null;
  previewStyleKey: string | null;
  previewColor: string | null;
  /** The captured payment (or the refunded one of a refunded order); null while unpaid. */
  paymentKind: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
};

type RawHistoryRow = { [Key in keyof OrderHistoryRow]: OrderHistoryRow[Key] | null } & { totalCount: number };

async function selectRaw<Row>(db: Executor, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres and PGlite) answer `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * One page of a customer's placed orders (every state but `cart`), newest placement first, and how many there
 * are, in ONE statement whatever the page size: the count and the page come from the same CTE, and each order
 * of the page gets its item count, first line and payment from lateral subqueries bounded by the page. The
 * leading `(select 1)` row carries the count even when the page is past the end (no order row then).
 */
export async function findOrderHistoryPage(options: {
  db: Executor;
  userId: string;
  page: number;
  perPage: number;
}): Promise<{ rows: OrderHistoryRow[]; totalCount: number }> {
  const { db, userId, page, perPage } = options;
  const offset = (page - 1) * perPage;
  const rows = await selectRaw<RawHistoryRow>(
    db,
    sql`with placed as (
      select id, order_number, state, placed_at, paid_at, total_cents
      from orders
      where user_id = ${userId}::uuid and state <> 'cart'
    ), page as (
      select * from placed
      order by placed_at desc nulls last, order_number desc
      limit ${perPage}::int offset ${offset}::int
    )
    select (select count(*)::int from placed) as "totalCount",
      page.id, page.order_number as "orderNumber", page.state, page.placed_at as "placedAt", page.paid_at as "paidAt",
      page.total_cents as "totalCents", items.count as "itemCount",
      first_line.design_id as "previewDesignId", first_line.display_name as "previewDesignName",
      first_line.style_key as "previewStyleKey", first_line.color as "previewColor",
      payment.kind as "paymentKind", payment.card_brand as "cardBrand", payment.card_last4 as "cardLast4"
    from (select 1) as anchor
    left join page on true
    left join lateral (
      select coalesce(sum(quantity), 0)::int as count from order_line_items where order_id = page.id
    ) items on true
    left join lateral (
      select designs.id as design_id, designs.display_name, garment_styles.key as style_key, order_line_items.color
      from order_line_items
      join seller_design_product_variants on seller_design_product_variants.id = order_line_items.seller_design_product_variant_id
      join designs on designs.id = seller_design_product_variants.design_id
      join garment_styles on garment_styles.id = seller_design_product_variants.garment_style_id
      where order_line_items.order_id = page.id
      order by order_line_items.id
      limit 1
    ) first_line on true
    left join lateral (
      select kind, card_brand, card_last4 from order_payments
      where order_payments.order_id = page.id and order_payments.status in ('succeeded', 'refunded')
      order by (order_payments.status = 'succeeded') desc, order_payments.created_at
      limit 1
    ) payment on true
    order by page.placed_at desc nulls last, page.order_number desc`,
  );
  const totalCount = Number(rows[0]?.totalCount ?? 0);
  const placed = rows.filter((row) => row.id !== null) as Array<OrderHistoryRow & { totalCount: number }>;
  return {
    totalCount,
    rows: placed.map(({ totalCount: _count, ...row }) => ({
      ...row,
      totalCents: Number(row.totalCents),
      itemCount: Number(row.itemCount),
    })),
  };
}

/** Who owns an order and its state, by its number: what deciding a read needs, before anything is loaded. */
export async function findOrderOwnership(options: {
  db: Executor;
  orderNumber: string;
}): Promise<{ id: string; userId: string | null; guestId: string | null; state: string } | undefined> {
  const { db, orderNumber } = options;
  const [row] = await db
    .select({ id: orders.id, userId: orders.userId, guestId: orders.guestId, state: orders.state })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  return row;
}
