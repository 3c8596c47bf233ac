import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test, waitForEmailMatching } from "../accounts.ts";
import { reachPaymentStep } from "../checkout.ts";
import { collectPageErrors, isMobileProject, visibleNavigation } from "../support.ts";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

/** A full-page picture from the top, so the sticky Order Summary is where a shopper first sees it. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage: true });
}

/** The toast area (sonner's live region), so a toast is not mistaken for the page's own text. */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test.describe("card payment", () => {
  test("a shirt -> shipping -> payment step: card fields checked on change, a declined card, then a good one -> thank you, badge 0, home -> its order page -> cancelled", async ({
    page,
    request,
    signedIn: account,
  }, testInfo) => {
    // A whole purchase on a fresh server that renders each mockup on its first request.
    test.slow();
    const errors = collectPageErrors(page);
    const paypalRequests: string[] = [];
    const analyticsBodies: string[] = [];
    page.on("request", (sent) => {
      if (/paypal/i.test(sent.url())) paypalRequests.push(sent.url());
      if (sent.url().includes("/api/v1/analytics_events")) analyticsBodies.push(sent.postData() ?? "");
    });
    await reachPaymentStep(page, request, account.email);

    // The payment step: card first on desktop, PayPal first on phones (spec section 9).
    const payment = page.getByRole("region", { name: "Payment Method" });
    const card = payment.getByRole("radio", { name: /Credit or Debit Card/ });
    const paypal = payment.getByRole("radio", { name: /PayPal/ });
    if (isMobileProject(testInfo)) {
      await expect(paypal).toBeChecked();
      await expect(
        payment.getByRole("region", { name: "PayPal" }).getByRole("button", { name: "Pay with PayPal sandbox" }),
      ).toBeVisible();
      await card.check();
    } else {
      await expect(card).toBeChecked();
      await expect(payment.getByRole("region", { name: "PayPal" })).toHaveCount(0);
    }

    // The local processor says it is one.
    await expect(payment.getByRole("note")).toContainText("Test processor: no real card is charged");

    // Validated on change, each message under its field in red.
    const number = payment.getByLabel("Credit Card Number");
    const expiry = payment.getByLabel("Expiration (MMYY)");
    const cvv = payment.getByLabel("CVV");
    await expect(expiry).toHaveAttribute("placeholder", "0728");
    await number.fill("4242");
    await expect(payment.getByText("Must be 16 digits")).toHaveClass(/text-red-600/);
    await expiry.fill("07");
    await expect(payment.getByText("Must be 4 digits")).toBeVisible();
    await cvv.fill("1");
    await cvv.fill("");
    await expect(payment.getByText("CVV is required")).toBeVisible();
    await screenshot(page, testInfo, "payment-step-card-errors");

    // Separators are dropped and the number stops at 16 digits.
    await number.fill("4000 0000 0000 0002 99");
    await expect(number).toHaveValue("4000000000000002");
    await expiry.fill("12/30");
    await expect(expiry).toHaveValue("1230");
    await cvv.fill("123");
    await expect(payment.getByText(/Must be|is required/)).toHaveCount(0);

    // A declined card: the failure toast with the processor's reason; the button and the fields stay.
    const placeOrder = payment.getByRole("button", { name: "Place Order" });
    await placeOrder.click();
    await expect(toasts(page).getByText("Payment failure, please check your payment information")).toBeVisible();
    await expect(toasts(page).getByText("Your card was declined.")).toBeVisible();
    await screenshot(page, testInfo, "payment-step-declined");
    await expect(placeOrder).toBeEnabled();
    await expect(number).toHaveValue("4000000000000002");
    await expect(expiry).toHaveValue("1230");

    // A good card: thanks, and home when the toast closes.
    await number.fill("4242424242424242");
    await placeOrder.click();
    await expect(toasts(page).getByText("Thank you for your order")).toBeVisible();
    // The new press took the decline's toast away.
    await expect(toasts(page).getByText("Payment failure, please check your payment information")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Your order is placed" })).toBeVisible();
    const orderNumber = (
      await page
        .getByText(/TF-[2-9A-HJ-NP-Z]{8}/)
        .first()
        .textContent()
    )?.match(/TF-[2-9A-HJ-NP-Z]{8}/)?.[0];
    expect(orderNumber).toBeTruthy();
    await screenshot(page, testInfo, "payment-step-paid");
    await expect(page).toHaveURL("/", { timeout: 15_000 });
    await expect(visibleNavigation(page, testInfo).getByRole("link", { name: "Shopping cart, empty" })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "shoppingCartCount")?.value).toBe("0");

    // 'Add Payment Info' once for the visit, then 'Purchase'; no card data in analytics.
    const countOf = (name: string) => analyticsBodies.join("\n").split(`"name":"${name}"`).length - 1;
    await expect.poll(() => countOf("Purchase")).toBe(1);
    expect(countOf("Add Payment Info")).toBe(1);
    expect(analyticsBodies.join("\n")).not.toMatch(/4242424242424242|4000000000000002/);

    // The order is in the Orders tab, paid by the card, and its confirmation e-mail is in the outbox.
    await page.goto("/my-profile/orders");
    await page
      .getByRole("link", { name: new RegExp(orderNumber as string) })
      .first()
      .click();
    await expect(page.getByText("Visa ending 4242").first()).toBeVisible();
    await expect(page.getByText("Paid").first()).toBeVisible();
    const email = await waitForEmailMatching(account.email, new RegExp(orderNumber as string));
    expect(email).toContain("Visa ending 4242");

    // Just paid, it can still be cancelled (issue 27): confirmed in a dialog, refunded in full, shown cancelled.
    const status = page.getByRole("region", { name: "Status" });
    await expect(status.getByText(/^You can cancel until /)).toBeVisible();
    await status.getByRole("button", { name: "Cancel order" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this order?" });
    await expect(dialog).toContainText("refund it in full");
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await expect(toasts(page).getByText("Your order has been cancelled. Your refund is on its way.")).toBeVisible();
    await expect(status.getByRole("listitem").filter({ hasText: "Cancelled" })).toHaveAttribute("aria-current", "step");
    await expect(status.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

    // Nothing of PayPal was fetched where the card was the first choice.
    if (!isMobileProject(testInfo)) expect(paypalRequests).toEqual([]);
    // The decline's 402 is the one failed response the browser reports, and it is expected.
    expect(errors.filter((error) => !error.includes("status of 402"))).toEqual([]);
  });
});
