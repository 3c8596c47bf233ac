import type { EarningsLine } from "@threadfolk/contract/earnings";
import type { OrderState } from "@threadfolk/contract/orders";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  designs,
  earningsEntries,
  orderLineItems,
  orderPayments,
  orders,
  promoCodeRedemptions,
  sellerDesignProductVariants,
} from "../../db/schema/index.ts";
import { selectRows } from "../../db/select-rows.ts";

/** A database or a transaction (the refund's, when reversing). */
export type Executor = Pick<Database, "select" | "insert" | "execute">;

export type NewEarningsEntry = typeof earningsEntries.$inferInsert;
export type EarningsEntry = typeof earningsEntries.$inferSelect;

/** An order's state and frozen amounts (null amounts: not placed). */
export async function findOrderAmounts({ db, orderId }: { db: Executor; orderId: string }) {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      state: orders.state,
      paidAt: orders.paidAt,
      itemTotalCents: orders.itemTotalCents,
      discountCents: orders.discountCents,
      shippingCents: orders.shippingCents,
      taxCents: orders.taxCents,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** An order line with its frozen prices and the design and artist it earns for. */
export type EarningsLineRow = Omit<EarningsLine, "unitBaseCostCents" | "unitPriceCents"> & {
  unitPriceCents: number | null;
  unitBaseCostCents: number | null;
  designId: string;
  sellerProfileId: string;
};

/** The lines of an order, in line order, with what the ledger needs of each. */
export async function findOrderEarningsLines({
  db,
  orderId,
}: {
  db: Executor;
  orderId: string;
}): Promise<EarningsLineRow[]> {
  return db
    .select({
      id: orderLineItems.id,
      quantity: orderLineItems.quantity,
      unitPriceCents: orderLineItems.unitPriceCents,
      unitSalePriceCents: orderLineItems.unitSalePriceCents,
      unitBaseCostCents: orderLineItems.unitBaseCostCents,
      designId: designs.id,
      sellerProfileId: designs.sellerProfileId,
    })
    .from(orderLineItems)
    .innerJoin(
      sellerDesignProductVariants,
      eq(sellerDesignProductVariants.id, orderLineItems.sellerDesignProductVariantId),
    )
    .innerJoin(designs, eq(designs.id, sellerDesignProductVariants.designId))
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.id));
}

/** Appends entries; a sale already recorded for its line, or an entry already reversed, is skipped. */
export async function insertEarningsEntries({
  db,
  entries,
}: {
  db: Executor;
  entries: NewEarningsEntry[];
}): Promise<number> {
  if (entries.length === 0) return 0;
  const inserted = await db
    .insert(earningsEntries)
    .values(entries)
    .onConflictDoNothing()
    .returning({ id: earningsEntries.id });
  return inserted.length;
}

/** Every entry of an order, oldest first. */
export async function findOrderEarningsEntries({
  db,
  orderId,
}: {
  db: Executor;
  orderId: string;
}): Promise<EarningsEntry[]> {
  return db.select().from(earningsEntries).where(eq(earningsEntries.orderId, orderId)).orderBy(asc(earningsEntries.id));
}

/**
 * What was captured for an order: its succeeded payment (card or PayPal), and with `includeRefunded` the
 * captures given back since (a refunded order's).
 */
export async function findCapturedPaymentAmounts({
  db,
  orderId,
  includeRefunded = false,
}: {
  db: Executor;
  orderId: string;
  includeRefunded?: boolean;
}) {
  const rows = await db
    .select({ amountCents: orderPayments.amountCents })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        // A gift-card-only order's payment is its redemption, counted below.
        inArray(orderPayments.kind, ["card", "paypal"]),
        inArray(orderPayments.status, includeRefunded ? ["succeeded", "refunded"] : ["succeeded"]),
      ),
    );
  // Gift cards are tenders too (decision 033): what a redeemed card paid.
  const giftCards = await db
    .select({ amountCents: promoCodeRedemptions.giftCardCents })
    .from(promoCodeRedemptions)
    .where(
      and(
        eq(promoCodeRedemptions.orderId, orderId),
        eq(promoCodeRedemptions.status, "redeemed"),
        gt(promoCodeRedemptions.giftCardCents, 0),
      ),
    );
  return [...rows, ...giftCards].map((row) => row.amountCents);
}

/** One order in an artist's ledger: the sums of the artist's entries for it (reversals included). */
export type ArtistOrderEarnings = {
  orderId: string;
  orderNumber: string;
  orderState: OrderState;
  /** When the first entry of the order was recorded (the sale). */
  recordedAt: Date;
  /** Units sold, net of refunds. */
  unitCount: number;
  /** What shoppers paid for the artist's lines, net of refunds (before codes, which the platform absorbs). */
  salesCents: number;
  /** The artist's earnings, net of refunds. */
  earningsCents: number;
  /** True when some of it was refunded (a reversal was appended). */
  hasReversal: boolean;
};

export type ArtistEarnings = {
  orders: ArtistOrderEarnings[];
  totals: { orderCount: number; unitCount: number; salesCents: number; earningsCents: number };
};

type ArtistOrderRow = {
  order_id: string;
  order_number: string;
  order_state: OrderState;
  recorded_at: string | Date;
  unit_count: number | string;
  sales_cents: number | string;
  earnings_cents: number | string;
  has_reversal: boolean;
};

/**
 * An artist's earnings, per order, newest first (the seller issue's Sales tab), and their totals. Sums of the
 * append-only ledger: a refunded order shows with its reversal netted out.
 */
export async function findArtistEarnings({
  db,
  sellerProfileId,
  limit = 50,
  offset = 0,
}: {
  db: Database;
  sellerProfileId: string;
  limit?: number;
  offset?: number;
}): Promise<ArtistEarnings> {
  const rows = await selectRows<ArtistOrderRow>(
    db,
    sql`
    select e.order_id, o.order_number, o.state as order_state, min(e.created_at) as recorded_at,
      sum(e.quantity)::int as unit_count, sum(e.gross_cents)::bigint as sales_cents,
      sum(e.artist_earnings_cents)::bigint as earnings_cents, bool_or(e.kind = 'reversal') as has_reversal
    from ${earningsEntries} e
    join ${orders} o on o.id = e.order_id
    where e.seller_profile_id = ${sellerProfileId}
    group by e.order_id, o.order_number, o.state
    order by min(e.created_at) desc, e.order_id
    limit ${limit} offset ${offset}`,
  );
  const [totals] = await selectRows<{
    order_count: number | string;
    unit_count: number | string | null;
    sales_cents: number | string | null;
    earnings_cents: number | string | null;
  }>(
    db,
    sql`
    select count(distinct e.order_id)::int as order_count, sum(e.quantity)::int as unit_count,
      sum(e.gross_cents)::bigint as sales_cents, sum(e.artist_earnings_cents)::bigint as earnings_cents
    from ${earningsEntries} e
    where e.seller_profile_id = ${sellerProfileId}`,
  );
  return {
    orders: rows.map((row) => ({
      orderId: row.order_id,
      orderNumber: row.order_number,
      orderState: row.order_state,
      recordedAt: new Date(row.recorded_at),
      unitCount: Number(row.unit_count),
      salesCents: Number(row.sales_cents),
      earningsCents: Number(row.earnings_cents),
      hasReversal: row.has_reversal,
    })),
    totals: {
      orderCount: Number(totals?.order_count ?? 0),
      unitCount: Number(totals?.unit_count ?? 0),
      salesCents: Number(totals?.sales_cents ?? 0),
      earningsCents: Number(totals?.earnings_cents ?? 0),
    },
  };
}
