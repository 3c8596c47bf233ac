import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { aCartChoice, addCartLineOverHttp, pageAccessToken } from "./cart.ts";
import { expectPageHeading } from "./support.ts";

/**
 * Checkout helpers for the payment specs: a shirt in the cart (added over HTTP), then the shipping step as a
 * shopper fills it (a Saint Paul address, `email`), confirmed, up to the payment step. The shipping step's own
 * journey is checkout.spec.ts.
 */
export async function reachPaymentStep(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const choice = await aCartChoice(request);
  await page.goto("/shopping-cart");
  await addCartLineOverHttp(request, await pageAccessToken(page), {
    variantId: choice.variant.id,
    size: choice.size,
    color: choice.color,
  });
  await page.reload();
  await checkoutFromCart(page, email);
}

/** From the cart page: CHECKOUT, the shipping step filled and its address confirmed, up to the payment step. */
export async function checkoutFromCart(page: Page, email: string): Promise<void> {
  await page.getByRole("region", { name: "Order Summary" }).getByRole("button", { name: "CHECKOUT" }).click();

  await expectPageHeading(page, "Shipping Information");
  const shipping = page.getByRole("group", { name: "Shipping Address" });
  await shipping.getByLabel("First Name").fill("Ada");
  await shipping.getByLabel("Last Name").fill("Lovelace");
  await shipping.getByLabel("Address1").fill("75 Rice Street");
  await shipping.getByLabel("City").fill("Saint Paul");
  await shipping.getByLabel("State").selectOption("MN");
  await shipping.getByLabel("Zip").fill("55101");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page
    .getByRole("dialog", { name: "Confirm your shipping address" })
    .getByRole("button", { name: "Confirm Address" })
    .click();

  await expect(page).toHaveURL("/order-payment-details");
  await expectPageHeading(page, "Payment Details");
}

/** On the payment step: the card option (phones start on PayPal), the local processor's good test card, Place Order. */
export async function payWithTestCard(page: Page): Promise<void> {
  const payment = page.getByRole("region", { name: "Payment Method" });
  await payment.getByRole("radio", { name: /Credit or Debit Card/ }).check();
  await payment.getByLabel("Credit Card Number").fill("4242424242424242");
  await payment.getByLabel("Expiration (MMYY)").fill("1230");
  await payment.getByLabel("CVV").fill("123");
  await payment.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Your order is placed" })).toBeVisible();
}
