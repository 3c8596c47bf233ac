import { expect, test } from "../accounts.ts";
import { aCartChoice, addCartLineOverHttp, pageAccessToken } from "../cart.ts";
import { aDesign, designPathOf } from "../catalogue.ts";
import { BRAND_NAME, collectPageErrors, expectPageHeading, isMobileProject } from "../support.ts";

/** One concrete URL for every route of spec section 2 (static pages have their own spec), and its heading. */
const ROUTES = [
  { path: "/", heading: "No fandom too small, no meme too dank!" },
  { path: "/results?home-collection=anime&page=1", heading: "Anime" },
  { path: "/shopping-cart", heading: "Shopping Cart" },
  { path: "/seller-profile", heading: "Open your storefront" },
  { path: "/reset-password/some-reset-token", heading: "Password Reset" },
] as const;

/** The profile area: only for signed-in visitors (spec section 2), so these tests sign in first. */
const PROFILE_ROUTES = [
  { path: "/my-profile/seller-orders", heading: "Sales" },
  { path: "/my-profile/my-designs", heading: "My Designs" },
  { path: "/my-profile/orders", heading: "Orders" },
  { path: "/my-profile/favorites", heading: "Favorite Designs" },
  { path: "/my-profile/followed-artist", heading: "Followed Artists" },
  { path: "/my-profile/product-upload-wizard", heading: "Product Designer" },
  { path: "/my-profile/product-editor/0b7c7a52-5c1f-4c9e-9b0c-5a7e0e0d1c2a", heading: "Product Editor" },
] as const;

const CHECKOUT_ROUTES = ["/order-shipping-details", "/order-payment-details"] as const;

test.describe("routes", () => {
  for (const { path, heading } of ROUTES) {
    test(`${path} renders in the main layout`, async ({ page }) => {
      const errors = collectPageErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectPageHeading(page, heading);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test("a seeded design's page and its artist's storefront render in the main layout", async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const card = await aDesign(request);
    for (const [path, heading] of [
      [designPathOf(card), card.display_name],
      [`/artist/${card.artist_unique_username}/${card.artist_uuid}`, card.artist_name],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectPageHeading(page, heading);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  // One account walks every profile route (creating and confirming an account per route cost more than the pages).
  test("each profile route renders in the main layout for a signed-in visitor", async ({
    page,
    signedIn: _account,
  }) => {
    // Seven pages in one test: the time of seven short tests.
    test.slow();
    const errors = collectPageErrors(page);
    for (const { path, heading } of PROFILE_ROUTES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expectPageHeading(page, heading);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test("/confirm-email/{token} renders in the main layout", async ({ page }) => {
    const errors = collectPageErrors(page);
    const response = await page.goto("/confirm-email/some-confirmation-token");
    expect(response?.status()).toBe(200);
    await expectPageHeading(page, "Email Confirmation");
    await expect(page.getByRole("heading", { name: "This link is invalid or has expired" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    // The made-up token is refused with a 422, which the browser reports as a failed resource.
    expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
  });

  for (const path of CHECKOUT_ROUTES) {
    test(`${path} with an empty cart goes back to the cart page`, async ({ page }) => {
      const errors = collectPageErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL("/shopping-cart");
      await expectPageHeading(page, "Shopping Cart");
      expect(errors).toEqual([]);
    });
  }

  test("the checkout has the bare layout: its secure header, no navigation bar, no footer", async ({
    page,
    request,
  }, testInfo) => {
    const choice = await aCartChoice(request);
    await page.goto("/shopping-cart");
    await addCartLineOverHttp(request, await pageAccessToken(page), {
      variantId: choice.variant.id,
      size: choice.size,
      color: choice.color,
    });
    // The payment step needs addresses first: without them it sends the shopper to the shipping step.
    for (const path of ["/order-payment-details", "/order-shipping-details"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/order-shipping-details");
      await expectPageHeading(page, "Shipping Information");
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("navigation")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
    }
    if (isMobileProject(testInfo)) {
      // The step is the tab's first page here: the phone's back button goes to the cart, not off the site.
      await page.getByRole("banner").getByRole("button", { name: "Back" }).click();
      await expect(page).toHaveURL("/shopping-cart");
    }
  });

  test("an unknown path shows the not-found page (HTTP 404)", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expectPageHeading(page, "Page not found");
    await expect(page).toHaveTitle(`Page not found | ${BRAND_NAME}`);
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await expect(page).toHaveURL("/");
  });

  test("content is centred and at most 1440px wide", async ({ page }, testInfo) => {
    test.skip(isMobileProject(testInfo), "sets a desktop viewport of its own: the phone project proves nothing more");
    await page.setViewportSize({ width: 1800, height: 900 });
    await page.goto("/about");
    await expectPageHeading(page, "About Us");
    const box = await page.getByRole("main").boundingBox();
    expect(box?.width).toBe(1440);
    expect(box?.x).toBe(180);
  });

  test("the server injects the runtime config the app reads", async ({ page, baseURL }, testInfo) => {
    test.skip(isMobileProject(testInfo), "the server's page is the same for every viewport");
    await page.goto("/");
    const config = JSON.parse((await page.locator('meta[name="app-config"]').getAttribute("content")) ?? "{}");
    expect(config).toMatchObject({ brandName: BRAND_NAME, publicUrl: baseURL });
    await expect(page.getByRole("link", { name: `${BRAND_NAME} home` }).first()).toBeAttached();
  });
});
