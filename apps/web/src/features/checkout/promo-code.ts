import type { ShoppingCart } from "@threadfolk/contract/cart";
import { formatCents } from "@threadfolk/contract/money";
import { normalizePromoCode, PROMO_CODE_MESSAGES, PROMO_CODE_PATTERN } from "@threadfolk/contract/promo-codes";
import { isApiError } from "../../lib/api-client.ts";

/**
 * The payment step's gift card or coupon code (issue 13, deliverable 5; decisions 033 and 034): what the field
 * sends, which refusal goes under it, and the Order Summary's lines for the code. Pure, so tested without a page.
 */

/** The field the server names when it refuses a code (`PUT /orders` with `order.promo_code`). */
export const PROMO_CODE_FIELD = "order.promo_code";

export type PromoCodeInputCheck = { ok: true; code: string } | { ok: false; message: string };

/**
 * What Apply sends for what was typed: the code upper case without stray spaces, or, for an empty field or one
 * that cannot be a code, the contract's message (shown under the field; nothing is sent).
 */
export function checkPromoCodeInput(input: string): PromoCodeInputCheck {
  const code = normalizePromoCode(input);
  if (!PROMO_CODE_PATTERN.test(code)) return { ok: false, message: PROMO_CODE_MESSAGES.malformed };
  return { ok: true, code };
}

/** The server's reason a code was refused (a 422 naming `order.promo_code`), or null for any other failure. */
export function promoCodeRefusalOf(error: unknown): string | null {
  if (!isApiError(error, 422)) return null;
  return error.details.find((detail) => detail.field === PROMO_CODE_FIELD)?.message ?? null;
}

type SummaryAttributes = Pick<
  ShoppingCart["attributes"],
  "totalDiscountCents" | "totalShippingCents" | "orderTotalCents" | "amountDue" | "amountDueCents" | "promoCode"
>;

/** The Order Summary's lines that depend on the code. Amounts are strings, as the summary shows them. */
export type PromoSummary = {
  /** What sale prices take off (the cart's `totalDiscount` less the code's part); 0 hides the line. */
  saleDiscountCents: number;
  saleDiscount: string;
  /** The coupon's line ('Code WELCOME10', '−$2.70'), or null without a coupon that takes something off. */
  coupon: { label: string; value: string } | null;
  /** True when something was taken off the items, so 'Total before tax' tells the shopper what is left. */
  showTotalBeforeTax: boolean;
  /** With a free-shipping code: the shipping it waived ('$5.99'), shown struck through; null otherwise. */
  waivedShipping: string | null;
  /** The gift card's line under the total ('Gift card GIFT-10-A', '−$10.00') and what is left to pay. */
  giftCard: { label: string; value: string; amountDue: string } | null;
};

/**
 * How the Order Summary shows the cart's code. The server's amounts stay as they are: `orderTotal` is still the
 * items after every discount + shipping + tax, and a gift card is a way to pay it, so it comes under the total
 * with the amount due. The sale discount is what is left of `totalDiscount` once the code's part is taken out.
 */
export function promoSummaryOf(attributes: SummaryAttributes): PromoSummary {
  const promo = attributes.promoCode;
  const codeDiscountCents = promo && promo.kind !== "gift_card" ? promo.discountCents : 0;
  const saleDiscountCents = Math.max(0, attributes.totalDiscountCents - codeDiscountCents);
  const isFreeShipping = promo?.kind === "free_shipping" && codeDiscountCents > 0;
  const itemCouponCents = isFreeShipping ? 0 : codeDiscountCents;
  return {
    saleDiscountCents,
    saleDiscount: `−${formatCents(saleDiscountCents)}`,
    coupon:
      promo && codeDiscountCents > 0
        ? {
            label: `Code ${promo.code}`,
            value: isFreeShipping ? "Free shipping" : `−${formatCents(itemCouponCents)}`,
          }
        : null,
    showTotalBeforeTax: saleDiscountCents > 0 || itemCouponCents > 0,
    waivedShipping: isFreeShipping ? formatCents(attributes.totalShippingCents + codeDiscountCents) : null,
    giftCard:
      promo?.kind === "gift_card" && promo.giftCardCents > 0
        ? {
            label: `Gift card ${promo.code}`,
            value: `−${formatCents(promo.giftCardCents)}`,
            amountDue: attributes.amountDue,
          }
        : null,
  };
}

/** The payment step's gift card facts: what it pays, what is left, and whether it pays everything. */
export type GiftCardPayment = { code: string; pays: string; amountDue: string; paysAll: boolean };

/**
 * The gift card on the order, as the payment step shows it, or null without one that pays something. It pays
 * everything when the amount due is 0: then no card and no PayPal are needed (`POST /order_payments` without
 * `credit_card_params`).
 */
export function giftCardPaymentOf(
  attributes: Pick<SummaryAttributes, "amountDue" | "amountDueCents" | "promoCode">,
): GiftCardPayment | null {
  const promo = attributes.promoCode;
  if (promo?.kind !== "gift_card" || promo.giftCardCents <= 0) return null;
  return {
    code: promo.code,
    pays: formatCents(promo.giftCardCents),
    amountDue: attributes.amountDue,
    paysAll: attributes.amountDueCents === 0,
  };
}
