import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { STATIC_PAGES } from "@threadfolk/contract/routes";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

/** Every page worth looking at, with the heading that tells it has rendered. */
const PAGES = [
  { name: "home", path: "/", heading: "No fandom too small, no meme too dank!" },
  { name: "results", path: "/results?query=frogs&page=1", heading: "Results for “frogs”" },
  { name: "design", path: "/design/7f1d2c3b-1a2b-4c3d-8e9f-0a1b2c3d4e5f/cosmic-cat/black", heading: "Cosmic Cat" },
  { name: "artist", path: "/artist/inkymoth/0b7c7a52-5c1f-4c9e-9b0c-5a7e0e0d1c2a", heading: "@inkymoth" },
  { name: "shopping-cart", path: "/shopping-cart", heading: "Shopping Cart" },
  { name: "order-shipping-details", path: "/order-shipping-details", heading: "Shipping Information" },
  { name: "order-payment-details", path: "/order-payment-details", heading: "Payment Details" },
  { name: "seller-orders", path: "/my-profile/seller-orders", heading: "Sales" },
  { name: "not-found", path: "/no-such-page", heading: "Page not found" },
  ...STATIC_PAGES.map((page) => ({ name: page.path.slice(1), path: page.path, heading: page.title })),
];

test.describe("screenshots", () => {
  for (const { name, path: pagePath, heading } of PAGES) {
    test(`${name}`, async ({ page }, testInfo) => {
      await page.goto(pagePath);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage: true });
    });
  }

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
});
