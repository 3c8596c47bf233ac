import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { PRODUCT_COLORS } from "@threadfolk/contract/colors";
import { aDesign, type WireCard } from "./catalogue.ts";

/**
 * Cart helpers for the specs: what a design can be bought as (read from the public design API), and a cart
 * filled over HTTP for tests that are not about filling it (snake_case wire format).
 */

type WireVariant = {
  id: number;
  is_default: boolean;
  garment_style_display_name: string;
  fit: string;
  sizes: string[];
  colors: string[];
};

/** One way to buy a design: a style (variant), a colour it comes in other than the page's first, a size. */
export type CartChoice = {
  card: WireCard;
  variant: WireVariant;
  /** True when the design comes in more than one style, so the page shows the style choice. */
  hasStyleChoice: boolean;
  color: string;
  size: string;
};

/**
 * A listed design and a choice to buy it as: a style other than the default when there is one (so the test
 * changes it), a colour other than the design's default, and a size in the middle of the range.
 */
export async function aCartChoice(request: APIRequestContext, card?: WireCard): Promise<CartChoice> {
  const design = card ?? (await aDesign(request));
  const response = await request.get(`/api/v1/designs/${design.uuid}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { attributes: { variants: WireVariant[] } } };
  const variants = data.attributes.variants;
  const variant = variants.find((candidate) => !candidate.is_default) ?? variants[0];
  if (!variant) throw new Error(`${design.display_name} has no variants`);
  const printable = variant.colors.filter((color) => (PRODUCT_COLORS as readonly string[]).includes(color));
  const color = printable.find((candidate) => candidate !== design.default_color) ?? printable[0];
  const size = variant.sizes[Math.floor(variant.sizes.length / 2)];
  if (!color || !size) throw new Error(`${design.display_name} has no colour or size to buy`);
  return { card: design, variant, hasStyleChoice: variants.length > 1, color, size };
}

export type GuestTokens = { access_token: string; refresh_token: string; expires_in: number };

/** Adds a line to the cart of the identity `accessToken` stands for, over HTTP; answers the new count. */
export async function addCartLineOverHttp(
  request: APIRequestContext,
  accessToken: string,
  line: { variantId: number; size: string; color: string; quantity?: number },
): Promise<number> {
  const response = await request.post("/api/v1/order_line_items", {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      order_line_item: {
        seller_design_product_variant_id: line.variantId,
        size: line.size,
        color: line.color,
        quantity: line.quantity ?? 1,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { shopping_cart_count: number }).shopping_cart_count;
}

/** The access token the page's app holds for this tab (a guest's until someone signs in). */
export async function pageAccessToken(page: Page): Promise<string> {
  // The guest token is asked for once the page is idle: on the first visits after start, mockups still render.
  await expect
    .poll(() => page.evaluate(() => window.sessionStorage.getItem("accessToken")), { timeout: 20_000 })
    .toBeTruthy();
  return (await page.evaluate(() => window.sessionStorage.getItem("accessToken"))) ?? "";
}
