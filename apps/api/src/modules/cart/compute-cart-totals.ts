import { type Cents, multiply, sumCents, toCents } from "@threadfolk/contract/money";

/** A line as the catalogue prices it now: one unit's price, its sale price when a sale covers it, the quantity. */
export type PricedLine = {
  unitPriceCents: number;
  /** Lower than the price, or undefined when no running sale lowers it (catalogue/pricing.ts decides). */
  unitSalePriceCents: number | undefined;
  quantity: number;
};

/** The money of one line, all in cents. */
export type LineAmounts = {
  /** What one unit costs the shopper: the sale price when on sale, else the price. */
  unitChargedCents: Cents;
  /** The line at the catalogue price. */
  totalWithoutDiscountCents: Cents;
  /** The line as charged. */
  totalCents: Cents;
  /** What the sale takes off the line: the difference of the two totals, never rounded on its own. */
  totalDiscountCents: Cents;
};

/** The cart's money and item count (spec section 3), all in cents. */
export type CartTotals = {
  /** The sum of the quantities: the spec's `shoppingCartCount`. */
  itemCount: number;
  itemTotalWithoutDiscountCents: Cents;
  totalDiscountCents: Cents;
  /** Items after sale discounts, before shipping and tax. */
  totalBeforeTaxCents: Cents;
  /** The shipping option in force for these items (zero when none is offered: an empty cart). */
  totalShippingCents: Cents;
  /** The tax estimate for the ship-to address (zero while there is none). */
  totalTaxCents: Cents;
  /** Total before tax + shipping + tax. */
  orderTotalCents: Cents;
  /** Each line's amounts, in the order given. */
  lines: LineAmounts[];
};

/** One line's amounts; throws a RangeError for a fractional or negative quantity or a sale price above the price. */
export function computeLineAmounts(line: PricedLine): LineAmounts {
  const unitPrice = toCents(line.unitPriceCents);
  const unitCharged = line.unitSalePriceCents === undefined ? unitPrice : toCents(line.unitSalePriceCents);
  if (unitCharged < 0 || unitCharged > unitPrice) {
    throw new RangeError(`a sale price of ${unitCharged} cents does not lower ${unitPrice} cents`);
  }
  const totalWithoutDiscountCents = multiply(unitPrice, line.quantity);
  const totalCents = multiply(unitCharged, line.quantity);
  return {
    unitChargedCents: unitCharged,
    totalWithoutDiscountCents,
    totalCents,
    totalDiscountCents: toCents(totalWithoutDiscountCents - totalCents),
  };
}

/**
 * THE cart totals: every amount the cart shows, from its lines, in integer cents. Item totals are sums of line
 * totals (each line is quantity times a whole-cent unit price, so nothing is rounded here), the discount is
 * the catalogue total minus the charged total, and the order total adds the shipping option's price and the
 * tax estimate (both computed from these line amounts by shipping-costs.ts and the tax estimator). Nothing
 * else adds up a cart.
 */
export function computeCartTotals({
  lines,
  shippingCents = 0,
  taxCents = 0,
}: {
  lines: readonly PricedLine[];
  shippingCents?: number;
  taxCents?: number;
}): CartTotals {
  const amounts = lines.map(computeLineAmounts);
  const itemTotalWithoutDiscountCents = sumCents(amounts.map((line) => line.totalWithoutDiscountCents));
  const totalBeforeTaxCents = sumCents(amounts.map((line) => line.totalCents));
  const totalShippingCents = toCents(shippingCents);
  const totalTaxCents = toCents(taxCents);
  if (totalShippingCents < 0 || totalTaxCents < 0) throw new RangeError("shipping and tax cannot be negative");
  return {
    itemCount: lines.reduce((count, line) => count + line.quantity, 0),
    itemTotalWithoutDiscountCents,
    totalDiscountCents: toCents(itemTotalWithoutDiscountCents - totalBeforeTaxCents),
    totalBeforeTaxCents,
    totalShippingCents,
    totalTaxCents,
    orderTotalCents: sumCents([totalBeforeTaxCents, totalShippingCents, totalTaxCents]),
    lines: amounts,
  };
}
