import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { colorDisplayName } from "@threadfolk/contract/colors";
import { STATIC_PAGES } from "@threadfolk/contract/routes";
import { expect, newIdentity, signUpOverHttp, test, waitForEmailLink } from "../accounts.ts";
import { aCartChoice, addCartLineOverHttp, pageAccessToken } from "../cart.ts";
import { aDesign, anArtistWithTwoPages, designPathOf, homeCollections } from "../catalogue.ts";

/** Scrolls through the page so lazy images load, then waits until every image has arrived. */
async function loadAllImages(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, {
    timeout: 20_000,
  });
}

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

/** Every page worth looking at, with the heading that tells it has rendered. */
const PAGES = [
  { name: "home", path: "/", heading: "No fandom too small, no meme too dank!" },
  { name: "results", path: "/results?query=kawaii&page=1", heading: "Results for “kawaii”" },
  { name: "results-collection", path: "/results?home-collection=popular&page=1", heading: "Popular" },
  { name: "results-empty", path: "/results?query=qqzzxxqq&page=1", heading: "Results for “qqzzxxqq”" },
  { name: "results-search-blank", path: "/results?query=&page=1", heading: "Search for designs" },
  {
    name: "results-browse-filters",
    path: "/results?home-collection=browse&page=1&sort=price_asc&style=hoodie&price_under=25",
    heading: "Browse Designs",
  },
  {
    name: "results-relaxed",
    path: "/results?query=hammer%20zorblaxian&page=1",
    heading: "Results for “hammer zorblaxian”",
  },
  { name: "size-charts-hoodie", path: "/size-charts#hoodie", heading: "Size Charts" },
  { name: "shopping-cart", path: "/shopping-cart", heading: "Shopping Cart" },
  { name: "not-found", path: "/no-such-page", heading: "Page not found" },
  ...STATIC_PAGES.map((page) => ({ name: page.path.slice(1), path: page.path, heading: page.title })),
];

