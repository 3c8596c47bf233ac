import { type Cents, multiply, sumCents, toCents } from "@threadfolk/contract/money";
import { SHIPPING_OPTIONS, type ShippingServiceKey } from "@threadfolk/contract/shipping";
import type { ShippingRate } from "./queries.ts";

/** What each of the three options costs a cart; null for an option that is not offered. */
export type ShippingQuotes = Record<ShippingServiceKey, Cents | null>;

/**
 * The price of every option for `itemCount` units: the first item's price plus the per additional item price
 * for each further unit (issue 12). An option with no rate, or whose price works out to zero cents, is not
 * offered (spec section 4: options of zero cents are not shown); an empty cart ships nothing, so it is
 * offered nothing.
 */
export function quoteShippingOptions(rates: readonly ShippingRate[], itemCount: number): ShippingQuotes {
  const quotes = {} as ShippingQuotes;
  for (const option of SHIPPING_OPTIONS) {
    const rate = rates.find((candidate) => candidate.key === option.key);
    if (!rate || itemCount < 1) {
      quotes[option.key] = null;
      continue;
    }
    const cents = sumCents([toCents(rate.firstItemCents), multiply(toCents(rate.additionalItemCents), itemCount - 1)]);
    quotes[option.key] = cents > 0 ? cents : null;
  }
  return quotes;
}

/**
 * The option in force: the one the shopper chose while it is offered, else the first offered one in the
 * contract's order (standard, which every new checkout starts with). Null when nothing is offered.
 */
export function shippingOptionInForce(selected: string | null, quotes: ShippingQuotes): ShippingServiceKey | null {
  const offered = SHIPPING_OPTIONS.filter((option) => quotes[option.key] !== null).map((option) => option.key);
  if (selected !== null && (offered as string[]).includes(selected)) return selected as ShippingServiceKey;
  return offered[0] ?? null;
}
