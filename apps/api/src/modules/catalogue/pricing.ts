import { applyPercentOff, toCents } from "@threadfolk/contract/money";

/** A running sale's offer on one design: its percentage, or a price set for that design. */
export type SaleOffer = { percentOff: number; salePriceCents: number | null };

/**
 * The price a shopper pays during the sales covering a design: the lowest of the offers (a design-specific
 * sale price wins over the percentage of its own sale), or undefined when no offer lowers the price.
 */
export function salePriceCents(priceCents: number, offers: readonly SaleOffer[]): number | undefined {
  let best: number | undefined;
  for (const offer of offers) {
    const candidate = offer.salePriceCents ?? applyPercentOff(toCents(priceCents), offer.percentOff);
    if (candidate > 0 && candidate < priceCents && (best === undefined || candidate < best)) best = candidate;
  }
  return best;
}

/** The same offers on another variant of the design: a design-specific price only applies to the default variant. */
export function variantSalePriceCents(
  priceCents: number,
  offers: readonly SaleOffer[],
  isDefaultVariant: boolean,
): number | undefined {
  if (isDefaultVariant) return salePriceCents(priceCents, offers);
  return salePriceCents(
    priceCents,
    offers.map((offer) => ({ percentOff: offer.percentOff, salePriceCents: null })),
  );
}
