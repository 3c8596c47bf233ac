import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { buildCart, buildCartLine } from "../cart-test-factories.ts";
import { CartSummaryWidget } from "./cart-summary-widget.tsx";
import { CartTotals } from "./cart-totals.tsx";
import { EmptyCart } from "./empty-cart.tsx";

const inRouter = (element: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("CartSummaryWidget", () => {
  it("shows every line's image, name, fit and style, colour, size, price and quantity, then the total", () => {
    const cart = buildCart([
      buildCartLine({ id: 1, quantity: 2, priceCents: 2500 }),
      buildCartLine({ id: 2, displayName: "Tidepool", size: "XS", color: "white", gender: "Women", quantity: 1 }),
    ]);
    const html = inRouter(<CartSummaryWidget cart={cart} onNavigate={() => {}} onCheckout={() => {}} />);
    const shown = text(html);
    expect(shown).toContain("Cart Summary");
    expect(shown).toContain("3 items");
    expect(html).toContain('src="/media/line-1.webp"');
    expect(shown).toContain("Moth Lamp Club $25.00 Men's T-Shirt Royal Blue · Size L · Qty 2");
    expect(shown).toContain("Tidepool $25.00 Women's T-Shirt White · Size XS · Qty 1");
    expect(shown).toContain("TOTAL $75.00");
    expect(html).toContain('href="/shopping-cart"');
    expect(shown).toContain("View Cart");
    expect(shown).toContain("CHECKOUT");
  });

  it("shows a sale price beside the regular one struck through", () => {
    const cart = buildCart([buildCartLine({ onSale: true, priceCents: 2500, salesPriceCents: 1875 })]);
    const html = inRouter(<CartSummaryWidget cart={cart} onNavigate={() => {}} onCheckout={() => {}} />);
    expect(html).toMatch(/\$18\.75.*<s[^>]*>\$25\.00<\/s>/);
  });
});

describe("CartTotals", () => {
  it("lists the subtotal, the sale discount only when there is one, and the TOTAL", () => {
    const regular = text(
      renderToStaticMarkup(<CartTotals cart={buildCart([buildCartLine()])} onCheckout={() => {}} isChanging={false} />),
    );
    expect(regular).toContain("Subtotal (2 items) $50.00");
    expect(regular).not.toContain("Sale discount");
    expect(regular).toContain("TOTAL $50.00");

    const onSale = text(
      renderToStaticMarkup(
        <CartTotals
          cart={buildCart([buildCartLine({ onSale: true, priceCents: 2500, salesPriceCents: 2000 })])}
          onCheckout={() => {}}
          isChanging={false}
        />,
      ),
    );
    expect(onSale).toContain("Subtotal (2 items) $50.00");
    expect(onSale).toContain("Sale discount −$10.00");
    expect(onSale).toContain("TOTAL $40.00");
  });

  it("a coupon applied at checkout: its own line, out of the sale discount (which counts it too)", () => {
    const cart = buildCart([buildCartLine({ onSale: true, priceCents: 2500, salesPriceCents: 2000 })]);
    const { attributes } = cart.data;
    attributes.promoCode = {
      code: "WELCOME10",
      kind: "percent_off",
      description: "10% off your items",
      discountCents: 400,
      giftCardCents: 0,
    };
    attributes.totalDiscount = "$14.00";
    attributes.totalDiscountCents = 1400;
    const shown = text(renderToStaticMarkup(<CartTotals cart={cart} onCheckout={() => {}} isChanging={false} />));
    expect(shown).toContain("Sale discount −$10.00 Code WELCOME10 −$4.00 Shipping");

    attributes.promoCode = { ...attributes.promoCode, code: "GIFT-10-A", kind: "gift_card", discountCents: 0 };
    attributes.totalDiscountCents = 1000;
    const giftCard = text(renderToStaticMarkup(<CartTotals cart={cart} onCheckout={() => {}} isChanging={false} />));
    expect(giftCard).toContain("Sale discount −$10.00 Shipping");
  });
});

describe("EmptyCart", () => {
  it("says what the spec says and leads back to shopping", () => {
    const html = inRouter(<EmptyCart shopPath="/results?query=anime&page=1" />);
    expect(text(html)).toContain("Oh no, your cart is empty. Add something lit to it! SHOP NOW");
    expect(html).toContain('href="/results?query=anime&amp;page=1"');
  });
});
