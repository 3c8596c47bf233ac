import { CART_MESSAGES } from "@threadfolk/contract/cart";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { buildCart, buildCartLine, buildUnavailableLine } from "../cart-test-factories.ts";
import { unavailableLines } from "./cart-line-facts.ts";
import { CartTotals, CHECKOUT_BLOCKED_NOTE } from "./cart-totals.tsx";
import { UnavailableCartLine } from "./unavailable-cart-line.tsx";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("UnavailableCartLine", () => {
  it("shows the design's name, garment, colour, size and quantity greyed, with the server's message and Remove", () => {
    const line = buildUnavailableLine({ displayName: "Night Heron", quantity: 3, size: "XL", color: "kelly" });
    const html = renderToStaticMarkup(<UnavailableCartLine line={line} onRemove={() => {}} isRemoving={false} />);
    const shown = text(html);
    expect(shown).toContain("Night Heron Women's Pullover Hoodie Color Kelly Size XL Quantity 3");
    expect(shown).toContain(CART_MESSAGES.variantUnavailable);
    expect(html).toContain('aria-label="Remove Night Heron, Kelly, size XL"');
    expect(shown).toContain("Remove");
    // Nothing to buy: no link to the design page, no price, no quantity stepper.
    expect(html).not.toContain("<a ");
    expect(shown).not.toContain("$");
    expect(html).not.toContain('role="spinbutton"');
    // The message describes the line for assistive technology.
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(describedBy).toBeTruthy();
    expect(html).toContain(`id="${describedBy}"`);
  });

  it("says Removing… and marks itself busy while the removal is on its way", () => {
    const html = renderToStaticMarkup(
      <UnavailableCartLine line={buildUnavailableLine()} onRemove={() => {}} isRemoving={true} />,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('aria-disabled="true"');
    expect(text(html)).toContain("Removing…");
  });
});

describe("unavailableLines", () => {
  it("reads the cart's unavailable lines, and none from a reply without the field", () => {
    const line = buildUnavailableLine({ id: 12 });
    expect(unavailableLines(buildCart([buildCartLine()], [line]))).toEqual([line]);
    const older = buildCart([buildCartLine()]);
    delete older.data.attributes.unavailableLineItems;
    expect(unavailableLines(older)).toEqual([]);
  });
});

describe("CartTotals with a line no longer available", () => {
  const render = (cart: ReturnType<typeof buildCart>) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <CartTotals cart={cart} onCheckout={() => {}} isChanging={false} />
      </MemoryRouter>,
    );

  it("keeps CHECKOUT disabled and says why", () => {
    const cart = buildCart(
      [buildCartLine({ quantity: 1, priceCents: 2500 })],
      [
        buildUnavailableLine({ id: 20, displayName: "Night Heron" }),
        buildUnavailableLine({ id: 21, displayName: "Owl" }),
      ],
    );
    const html = render(cart);
    expect(text(html)).toContain(CHECKOUT_BLOCKED_NOTE);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="checkout-blocked-note"[^>]*>CHECKOUT/);
    // The totals are the server's, which leave the unavailable lines out.
    expect(text(html)).toContain("Subtotal (1 item) $25.00");
  });

  it("lets the shopper check out once no such line is left", () => {
    const html = render(buildCart([buildCartLine()]));
    expect(html).not.toContain("checkout-blocked-note");
    expect(html).not.toMatch(/<button[^>]*disabled=""/);
  });
});
