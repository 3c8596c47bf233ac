import type { DesignFilters } from "@threadfolk/contract/discovery-constants";
import { type SQL, sql } from "drizzle-orm";
import { designs } from "../../db/schema/index.ts";

/** A sale running now (the same window as runningSaleOffers and design_shown_price). */
const isRunning = sql`s.starts_at <= now() and s.ends_at > now()`;

/**
 * The price a design's card shows, in cents, as a column of a query over `designs`: its list price (the
 * default variant's price, or the base price without one: `designs.list_price_cents`, kept by triggers), lowered
 * by the running sales that cover it exactly as `salePriceCents` lowers it (a design-specific sale price, else
 * the sale's percentage rounded half up; the lowest offer wins; an offer that is zero or not lower is ignored).
 * Computed now by `design_shown_price` (migration 0020, the one definition), so "Price: low to high" follows the
 * price on the cards, sale prices included. The stored `designs.shown_price_cents` is the same value as of its
 * last refresh (shownPricesCurrent).
 */
export function shownPriceCents(): SQL<number> {
  return sql<number>`design_shown_price(${designs.id}, ${designs.listPriceCents})`;
}

/** Whether any marketplace sale runs now (the same window as shownPriceCents and runningSaleOffers). */
export const anySaleRunning = sql<boolean>`exists (select 1 from marketplace_sales s where ${isRunning})`;

/**
 * Whether the stored shown prices are current: refreshed (by a change to the sales, or refreshShownPrices)
 * since the last time a sale started or ended. Changes to list prices and sales keep them current by triggers;
 * only time passing a sale's start or end makes them stale.
 */
export const shownPricesCurrent = sql<boolean>`coalesce((
    select not exists (
      select 1 from marketplace_sales s
      where (s.starts_at > r.as_of and s.starts_at <= now()) or (s.ends_at > r.as_of and s.ends_at <= now()))
    from (select (value ->> 'asOf')::timestamptz as as_of from app_settings where key = 'shown_prices') r
  ), false)`;

/**
 * The filters of a results page as a condition on `designs` (undefined without any): offered in the garment
 * style, offered in the colour (and the style comes in it), and a shown price from `priceFrom` dollars and
 * under `priceUnder` dollars.
 */
export function designFilterCondition(filters: DesignFilters | undefined): SQL | undefined {
  if (!filters) return undefined;
  const conditions: SQL[] = [];
  if (filters.style) {
    conditions.push(sql`exists (select 1 from seller_design_product_variants fv
      join garment_styles fs on fs.id = fv.garment_style_id
      where fv.design_id = ${designs.id} and fv.offered and fs.key = ${filters.style}
      ${filters.color ? sql`and ${filters.color} = any(fs.colors)` : sql``})`);
  }
  if (filters.color) conditions.push(sql`${filters.color} = any(${designs.offeredColors})`);
  if (filters.priceFrom !== undefined || filters.priceUnder !== undefined) {
    // A half-open range (an unset bound is infinite), so the shown price is computed once per row.
    const from = filters.priceFrom === undefined ? null : filters.priceFrom * 100;
    const under = filters.priceUnder === undefined ? null : filters.priceUnder * 100;
    conditions.push(sql`int4range(${from}::int, ${under}::int) @> ${shownPriceCents()}`);
    // Sales only lower prices, so a shown price from `from` needs a list price from `from`: a condition the
    // price index serves, so "from $30" reads the designs listed at $30 or more instead of pricing every
    // design (decision 049).
    if (from !== null) conditions.push(sql`${designs.listPriceCents} >= ${from}`);
  }
  return conditions.length === 0 ? undefined : sql.join(conditions, sql` and `);
}

/** True when any filter is set. */
export function hasFilters(filters: DesignFilters | undefined): boolean {
  return designFilterCondition(filters) !== undefined;
}
