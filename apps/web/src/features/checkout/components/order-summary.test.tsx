import type { ShoppingCart } from "@threadfolk/contract/cart";
import type { AppliedPromoCode } from "@threadfolk/contract/promo-codes";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OrderSummary } from "./order-summary.tsx";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** A payment step's cart: $30.00 of items ($5.00 off on sale), $5.99 shipping, $2.00 tax. */
function order(changes: Partial<ShoppingCart["attributes"]> = {}): ShoppingCart {
  return {
    id: "5d6f7a8b-0000-4000-8000-000000000001",
    type: "order",
    attributes: {
      orderNumber: "TF-ABCD2345",
      email: "ada@example.com",
      totalBeforeTax: "$25.00",
      totalBeforeTaxCents: 2500,
      totalShipping: "$5.99",
      totalShippingCents: 599,
      totalTax: "$2.00",
      totalTaxCents: 200,
      taxLabel: "Estimated tax",
      totalDiscount: "$5.00",
      totalDiscountCents: 500,
      orderTotal: "$32.99",
      orderTotalCents: 3299,
      itemTotalWithoutDiscount: "$30.00",
      itemTotalWithoutDiscountCents: 3000,
      selectedShippingServiceKey: "standard",
      orderShippingOptionsCollection: {
        firstOptionKey: "standard",
        firstOptionPrice: "$5.99",
        firstOptionPriceCents: 599,
        secondOptionKey: "expedited",
        secondOptionPrice: null,
        secondOptionPriceCents: null,
        thirdOptionKey: "express",
        thirdOptionPrice: null,
        thirdOptionPriceCents: null,
      },
      shippingCosts: { standard: { displayCost: "$5.99", costInCents: 599 } },
      billingSameAsShipping: true,
      promoCode: null,
      promoCodeError: null,
      amountDue: "$32.99",
      amountDueCents: 3299,
      shoppingCartCount: 2,
      orderLineItems: [],
      ...changes,
    },
  };
}

const applied = (code: Partial<AppliedPromoCode>): AppliedPromoCode => ({
  code: "WELCOME10",
  kind: "percent_off",
  description: "10% off your items",
  discountCents: 250,
  giftCardCents: 0,
  ...code,
});

describe("OrderSummary", () => {
  it("without a code: the spec's lines, nothing about codes", () => {
    const shown = text(renderToStaticMarkup(<OrderSummary order={order()} />));
    expect(shown).toBe(
      "Order Summary Subtotal (2 items) $30.00 Sale discount −$5.00 Total before tax $25.00 Shipping $5.99 Estimated tax $2.00 TOTAL $32.99",
    );
  });

  it("a coupon: its line after the sale's, and the lower total before tax", () => {
    const shown = text(
      renderToStaticMarkup(
        <OrderSummary
          order={order({
            promoCode: applied({}),
            totalDiscount: "$7.50",
            totalDiscountCents: 750,
            totalBeforeTax: "$22.50",
            totalBeforeTaxCents: 2250,
            orderTotal: "$30.49",
            orderTotalCents: 3049,
          })}
        />,
      ),
    );
    expect(shown).toContain("Sale discount −$5.00 Code WELCOME10 −$2.50 Total before tax $22.50 Shipping $5.99");
    expect(shown).toContain("TOTAL $30.49");
    expect(shown).not.toContain("Amount due");
  });

  it("free shipping: the waived cost struck through", () => {
    const html = renderToStaticMarkup(
      <OrderSummary
        order={order({
          promoCode: applied({
            code: "FREESHIP",
            kind: "free_shipping",
            description: "Free shipping",
            discountCents: 599,
          }),
          totalDiscount: "$10.99",
          totalDiscountCents: 1099,
          totalShipping: "$0.00",
          totalShippingCents: 0,
        })}
      />,
    );
    expect(text(html)).toContain("Sale discount −$5.00 Code FREESHIP Free shipping Total before tax $25.00");
    expect(text(html)).toContain("Shipping was $5.99 $0.00");
    expect(html).toMatch(/<s [^>]*>.*\$5\.99<\/s>/);
  });

  it("a gift card: under the total, with the amount due", () => {
    const shown = text(
      renderToStaticMarkup(
        <OrderSummary
          order={order({
            promoCode: applied({
              code: "GIFT-10-A",
              kind: "gift_card",
              description: "Gift card",
              discountCents: 0,
              giftCardCents: 1000,
            }),
            amountDue: "$22.99",
            amountDueCents: 2299,
          })}
        />,
      ),
    );
    expect(shown).toMatch(/TOTAL \$32\.99 Gift card GIFT-10-A −\$10\.00 Amount due \$22\.99$/);
  });
});
