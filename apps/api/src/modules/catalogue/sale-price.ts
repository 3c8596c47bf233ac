/**
 * The price a design sells for during a marketplace sale: the sale's per-design price when it sets one
 * (marketplace_sale_designs.sale_price_cents), otherwise the price less the sale's percent_off, rounded to
 * the cent. Never above the regular price and never below one cent. In SQL the same rule reads:
 * `least(price, coalesce(sd.sale_price_cents, round(price * (100 - s.percent_off) / 100.0)::int))`.
 */
export function salePriceCents(options: {
  priceCents: number;
  percentOff: number;
  overrideCents?: number | null;
}): number {
  const { priceCents, percentOff, overrideCents } = options;
  const discounted = overrideCents ?? Math.round((priceCents * (100 - percentOff)) / 100);
  return Math.max(1, Math.min(priceCents, discounted));
}
