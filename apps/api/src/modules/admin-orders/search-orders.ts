import { ORDER_NUMBER_ALPHABET, ORDER_NUMBER_LENGTH, ORDER_NUMBER_PREFIX } from "@threadfolk/contract/cart";
import type { PlacedOrderState } from "@threadfolk/contract/orders";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../cart/queries.ts";

/**
 * The operators' order list (issue 28): placed orders newest first, found by order number (whole), e-mail (its
 * beginning) or a name's beginning (the ship-to name, or the customer's account name), filtered by state,
 * placement day and payment method. Every way in has an index (migration 0031; decision 074): the order number's
 * unique index, `lower(email)` and the names' `lower(...)` with text_pattern_ops (a `like 'prefix%'` uses them
 * whatever the database's collation), and `placed_at desc` for the newest-first walk that a page stops early.
 */

export const PAYMENT_METHODS = ["card", "paypal", "gift_card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type OrderSearch = {
  q?: string | undefined;
  states?: PlacedOrderState[] | undefined;
  /** Placed on or after this day (YYYY-MM-DD, UTC). */
  from?: string | undefined;
  /** Placed on or before this day (YYYY-MM-DD, UTC). */
  to?: string | undefined;
  paymentMethod?: PaymentMethod | undefined;
  page: number;
  perPage: number;
};

export type OrderListRow = {
  orderNumber: string;
  state: PlacedOrderState;
  placedAt: string;
  paidAt: string | null;
  email: string | null;
  shipToName: string | null;
  customerName: string | null;
  totalCents: number;
  refundedCents: number;
  paymentMethod: PaymentMethod | null;
  units: number;
  fulfilmentStatus: string | null;
};

export type OrderSearchResult = { orders: OrderListRow[]; page: number; perPage: number; hasMore: boolean };

/** `value` as a `like` pattern that matches only itself (then a `%` is appended for "begins with"). */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const ORDER_NUMBER_BODY = new RegExp(`^[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_LENGTH}}$`);

/** What a search box's text names: an order number, an e-mail's beginning, or names' beginnings. */
export function classifyQuery(
  q: string,
): { kind: "number"; orderNumber: string } | { kind: "email"; prefix: string } | { kind: "name"; words: string[] } {
  const text = q.trim();
  const upper = text.toUpperCase();
  const body = upper.startsWith(ORDER_NUMBER_PREFIX) ? upper.slice(ORDER_NUMBER_PREFIX.length) : upper;
  if (ORDER_NUMBER_BODY.test(body)) return { kind: "number", orderNumber: `${ORDER_NUMBER_PREFIX}${body}` };
  if (text.includes("@")) return { kind: "email", prefix: text.toLowerCase() };
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .slice(0, 4);
  return { kind: "name", words };
}

/** The condition a name's words put on a table's first and last names: one word either, more first and last. */
function namesMatch(first: SQL, last: SQL, words: string[]): SQL {
  const like = (column: SQL, word: string) => sql`lower(${column}) like ${`${escapeLike(word)}%`}`;
  if (words.length === 1) {
    const [word] = words as [string];
    return sql`(${like(first, word)} or ${like(last, word)})`;
  }
  const firstWord = words[0] as string;
  const lastWord = words.at(-1) as string;
  return sql`(${like(first, firstWord)} and ${like(last, lastWord)})`;
}

type ListRow = {
  order_number: string;
  state: PlacedOrderState;
  placed_at: Date | string;
  paid_at: Date | string | null;
  email: string | null;
  ship_to_name: string | null;
  customer_name: string | null;
  total_cents: number;
  refunded_cents: number;
  payment_method: PaymentMethod | null;
  units: number;
  fulfilment_status: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** One page of the orders `search` finds, newest first (one row more is read to know if another page follows). */
export async function searchOrders(db: Executor, search: OrderSearch): Promise<OrderSearchResult> {
  const conditions: SQL[] = [sql`o.state <> 'cart'`];
  const q = search.q?.trim();
  if (q) {
    const query = classifyQuery(q);
    if (query.kind === "number") conditions.push(sql`o.order_number = ${query.orderNumber}`);
    else if (query.kind === "email") conditions.push(sql`lower(o.email) like ${`${escapeLike(query.prefix)}%`}`);
    else if (query.words.length > 0) {
      conditions.push(sql`(o.id in (select a.order_id from order_addresses a where a.kind = 'shipping'
          and ${namesMatch(sql`a.first_name`, sql`a.last_name`, query.words)})
        or o.user_id in (select u.id from users u where ${namesMatch(sql`u.first_name`, sql`u.last_name`, query.words)}))`);
    }
  }
  if (search.states && search.states.length > 0) {
    conditions.push(
      sql`o.state in (${sql.join(
        search.states.map((state) => sql`${state}`),
        sql`, `,
      )})`,
    );
  }
  if (search.from) conditions.push(sql`o.placed_at >= ${`${search.from}T00:00:00Z`}::timestamptz`);
  if (search.to) conditions.push(sql`o.placed_at < ${`${search.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  if (search.paymentMethod) {
    conditions.push(sql`exists (select 1 from order_payments p where p.order_id = o.id
      and p.kind = ${search.paymentMethod} and p.status in ('succeeded', 'refunded', 'pending'))`);
  }
  const offset = (search.page - 1) * search.perPage;
  const result = (await db.execute(sql`select o.order_number, o.state, o.placed_at, o.paid_at, o.email,
      (select a.first_name || ' ' || a.last_name from order_addresses a where a.order_id = o.id
        and a.kind = 'shipping') as ship_to_name,
      (select u.first_name || ' ' || u.last_name from users u where u.id = o.user_id) as customer_name,
      o.total_cents,
      (select coalesce(sum(r.amount_cents), 0) from payment_refunds r where r.order_id = o.id
        and r.status = 'succeeded')::int as refunded_cents,
      (select p.kind from order_payments p where p.order_id = o.id and p.status in ('succeeded', 'refunded', 'pending')
        order by p.status = 'succeeded' desc, p.created_at desc limit 1) as payment_method,
      (select coalesce(sum(l.quantity), 0) from order_line_items l where l.order_id = o.id)::int as units,
      (select f.status from order_fulfilments f where f.order_id = o.id) as fulfilment_status
    from orders o
    where ${sql.join(conditions, sql` and `)}
    order by o.placed_at desc nulls last, o.id
    limit ${search.perPage + 1} offset ${offset}`)) as unknown as { rows: ListRow[] };
  const rows = result.rows;
  return {
    orders: rows.slice(0, search.perPage).map((row) => ({
      orderNumber: row.order_number,
      state: row.state,
      placedAt: iso(row.placed_at),
      paidAt: row.paid_at ? iso(row.paid_at) : null,
      email: row.email,
      shipToName: row.ship_to_name,
      customerName: row.customer_name,
      totalCents: Number(row.total_cents),
      refundedCents: Number(row.refunded_cents),
      paymentMethod: row.payment_method,
      units: Number(row.units),
      fulfilmentStatus: row.fulfilment_status,
    })),
    page: search.page,
    perPage: search.perPage,
    hasMore: rows.length > search.perPage,
  };
}
