import { EARNINGS_HOLD_DAYS_AFTER_DELIVERY, type SalesPeriod } from "@threadfolk/contract/studio";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import {
  designs,
  earningsEntries,
  garmentStyles,
  orderLineItems,
  orders,
  sellerDesignProductVariants,
} from "../../db/schema/index.ts";

/**
 * The artist's sold lines come from the earnings ledger (decision 030): one `sale` entry per paid line, netted
 * with its `reversal` when refunded. A line is dated by when its order was paid; its earnings are pending until
 * EARNINGS_HOLD_DAYS_AFTER_DELIVERY have passed since the order was delivered (issue 27: not since its payment),
 * available afterwards, unless reversed.
 */

/** The reversals of each sale, summed: a refund in part reverses a share of a line, and a sale may have several. */
const reversal = new QueryBuilder()
  .select({
    reversesEntryId: earningsEntries.reversesEntryId,
    artistEarningsCents: sql<number>`sum(${earningsEntries.artistEarningsCents})::int`.as(
      "reversed_artist_earnings_cents",
    ),
    grossCents: sql<number>`sum(${earningsEntries.grossCents})::int`.as("reversed_gross_cents"),
  })
  .from(earningsEntries)
  .where(sql`${earningsEntries.kind} = 'reversal'`)
  .groupBy(earningsEntries.reversesEntryId)
  .as("reversal");

/** When the line was sold: its order's payment (the sale entry's own time for an order without one). */
const soldAt = sql<Date>`coalesce(${orders.paidAt}, ${earningsEntries.createdAt})`;
/** The line's earnings after its reversals (0 once refunded in full). */
const netEarnings = sql<number>`(${earningsEntries.artistEarningsCents} + coalesce(${reversal.artistEarningsCents}, 0))::int`;
/** Whether the line's order was delivered and its hold after delivery has passed. */
const windowPassed = sql`(${orders.deliveredAt} is not null
  and ${orders.deliveredAt} <= now() - make_interval(days => ${EARNINGS_HOLD_DAYS_AFTER_DELIVERY}))`;

/** The period's lower bound: the start of this calendar month (UTC), 30 days ago, or none. */
function periodCondition(period: SalesPeriod): SQL | undefined {
  if (period === "this_month")
    return sql`${soldAt} >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`;
  if (period === "last_30_days") return sql`${soldAt} >= now() - interval '30 days'`;
  return undefined;
}

export type SalesFilter = { artistId: string; period: SalesPeriod; designId?: string | undefined };

function salesConditions({ artistId, period, designId }: SalesFilter) {
  return and(
    eq(earningsEntries.sellerProfileId, artistId),
    sql`${earningsEntries.kind} = 'sale'`,
    designId ? eq(earningsEntries.designId, designId) : undefined,
    periodCondition(period),
  );
}

export type SaleRow = {
  id: number;
  soldAt: Date;
  orderNumber: string;
  orderState: string;
  designId: string;
  designName: string;
  styleName: string;
  styleFit: "Men" | "Women" | "Unisex";
  size: string;
  color: string;
  quantity: number;
  earningsCents: number;
  reversed: boolean;
  windowPassed: boolean;
};

