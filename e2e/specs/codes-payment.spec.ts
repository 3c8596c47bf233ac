import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "../accounts.ts";
import { reachPaymentStep } from "../checkout.ts";
import { collectPageErrors, isMobileProject, visibleNavigation } from "../support.ts";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

/** A full-page picture from the top, so the sticky Order Summary and the code field are where a shopper sees them. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage: true });
}

/** The toast area (sonner's live region), so a toast is not mistaken for the page's own text. */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** '$37.99' as cents. */
const centsOf = (money: string | null) => Math.round(Number((money ?? "").replace(/[^0-9.]/g, "")) * 100);

test.describe("gift cards and coupon codes", () => {
  test("payment step: an expired code refused under the field, a coupon applied and removed, a $10 gift card, the rest by card -> thank you", async ({
    page,
    request,
    signedIn: account,
  }, testInfo) => {
    test.slow();
    const errors = collectPageErrors(page);
    // Each project spends its own demo gift card (they run side by side against one server).
    const giftCardCode = testInfo.project.name === "desktop" ? "GIFT-10-A" : "GIFT-10-B";
    await reachPaymentStep(page, request, account.email);
    const summary = page.getByRole("region", { name: "Order Summary" });
    const codes = page.getByRole("region", { name: "Gift card or coupon code" });
    const codeInput = codes.getByRole("textbox", { name: "Gift card or coupon code" });
    const apply = codes.getByRole("button", { name: "Apply" });
    const totalCents = async () =>
      centsOf(
        await summary
          .locator("dt", { hasText: /^TOTAL$/ })
          .locator("xpath=following-sibling::dd")
          .textContent(),
      );
    await expect(summary.getByText("TOTAL", { exact: true })).toBeVisible();
    const fullTotal = await totalCents();
    expect(fullTotal).toBeGreaterThan(1000);

    // Checked when applied: nothing typed says what a code looks like, without asking the server.
    await apply.click();
    await expect(codes.getByText("Enter a code of 3 to 32 letters, digits or dashes")).toHaveClass(/text-red-600/);

    // An expired code: the server's reason under the field, in red; the totals do not move.
    await codeInput.fill("summer2025");
    await expect(codes.getByText("Enter a code of 3 to 32 letters")).toHaveCount(0);
    await apply.click();
    const expired = codes.getByText("This code has expired");
    await expect(expired).toBeVisible();
    await expect(expired).toHaveClass(/text-red-600/);
    await expect(codeInput).toHaveAttribute("aria-invalid", "true");
    expect(await totalCents()).toBe(fullTotal);
    await screenshot(page, testInfo, "codes-expired");

    // A coupon: its line in the summary, a lower total, the code and what it does in place of the field.
    await codeInput.fill("WELCOME10");
    await expect(expired).toHaveCount(0);
    await apply.click();
    await expect(toasts(page).getByText("Code applied")).toBeVisible();
    await expect(summary.getByText("Code WELCOME10")).toBeVisible();
    await expect(codes.getByText("10% off your items")).toBeVisible();
    await expect.poll(totalCents).toBeLessThan(fullTotal);
    await screenshot(page, testInfo, "codes-coupon-applied");

    // Removed: the line goes, the total is whole again, the field is back.
    await codes.getByRole("button", { name: "Remove WELCOME10" }).click();
    await expect(toasts(page).getByText("Code removed")).toBeVisible();
    await expect(summary.getByText("Code WELCOME10")).toHaveCount(0);
    await expect.poll(totalCents).toBe(fullTotal);
    await expect(codeInput).toHaveValue("");

    // A gift card that pays everything: no card fields and no PayPal, only Place Order (not pressed here: the
    // demo card is shared by both projects). Removed again.
    const payment = page.getByRole("region", { name: "Payment Method" });
    await codeInput.fill("GIFT-100");
    await apply.click();
    await expect(payment.getByText("Your gift card GIFT-100 pays the whole order")).toBeVisible();
    await expect(payment.getByRole("radio")).toHaveCount(0);
    await expect(payment.getByLabel("Credit Card Number")).toHaveCount(0);
    await expect(payment.getByRole("button", { name: "Place Order" })).toBeEnabled();
    await expect(summary.getByText("Amount due")).toBeVisible();
    await screenshot(page, testInfo, "codes-gift-card-whole");
    await codes.getByRole("button", { name: "Remove GIFT-100" }).click();
    await expect(payment.getByRole("radio")).toHaveCount(2);

    // A $10 gift card: a way to pay, under the total, with what is left to pay.
    await codeInput.fill(giftCardCode.toLowerCase());
    await apply.click();
    await expect(codes.getByText(giftCardCode)).toBeVisible();
    await expect(summary.getByText(`Gift card ${giftCardCode}`)).toBeVisible();
    await expect(summary.getByText("−$10.00")).toBeVisible();
    expect(await totalCents()).toBe(fullTotal);
    const amountDue = summary.locator("dt", { hasText: /^Amount due$/ }).locator("xpath=following-sibling::dd");
    await expect.poll(async () => centsOf(await amountDue.textContent())).toBe(fullTotal - 1000);

    // The rest by card (PayPal is the phones' first choice).
    await expect(payment.getByText(`Your gift card ${giftCardCode} pays $10.00.`)).toBeVisible();
    if (isMobileProject(testInfo)) await payment.getByRole("radio", { name: /Credit or Debit Card/ }).check();
    await screenshot(page, testInfo, "codes-gift-card-part");
    await payment.getByLabel("Credit Card Number").fill("4242424242424242");
    await payment.getByLabel("Expiration (MMYY)").fill("1230");
    await payment.getByLabel("CVV").fill("123");
    await payment.getByRole("button", { name: "Place Order" }).click();
    await expect(toasts(page).getByText("Thank you for your order")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your order is placed" })).toBeVisible();
    await expect(page).toHaveURL("/", { timeout: 15_000 });
    await expect(visibleNavigation(page, testInfo).getByRole("link", { name: "Shopping cart, empty" })).toBeVisible();

    // The code refused on the way is a 422 the browser reports; nothing else failed.
    expect(errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
  });
});
