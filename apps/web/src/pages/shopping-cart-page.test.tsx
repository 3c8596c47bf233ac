import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { CART_MESSAGES } from "@threadfolk/contract/cart";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { cartKeys } from "../features/cart/api/query-keys.ts";
import { buildCart, buildCartLine, buildUnavailableLine } from "../features/cart/cart-test-factories.ts";
import ShoppingCartPage from "./shopping-cart-page.tsx";

function renderCartPage(cart: ReturnType<typeof buildCart>): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(cartKeys.shoppingCart(), cart);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ShoppingCartPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("ShoppingCartPage with a design no longer available", () => {
  it("lists the line under 'No longer available' after the lines to buy, with its message and Remove", () => {
    const html = renderCartPage(
      buildCart(
        [buildCartLine({ displayName: "Moth Lamp Club" })],
        [buildUnavailableLine({ displayName: "Night Heron" })],
      ),
    );
    const shown = text(html);
    expect(shown).toMatch(/Moth Lamp Club.*NO LONGER AVAILABLE.*Night Heron.*This design is not available.*Remove/);
    expect(shown).toContain(CART_MESSAGES.variantUnavailable);
    expect(shown).toContain("Remove the items that are no longer available to check out.");
  });

  it("shows a cart holding only such lines instead of the empty cart", () => {
    const html = renderCartPage(buildCart([], [buildUnavailableLine({ displayName: "Night Heron" })]));
    const shown = text(html);
    expect(shown).toContain("Night Heron");
    expect(shown).toContain("Remove");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>CHECKOUT/);
  });
});
