import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "../accounts.ts";
import { reachPaymentStep } from "../checkout.ts";
import { collectPageErrors, isMobileProject, visibleNavigation } from "../support.ts";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage: true });
}

/** The toast area (sonner's live region), so a toast is not mistaken for the page's own text. */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** Presses the PayPal sandbox button and answers the approval page that opens in its popup. */
async function payWithSandbox(page: Page, choice: string, onApprovalPage?: (popup: Page) => Promise<void>) {
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Pay with PayPal sandbox" }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/paypal-sandbox\/checkoutnow\?token=/);
  await expect(popup.getByRole("heading", { name: /PayPal\s*sandbox/ })).toBeVisible();
  await expect(popup.getByRole("note")).toHaveText("PayPal sandbox: no real money moves");
  // The page behind says where the payment is being approved.
  await expect(page.getByRole("dialog", { name: "PayPal sandbox window" })).toBeVisible();
  await onApprovalPage?.(popup);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: choice, exact: true }).click();
  await closed;
}

test.describe("PayPal payment", () => {
  test("a shirt -> payment step -> PayPal sandbox: cancelled, funding declined (failure toast), then approved -> thank you, badge 0, home", async ({
    page,
    request,
    signedIn: account,
  }, testInfo) => {
    test.slow();
    const errors = collectPageErrors(page);
    const failureReports: string[] = [];
    page.on("request", (sent) => {
      if (sent.url().includes("/api/v1/pay_pal_order_payment_failures")) failureReports.push(sent.postData() ?? "");
    });
    await reachPaymentStep(page, request, account.email);

    // The payment step: PayPal is the phone's first choice, and chosen on desktop.
    const payment = page.getByRole("region", { name: "Payment Method" });
    const paypal = payment.getByRole("radio", { name: /PayPal/ });
    if (isMobileProject(testInfo)) await expect(paypal).toBeChecked();
    else await paypal.check();
    const paypalArea = payment.getByRole("region", { name: "PayPal" });
    await expect(paypalArea.getByRole("note")).toHaveText("PayPal sandbox: no real money moves");
    await expect(paypalArea.getByRole("button", { name: "Pay with PayPal sandbox" })).toBeVisible();
    await screenshot(page, testInfo, "payment-step-paypal");

    // Cancel: back to the shop, nothing paid, nothing reported, the button ready again.
    await payWithSandbox(page, "Cancel");
    await expect(page.getByRole("dialog", { name: "PayPal sandbox window" })).toHaveCount(0);
    await expect(paypalArea.getByRole("button", { name: "Pay with PayPal sandbox" })).toBeEnabled();
    expect(failureReports).toEqual([]);

    // Funding declined: the capture fails, 'PayPal Payment Failure', reported; the buttons stay usable.
    await payWithSandbox(page, "Funding declined", async (popup) => {
      await expect(popup.getByText(/^Review the payment for order /)).toBeVisible();
      await expect(popup.getByRole("list", { name: "Items" }).getByRole("listitem")).toHaveCount(1);
      await expect(popup.getByRole("region", { name: "Ship to" })).toContainText("Ada Lovelace");
      // The approval page at the project's size (the popup opens at 500x720), and the page behind it.
      const viewport = page.viewportSize();
      if (viewport) await popup.setViewportSize(viewport);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, testInfo.project.name, "payment-step-paypal-window-open.png"),
      });
      await popup.screenshot({
        path: path.join(SCREENSHOT_DIR, testInfo.project.name, "paypal-sandbox-approval.png"),
        fullPage: true,
      });
    });
    await expect(toasts(page).getByText("PayPal Payment Failure")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "PayPal sandbox window" })).toHaveCount(0);
    await screenshot(page, testInfo, "payment-step-paypal-declined");
    await expect.poll(() => failureReports.length).toBe(1);
    expect(JSON.parse(failureReports[0] ?? "{}")).toMatchObject({ name: "PAYMENT_DECLINED" });

    // Approved: thanks, home at once, the badge at 0.
    await payWithSandbox(page, "Approve");
    await expect(toasts(page).getByText("Thank you for your order")).toBeVisible();
    await expect(page).toHaveURL("/");
    await expect(visibleNavigation(page, testInfo).getByRole("link", { name: "Shopping cart, empty" })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "shoppingCartCount")?.value).toBe("0");
    expect(failureReports).toHaveLength(1);
    // The funding decline's 402 is the one failed response the browser reports, and it is expected.
    expect(errors.filter((error) => !error.includes("status of 402"))).toEqual([]);
  });
});
