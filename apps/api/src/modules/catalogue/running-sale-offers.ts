import { sql } from "drizzle-orm";
import { designs } from "../../db/schema/index.ts";
import type { SaleOffer } from "./pricing.ts";

/**
 * The offers of the sales running now that cover a design, as a column of a query over `designs`: a
 * correlated subquery per row (a page or a cart has at most a few dozen rows and usually one sale runs), so
 * pricing needs no second round trip. Decode the column with `parseSaleOffers`. The one place that says
 * which sales run: design cards, the design page and the cart all price through it.
 */
export function runningSaleOffers() {
  return sql<SaleOffer[]>`coalesce((
    select json_agg(json_build_object('percentOff', s.percent_off, 'salePriceCents', sd.sale_price_cents))
    from marketplace_sales s
    left join marketplace_sale_designs sd on sd.sale_id = s.id and sd.design_id = ${designs.id}
    where s.starts_at <= now() and s.ends_at > now() and (s.applies_to_all_designs or sd.design_id is not null)
  ), '[]'::json)`;
}

/** The offers of a `runningSaleOffers` column, whichever driver read it. */
export function parseSaleOffers(value: unknown): SaleOffer[] {
  // node-postgres decodes json columns; PGlite may hand back the text.
  const list = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return [];
  return list.map((offer: { percentOff: number; salePriceCents: number | null }) => ({
    percentOff: Number(offer.percentOff),
    salePriceCents: offer.salePriceCents === null ? null : Number(offer.salePriceCents),
  }));
}
