import { describe, expect, it } from "vitest";
import {
  checkPromoCode,
  couponDiscount,
  describePromoCode,
  giftCardPayment,
  normalizePromoCode,
  PROMO_CODE_MESSAGES,
  type PromoCodeRule,
  promoCodeInputSchema,
} from "./promo-codes.ts";

const NOW = new Date("2026-11-22T12:00:00Z");

function rule(overrides: Partial<PromoCodeRule> = {}): PromoCodeRule {
  return {
    code: "SAVE10",
    kind: "percent_off",
    percentOff: 10,
    amountOffCents: null,
    balanceCents: null,
    minimumSubtotalCents: 0,
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    maxRedemptionsPerCustomer: null,
    redemptions: 0,
    ...overrides,
  };
}

const check = (candidate: PromoCodeRule, itemsCents = 5000, payerRedemptions = 0) =>
  checkPromoCode(candidate, { now: NOW, itemsCents, payerRedemptions });

describe("promo code rules", () => {
  it("accepts a code within its dates, limits and minimum", () => {
    expect(check(rule())).toEqual({ ok: true });
    expect(check(rule({ startsAt: NOW, endsAt: new Date(NOW.getTime() + 1) }))).toEqual({ ok: true });
  });

  it("refuses before its start and from its end on", () => {
    expect(check(rule({ startsAt: new Date(NOW.getTime() + 1) }))).toEqual({
      ok: false,
      message: PROMO_CODE_MESSAGES.notStarted,
    });
    expect(check(rule({ endsAt: NOW }))).toEqual({ ok: false, message: PROMO_CODE_MESSAGES.expired });
  });

  it("refuses past its total and per-customer limits", () => {
    expect(check(rule({ maxRedemptions: 3, redemptions: 3 }))).toEqual({
      ok: false,
      message: PROMO_CODE_MESSAGES.usedUp,
    });
    expect(check(rule({ maxRedemptions: 3, redemptions: 2 }))).toEqual({ ok: true });
    expect(check(rule({ maxRedemptionsPerCustomer: 1 }), 5000, 1)).toEqual({
      ok: false,
      message: PROMO_CODE_MESSAGES.usedByYou,
    });
  });

  it("refuses under its minimum subtotal, and an empty gift card", () => {
    expect(check(rule({ minimumSubtotalCents: 5001 }))).toEqual({
      ok: false,
      message: "This code needs a subtotal of at least $50.01",
    });
    expect(check(rule({ minimumSubtotalCents: 5000 }))).toEqual({ ok: true });
    expect(check(rule({ kind: "gift_card", percentOff: null, balanceCents: 0 }))).toEqual({
      ok: false,
      message: PROMO_CODE_MESSAGES.emptyGiftCard,
    });
  });

  it("computes each kind's discount, half-up on the cent, never more than the items", () => {
    expect(couponDiscount(rule({ percentOff: 15 }), { itemsCents: 1999, shippingCents: 599 })).toEqual({
      itemsCents: 300, // 299.85 -> 300
      shippingCents: 0,
    });
    expect(couponDiscount(rule({ percentOff: 15 }), { itemsCents: 1990, shippingCents: 599 }).itemsCents).toBe(299); // 298.5 -> 299
    expect(
      couponDiscount(rule({ kind: "amount_off", percentOff: null, amountOffCents: 2500 }), {
        itemsCents: 2000,
        shippingCents: 599,
      }),
    ).toEqual({ itemsCents: 2000, shippingCents: 0 });
    expect(
      couponDiscount(rule({ kind: "free_shipping", percentOff: null }), { itemsCents: 2000, shippingCents: 799 }),
    ).toEqual({
      itemsCents: 0,
      shippingCents: 799,
    });
    expect(
      couponDiscount(rule({ kind: "gift_card", balanceCents: 1000 }), { itemsCents: 2000, shippingCents: 799 }),
    ).toEqual({
      itemsCents: 0,
      shippingCents: 0,
    });
  });

  it("lets a gift card pay up to its balance, at most the total", () => {
    const card = rule({ kind: "gift_card", percentOff: null, balanceCents: 1000 });
    expect(giftCardPayment(card, 5800)).toBe(1000);
    expect(giftCardPayment(card, 700)).toBe(700);
    expect(giftCardPayment(rule(), 5800)).toBe(0);
    // Never less than a chargeable amount left to the card: $9.80 of $10.00 would leave 20 cents.
    expect(giftCardPayment(rule({ kind: "gift_card", percentOff: null, balanceCents: 980 }), 1000)).toBe(950);
    expect(giftCardPayment(rule({ kind: "gift_card", percentOff: null, balanceCents: 1000 }), 1000)).toBe(1000);
  });

  it("normalises what is typed and describes each kind", () => {
    expect(normalizePromoCode("  welcome10 ")).toBe("WELCOME10");
    expect(promoCodeInputSchema.parse(" gift-10-a ")).toBe("GIFT-10-A");
    expect(promoCodeInputSchema.parse("")).toBe("");
    expect(promoCodeInputSchema.safeParse("a").success).toBe(false);
    expect(promoCodeInputSchema.safeParse("no spaces allowed").success).toBe(false);
    expect(describePromoCode(rule())).toBe("10% off your items");
    expect(describePromoCode(rule({ kind: "gift_card", balanceCents: 2500 }))).toBe("Gift card: $25.00 available");
  });
});
