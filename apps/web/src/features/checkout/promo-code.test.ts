import { type AppliedPromoCode, PROMO_CODE_MESSAGES } from "@threadfolk/contract/promo-codes";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import {
  checkPromoCodeInput,
  giftCardPaymentOf,
  PROMO_CODE_FIELD,
  promoCodeRefusalOf,
  promoSummaryOf,
} from "./promo-code.ts";

/** The summary's amounts of a cart of $30.00 items, $5.99 shipping and $2.00 tax, with `promoCode` applied. */
function attributes(
  promoCode: AppliedPromoCode | null,
  amounts: Partial<{
    totalDiscountCents: number;
    totalShippingCents: number;
    orderTotalCents: number;
    amountDueCents: number;
  }> = {},
) {
  const orderTotalCents = amounts.orderTotalCents ?? 3799;
  const amountDueCents = amounts.amountDueCents ?? orderTotalCents;
  return {
    totalDiscountCents: amounts.totalDiscountCents ?? 0,
    totalShippingCents: amounts.totalShippingCents ?? 599,
    orderTotalCents,
    amountDueCents,
    amountDue: `$${(amountDueCents / 100).toFixed(2)}`,
    promoCode,
  };
}

const code = (overrides: Partial<AppliedPromoCode>): AppliedPromoCode => ({
  code: "WELCOME10",
  kind: "percent_off",
  description: "10% off your items",
  discountCents: 300,
  giftCardCents: 0,
  ...overrides,
});

describe("checkPromoCodeInput", () => {
  it("sends the code upper case without the spaces around it", () => {
    expect(checkPromoCodeInput("  welcome10 ")).toEqual({ ok: true, code: "WELCOME10" });
    expect(checkPromoCodeInput("gift-10-a")).toEqual({ ok: true, code: "GIFT-10-A" });
  });

  it("sends nothing for an empty field or what cannot be a code, and says what a code looks like", () => {
    for (const input of ["", "   ", "AB", "WELCOME 10", "-GIFT", "X".repeat(33), "SAVE5!"]) {
      expect(checkPromoCodeInput(input)).toEqual({ ok: false, message: PROMO_CODE_MESSAGES.malformed });
    }
  });
});

describe("promoCodeRefusalOf", () => {
  const refusal = (status: number, field: string, message: string) =>
    new ApiError({ status, code: "validation_failed", message, details: [{ field, message }] });

  it("reads the reason of a 422 that names the code", () => {
    expect(promoCodeRefusalOf(refusal(422, PROMO_CODE_FIELD, PROMO_CODE_MESSAGES.expired))).toBe(
      PROMO_CODE_MESSAGES.expired,
    );
  });

  it("leaves other failures to the checkout's handling", () => {
    expect(promoCodeRefusalOf(refusal(422, "order.email", "Email is invalid"))).toBeNull();
    expect(promoCodeRefusalOf(refusal(409, PROMO_CODE_FIELD, "Your cart is empty"))).toBeNull();
    expect(promoCodeRefusalOf(new TypeError("Failed to fetch"))).toBeNull();
  });
});

describe("promoSummaryOf", () => {
  it("without a code: the sale discount as the server counts it, nothing else", () => {
    expect(promoSummaryOf(attributes(null, { totalDiscountCents: 500 }))).toEqual({
      saleDiscountCents: 500,
      saleDiscount: "−$5.00",
      coupon: null,
      showTotalBeforeTax: true,
      waivedShipping: null,
      giftCard: null,
    });
    expect(promoSummaryOf(attributes(null)).showTotalBeforeTax).toBe(false);
  });

  it("a coupon off the items: its own line, taken out of the sale discount", () => {
    const summary = promoSummaryOf(attributes(code({ discountCents: 270 }), { totalDiscountCents: 770 }));
    expect(summary.saleDiscountCents).toBe(500);
    expect(summary.coupon).toEqual({ label: "Code WELCOME10", value: "−$2.70" });
    expect(summary.showTotalBeforeTax).toBe(true);
    expect(summary.waivedShipping).toBeNull();
  });

  it("a coupon alone: no sale line, but the total before tax", () => {
    const summary = promoSummaryOf(
      attributes(code({ kind: "amount_off", code: "SAVE5", discountCents: 500 }), { totalDiscountCents: 500 }),
    );
    expect(summary.saleDiscountCents).toBe(0);
    expect(summary.coupon).toEqual({ label: "Code SAVE5", value: "−$5.00" });
    expect(summary.showTotalBeforeTax).toBe(true);
  });

  it("free shipping: says so, and strikes through the shipping it waived; the items are untouched", () => {
    const freeShipping = code({
      code: "FREESHIP",
      kind: "free_shipping",
      description: "Free shipping",
      discountCents: 599,
    });
    const summary = promoSummaryOf(attributes(freeShipping, { totalDiscountCents: 599, totalShippingCents: 0 }));
    expect(summary.coupon).toEqual({ label: "Code FREESHIP", value: "Free shipping" });
    expect(summary.waivedShipping).toBe("$5.99");
    expect(summary.saleDiscountCents).toBe(0);
    expect(summary.showTotalBeforeTax).toBe(false);
  });

  it("a code that takes nothing off now (its error is shown instead): no line", () => {
    const summary = promoSummaryOf(attributes(code({ code: "SAVE5", kind: "amount_off", discountCents: 0 })));
    expect(summary.coupon).toBeNull();
    expect(summary.showTotalBeforeTax).toBe(false);
  });

  it("a gift card: under the total with the amount due, never counted as a discount", () => {
    const giftCard = code({
      code: "GIFT-10-A",
      kind: "gift_card",
      description: "Gift card",
      discountCents: 0,
      giftCardCents: 1000,
    });
    const summary = promoSummaryOf(attributes(giftCard, { totalDiscountCents: 500, amountDueCents: 2799 }));
    expect(summary.giftCard).toEqual({ label: "Gift card GIFT-10-A", value: "−$10.00", amountDue: "$27.99" });
    expect(summary.coupon).toBeNull();
    expect(summary.saleDiscountCents).toBe(500);
  });
});

describe("giftCardPaymentOf", () => {
  const giftCard = (giftCardCents: number) =>
    code({ code: "GIFT-100", kind: "gift_card", description: "Gift card", discountCents: 0, giftCardCents });

  it("part of the order: what the card pays and what is left", () => {
    expect(giftCardPaymentOf(attributes(giftCard(1000), { amountDueCents: 2799 }))).toEqual({
      code: "GIFT-100",
      pays: "$10.00",
      amountDue: "$27.99",
      paysAll: false,
    });
  });

  it("the whole order: nothing is due, so no card or PayPal is needed", () => {
    expect(giftCardPaymentOf(attributes(giftCard(3799), { amountDueCents: 0 }))).toMatchObject({
      pays: "$37.99",
      amountDue: "$0.00",
      paysAll: true,
    });
  });

  it("a coupon, or a gift card that pays nothing now: none", () => {
    expect(giftCardPaymentOf(attributes(code({})))).toBeNull();
    expect(giftCardPaymentOf(attributes(giftCard(0)))).toBeNull();
    expect(giftCardPaymentOf(attributes(null))).toBeNull();
  });
});