test.describe("screenshots", () => {
  // Full pages of image-rich screens, on a server that renders each image on its first request.
  test.describe.configure({ timeout: 90_000 });
  for (const { name, path: pagePath, heading } of PAGES) {
    test(`${name}`, async ({ page }, testInfo) => {
      await page.goto(pagePath);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await loadAllImages(page);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage: true });
    });
  }

  test("design and artist", async ({ page, request }, testInfo) => {
    const shot = (name: string) =>
      page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage: true });
    const card = await aDesign(request);
    await page.goto(designPathOf(card));
    await expect(page.getByRole("heading", { level: 1, name: card.display_name })).toBeVisible();
    await loadAllImages(page);
    await shot("design");
    const artist = await anArtistWithTwoPages(request);
    await page.goto(artist.path);
    await expect(page.getByRole("heading", { level: 1, name: artist.name })).toBeVisible();
    await loadAllImages(page);
    await shot("artist");
  });

  test("search-suggestions", async ({ page }, testInfo) => {
    await page.goto("/");
    const isMobile = testInfo.project.name === "mobile";
    const nav = page.getByRole("navigation", { name: isMobile ? "Mobile" : "Main" });
    await nav.getByRole("combobox").pressSequentially("cat", { delay: 50 });
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
    await nav.getByRole("combobox").press("ArrowDown");
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, "search-suggestions.png") });
  });

  test("seller-orders", async ({ page, signedIn: _account }, testInfo) => {
    await page.goto("/my-profile/seller-orders");
    await expect(page.getByRole("heading", { level: 1, name: "Sales" })).toBeVisible();
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, testInfo.project.name, "seller-orders.png"),
      fullPage: true,
    });
  });

  test("error-fallback", async ({ page }, testInfo) => {
    await page.addInitScript(() => {
      Storage.prototype.getItem = () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      };
    });
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Oops! We goofed up" })).toBeVisible();
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, testInfo.project.name, "error-fallback.png"),
      fullPage: true,
    });
  });

  test("menus-open", async ({ page }, testInfo) => {
    await page.goto("/");
    const isMobile = testInfo.project.name === "mobile";
    const nav = page.getByRole("navigation", { name: isMobile ? "Mobile" : "Main" });
    await nav.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, "account-menu.png") });
    await page.keyboard.press("Escape");
    if (!isMobile) {
      await nav.getByRole("link", { name: /Shopping cart/ }).hover();
      await expect(page.getByRole("region", { name: "Cart Summary" })).toBeVisible();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, "cart-summary.png") });
    }
  });

  test("cart", async ({ page, request, context, baseURL }, testInfo) => {
    const shot = (name: string, fullPage = false) =>
      page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage });
    const isMobile = testInfo.project.name === "mobile";
    const nav = page.getByRole("navigation", { name: isMobile ? "Mobile" : "Main" });
    const choice = await aCartChoice(request);

    // The design page's buy controls: the missing-size error, then a full choice.
    await page.goto(designPathOf(choice.card));
    await expect(page.getByRole("heading", { level: 1, name: choice.card.display_name })).toBeVisible();
    await loadAllImages(page);
    if (choice.hasStyleChoice) {
      await page
        .getByRole("group", { name: "Style and fit" })
        .getByText(choice.variant.garment_style_display_name)
        .first()
        .click();
    }
    await page.getByTitle(colorDisplayName(choice.color), { exact: true }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Choose a size")).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart" }).scrollIntoViewIfNeeded();
    await shot("design-size-error");
    await page.getByRole("group", { name: "Size" }).getByText(choice.size, { exact: true }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await shot("design-buy-controls");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(/to your cart/)).toBeVisible();
    await expect(nav.getByRole("link", { name: "Shopping cart, 2 items" })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot("design-added-toast");

    // A second and a third line (another design, on sale when a sale runs) for the summary and the cart page.
    const others = (await homeCollections(request))("popular").cards.filter((card) => card.uuid !== choice.card.uuid);
    const token = await pageAccessToken(page);
    let count = 0;
    for (const card of others.slice(0, 2)) {
      const other = await aCartChoice(request, card);
      count = await addCartLineOverHttp(request, token, {
        variantId: other.variant.id,
        size: other.size,
        color: other.color,
      });
    }
    await context.addCookies([{ name: "shoppingCartCount", value: String(count), url: baseURL ?? "" }]);

    if (!isMobile) {
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: choice.card.display_name })).toBeVisible();
      await nav.getByRole("link", { name: `Shopping cart, ${count} items` }).hover();
      const summary = page.getByRole("region", { name: "Cart Summary" });
      await expect(summary.getByRole("button", { name: "CHECKOUT" })).toBeVisible();
      await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
      await shot("cart-summary-filled");
    }

    await page.goto("/shopping-cart");
    await expect(page.getByRole("region", { name: "Order Summary" })).toBeVisible();
    await loadAllImages(page);
    await shot("shopping-cart-filled", true);
    await shot("shopping-cart-filled-viewport");
  });

  test("auth-modal", async ({ page }, testInfo) => {
    const shot = (name: string) =>
      page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `auth-${name}.png`) });
    const isMobile = testInfo.project.name === "mobile";
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: isMobile ? "Mobile" : "Main" });
    await nav.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: isMobile ? "Login" : "Login or Create Account", exact: true }).click();
    const signIn = page.getByRole("dialog");
    await expect(signIn).toBeVisible();
    await shot("sign-in");
    await signIn.getByLabel("Email").fill("not-an-email");
    await signIn.getByLabel("Password").fill("short");
    await expect(signIn.getByText("Password must be 8 to 20 characters")).toBeVisible();
    await shot("sign-in-errors");
    await signIn.getByRole("button", { name: "Create One" }).click();
    const signUp = page.getByRole("dialog", { name: "Create an Account" });
    await expect(signUp).toBeVisible();
    await shot("sign-up");
    await signUp.getByLabel("Email Address*").fill("nope");
    await signUp.getByLabel("Password*", { exact: true }).fill("abc");
    await signUp.getByLabel("Confirm Password").fill("abcd");
    await signUp.getByLabel("First Name*").fill("x");
    await signUp.getByLabel("First Name*").fill("");
    await signUp.getByLabel("Username").fill("ab");
    await expect(signUp.getByText("Passwords must match")).toBeVisible();
    await shot("sign-up-errors");
    await signUp.getByRole("button", { name: "Login" }).click();
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    await expect(page.getByRole("dialog", { name: "Password Reset" })).toBeVisible();
    await shot("reset");
    await page.getByRole("dialog").getByLabel("Email").fill("x@");
    await expect(page.getByText("Email is invalid")).toBeVisible();
    await shot("reset-errors");
  });

  test("confirm-email-and-reset-pages", async ({ page, request }, testInfo) => {
    const shot = (name: string) =>
      page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage: true });
    await page.goto("/confirm-email/expired-token");
    await expect(page.getByRole("heading", { name: "This link is invalid or has expired" })).toBeVisible();
    await shot("confirm-email-invalid");

    const identity = newIdentity("shots");
    await signUpOverHttp(request, identity);
    await page.goto(await waitForEmailLink(identity.email, "confirm-email"));
    await expect(page.getByRole("heading", { name: "Your email is confirmed" })).toBeVisible();
    await expect(page.getByRole("dialog")).toBeVisible();
    await shot("confirm-email-success-modal");
    await page.keyboard.press("Escape");
    await shot("confirm-email-success");

    await page.goto("/reset-password/unknown-token");
    await page.getByLabel("New Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm New Password").fill("other");
    await expect(page.getByText("Passwords must match")).toBeVisible();
    await shot("reset-password-errors");
    await page.getByLabel("New Password", { exact: true }).fill("Long-enough-1");
    await page.getByLabel("Confirm New Password").fill("Long-enough-1");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "invalid or has expired" })).toBeVisible();
    await shot("reset-password-invalid-link");
  });
});
