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
