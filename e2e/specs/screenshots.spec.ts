import path from "node:path";
import { fileURLToPath } from "node:url";
import { STATIC_PAGES } from "@threadfolk/contract/routes";
import { expect, newIdentity, signUpOverHttp, test, waitForEmailLink } from "../accounts.ts";

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