/** One page of the artist's sold lines, newest first, with the total (or every line when `limit` is absent). */
export async function findSales({
  db,
  filter,
  limit,
  offset = 0,
}: {
  db: Database;
  filter: SalesFilter;
  limit?: number;
  offset?: number;
}): Promise<{ rows: SaleRow[]; totalCount: number }> {
  const query = db
    .select({
      id: earningsEntries.id,
      soldAt: sql<string>`${soldAt}`,
      orderNumber: orders.orderNumber,
      orderState: orders.state,
      designId: earningsEntries.designId,
      designName: designs.displayName,
      styleName: garmentStyles.displayName,
      styleFit: garmentStyles.fit,
      size: orderLineItems.size,
      color: orderLineItems.color,
      quantity: earningsEntries.quantity,
      earningsCents: netEarnings,
      reversed: sql<boolean>`coalesce(${earningsEntries.grossCents} + ${reversal.grossCents} = 0, false)`,
      windowPassed: sql<boolean>`${windowPassed}`,
      totalCount: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(earningsEntries)
    .leftJoin(reversal, eq(reversal.reversesEntryId, earningsEntries.id))
    .innerJoin(orders, eq(orders.id, earningsEntries.orderId))
    .innerJoin(orderLineItems, eq(orderLineItems.id, earningsEntries.orderLineItemId))
    .innerJoin(designs, eq(designs.id, earningsEntries.designId))
    .innerJoin(
      sellerDesignProductVariants,
      eq(sellerDesignProductVariants.id, orderLineItems.sellerDesignProductVariantId),
    )
    .innerJoin(garmentStyles, eq(garmentStyles.id, sellerDesignProductVariants.garmentStyleId))
    .where(salesConditions(filter))
    .orderBy(desc(soldAt), desc(earningsEntries.id));
  const rows = limit === undefined ? await query : await query.limit(limit).offset(offset);
  let totalCount = rows[0]?.totalCount ?? 0;
  if (rows.length === 0 && offset > 0) totalCount = await countSales({ db, filter });
  return {
    rows: rows.map(({ totalCount: _total, soldAt: at, ...row }) => ({ ...row, soldAt: new Date(at) })),
    totalCount,
  };
}

async function countSales({ db, filter }: { db: Database; filter: SalesFilter }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(earningsEntries)
    .innerJoin(orders, eq(orders.id, earningsEntries.orderId))
    .where(salesConditions(filter));
  return row?.count ?? 0;
}

/** The totals of the summary: this month, last 30 days, all time, pending and available (net of reversals). */
export async function findSalesTotals({
  db,
  artistId,
  designId,
}: {
  db: Database;
  artistId: string;
  designId?: string | undefined;
}) {
  const sumWhen = (condition: SQL | undefined) =>
    sql<number>`coalesce(sum(${netEarnings}) filter (where ${condition ?? sql`true`}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      thisMonthCents: sumWhen(periodCondition("this_month")),
      last30DaysCents: sumWhen(periodCondition("last_30_days")),
      allTimeCents: sumWhen(undefined),
      pendingCents: sumWhen(sql`not (${windowPassed})`),
      availableCents: sumWhen(windowPassed),
    })
    .from(earningsEntries)
    .leftJoin(reversal, eq(reversal.reversesEntryId, earningsEntries.id))
    .innerJoin(orders, eq(orders.id, earningsEntries.orderId))
    .where(salesConditions({ artistId, period: "all_time", designId }));
  return {
    thisMonthCents: row?.thisMonthCents ?? 0,
    last30DaysCents: row?.last30DaysCents ?? 0,
    allTimeCents: row?.allTimeCents ?? 0,
    pendingCents: row?.pendingCents ?? 0,
    availableCents: row?.availableCents ?? 0,
  };
}

/** Net earnings per UTC day that had sales, oldest first. */
export async function findDailyEarnings({
  db,
  artistId,
  designId,
}: {
  db: Database;
  artistId: string;
  designId?: string | undefined;
}): Promise<Array<{ date: string; earningsCents: number }>> {
  const day = sql<string>`to_char(${soldAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ date: day, earningsCents: sql<number>`sum(${netEarnings})`.mapWith(Number) })
    .from(earningsEntries)
    .leftJoin(reversal, eq(reversal.reversesEntryId, earningsEntries.id))
    .innerJoin(orders, eq(orders.id, earningsEntries.orderId))
    .where(salesConditions({ artistId, period: "all_time", designId }))
    .groupBy(day)
    .orderBy(day);
}

/** The artist's designs that have sales, by name (the Sales page's design filter). */
export async function findDesignsWithSales({ db, artistId }: { db: Database; artistId: string }) {
  return db
    .selectDistinct({ uuid: designs.id, displayName: designs.displayName })
    .from(earningsEntries)
    .innerJoin(designs, eq(designs.id, earningsEntries.designId))
    .where(and(eq(earningsEntries.sellerProfileId, artistId), sql`${earningsEntries.kind} = 'sale'`))
    .orderBy(designs.displayName, designs.id);
}
