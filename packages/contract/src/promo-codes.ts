import { z } from "zod";
import { type Cents, formatCents, percentOf, toCents } from "./money.ts";
import { textSchema } from "./text.ts";

/**
 * Coupon codes and gift cards (issue 13, deliverable 5; decision 033): the spec's "gift card or coupon code"
 * field had no behaviour; a real store needs it. One code per order. A coupon takes a percentage or a fixed
 * amount off the items, or the shipping; a gift card is a balance that pays part or all of the order (a tender,
 * like the card or PayPal, so it never lowers an artist's earnings nor the platform's share). Pure rules; the
 * clock and the counts are parameters.
 */

export const PROMO_CODE_KINDS = ["percent_off", "amount_off", "free_shipping", "gift_card"] as const;
export type PromoCodeKind = (typeof PROMO_CODE_KINDS)[number];

/** Codes are typed in any case with stray spaces; they are kept upper case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,31}$/;

export function normalizePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

export const PROMO_CODE_MESSAGES = {
  unknown: "This code is not valid",
  malformed: "Enter a code of 3 to 32 letters, digits or dashes",
  notStarted: "This code is not active yet",
  expired: "This code has expired",
  usedUp: "This code has been used up",
  usedByYou: "You have already used this code",
  minimumSubtotal: (minimum: Cents) => `This code needs a subtotal of at least ${formatCents(minimum)}`,
  emptyGiftCard: "This gift card has no balance left",
  applied: "Code applied",
  removed: "Code removed",
} as const;

/** A code as stored (the rule) with how often it was redeemed. */
export type PromoCodeRule = {
  code: string;
  kind: PromoCodeKind;
  /** percent_off: 1 to 100. */
  percentOff: number | null;
  /** amount_off: the amount off the items, in cents. */
  amountOffCents: number | null;
  /** gift_card: what is left on the card, in cents. */
  balanceCents: number | null;
  minimumSubtotalCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Redemptions allowed in all / per customer (null: no limit). Gift cards are limited by their balance. */
  maxRedemptions: number | null;
  maxRedemptionsPerCustomer: number | null;
  redemptions: number;
};

export type PromoCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether `rule` may be used now for an order whose items (after sale prices) come to `itemsCents`, by a payer
 * who redeemed it `payerRedemptions` times already.
 */
export function checkPromoCode(
  rule: PromoCodeRule,
  context: { now: Date; itemsCents: number; payerRedemptions: number },
): PromoCheck {
  if (rule.startsAt && context.now < rule.startsAt) return { ok: false, message: PROMO_CODE_MESSAGES.notStarted };
  if (rule.endsAt && context.now >= rule.endsAt) return { ok: false, message: PROMO_CODE_MESSAGES.expired };
  if (rule.maxRedemptions !== null && rule.redemptions >= rule.maxRedemptions) {
    return { ok: false, message: PROMO_CODE_MESSAGES.usedUp };
  }
  if (rule.maxRedemptionsPerCustomer !== null && context.payerRedemptions >= rule.maxRedemptionsPerCustomer) {
    return { ok: false, message: PROMO_CODE_MESSAGES.usedByYou };
  }
  if (rule.kind === "gift_card" && (rule.balanceCents ?? 0) <= 0) {
    return { ok: false, message: PROMO_CODE_MESSAGES.emptyGiftCard };
  }
  if (context.itemsCents < rule.minimumSubtotalCents) {
    return { ok: false, message: PROMO_CODE_MESSAGES.minimumSubtotal(toCents(rule.minimumSubtotalCents)) };
  }
  return { ok: true };
}

/** What a coupon takes off: from the items, and from the shipping (free shipping). Zero for a gift card. */
export type CouponDiscount = { itemsCents: Cents; shippingCents: Cents };

/** The discount of a coupon on items of `itemsCents` shipped for `shippingCents`; half-up on the cent. */
export function couponDiscount(
  rule: PromoCodeRule,
  amounts: { itemsCents: number; shippingCents: number },
): CouponDiscount {
  const items = toCents(amounts.itemsCents);
  switch (rule.kind) {
    case "percent_off":
      return {
        itemsCents: percentOf(items, Math.min(100, Math.max(0, rule.percentOff ?? 0))),
        shippingCents: toCents(0),
      };
    case "amount_off":
      return { itemsCents: toCents(Math.min(items, Math.max(0, rule.amountOffCents ?? 0))), shippingCents: toCents(0) };
    case "free_shipping":
      return { itemsCents: toCents(0), shippingCents: toCents(amounts.shippingCents) };
    case "gift_card":
      return { itemsCents: toCents(0), shippingCents: toCents(0) };
  }
}

/**
 * The smallest amount a card or PayPal can be charged (Stripe's minimum in USD; the local processor's too). A gift
 * card that would leave less than this to pay leaves exactly this, so the rest can always be charged.
 */
export const MINIMUM_CHARGE_CENTS = 50;

/**
 * What a gift card pays of an order total: its balance, at most the total; and when it does not pay the whole
 * order, it leaves at least MINIMUM_CHARGE_CENTS for the card or PayPal.
 */
export function giftCardPayment(rule: PromoCodeRule, orderTotalCents: number): Cents {
  if (rule.kind !== "gift_card") return toCents(0);
  const balance = Math.max(0, rule.balanceCents ?? 0);
  if (balance >= orderTotalCents) return toCents(Math.max(0, orderTotalCents));
  return toCents(Math.max(0, Math.min(balance, orderTotalCents - MINIMUM_CHARGE_CENTS)));
}

/** How a code reads under the field: "20% off your items", "Gift card: $25.00 left". */
export function describePromoCode(rule: PromoCodeRule): string {
  switch (rule.kind) {
    case "percent_off":
      return `${rule.percentOff}% off your items`;
    case "amount_off":
      return `${formatCents(rule.amountOffCents ?? 0)} off your items`;
    case "free_shipping":
      return "Free shipping";
    case "gift_card":
      return `Gift card: ${formatCents(rule.balanceCents ?? 0)} available`;
  }
}

/** `PUT /orders` with `{order: {promo_code}}`: applies a code; an empty string (or null) removes it. */
export const promoCodeInputSchema = textSchema({ maxLength: 64 })
  .transform(normalizePromoCode)
  .refine((code) => code === "" || PROMO_CODE_PATTERN.test(code), { message: PROMO_CODE_MESSAGES.malformed })
  .nullable();

/** The code on a cart or an order, as the payment step shows it. */
export const appliedPromoCodeSchema = z.object({
  code: textSchema({ maxLength: 64 }),
  kind: z.enum(PROMO_CODE_KINDS),
  description: textSchema({ maxLength: 200 }),
  /** What the coupon takes off (items and shipping); 0 for a gift card. */
  discountCents: z.number().int().nonnegative(),
  /** What the gift card pays of the total; 0 for a coupon. */
  giftCardCents: z.number().int().nonnegative(),
});
export type AppliedPromoCode = z.infer<typeof appliedPromoCodeSchema>;
