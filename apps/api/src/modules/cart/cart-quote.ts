import type { Cents } from "@threadfolk/contract/money";
import type { AppliedPromoCode } from "@threadfolk/contract/promo-codes";

/**
 * THE money of a cart or an order being placed (issue 13): the lines as charged, the code's discount (spread
 * over the lines in proportion to their amounts, so the tax is on what is paid), the shipping, the tax estimate
 * for the shipping address, and what a gift card pays. Amounts in cents:
 * total = items - coupon (items and shipping) + shipping + tax; amount due = total - gift card.
 */
export type CartQuote = {
  /** The lines after sale prices, before the code. */
  itemsCents: Cents;
  couponItemsCents: Cents;
  couponShippingCents: Cents;
  /** The shipping option in force, before a free-shipping code. */
  shippingCents: Cents;
  taxCents: Cents;
  taxLabel: string;
  totalCents: Cents;
  giftCardCents: Cents;
  amountDueCents: Cents;
  /** The code as shown, or null; `promoError` says why an applied code takes nothing off now. */
  promo: AppliedPromoCode | null;
  promoError: string | null;
};
