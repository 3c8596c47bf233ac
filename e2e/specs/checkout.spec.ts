import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, test } from "../accounts.ts";
import { aCartChoice, addCartLineOverHttp, pageAccessToken } from "../cart.ts";
import { collectPageErrors, expectPageHeading, isMobileProject } from "../support.ts";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

/** The text of the Order Summary's TOTAL row. */
async function totalOf(page: Page): Promise<string> {
  const summary = page.getByRole("region", { name: "Order Summary" });
  return (await summary.getByText("TOTAL", { exact: true }).locator("xpath=following-sibling::dd").textContent()) ?? "";
}

/** Fills one address block (a fieldset named by its legend) with `address`. */
async function fillAddress(
  block: Locator,
  address: {
    firstName: string;
    lastName: string;
    address1: string;
    address2: string;
    city: string;
    state: string;
    zip: string;
  },
) {
  await block.getByLabel("First Name").fill(address.firstName);
  await block.getByLabel("Last Name").fill(address.lastName);
  await block.getByLabel("Address1").fill(address.address1);
  await block.getByLabel("Address2").fill(address.address2);
  await block.getByLabel("City").fill(address.city);
  await block.getByLabel("State").selectOption(address.state);
  await block.getByLabel("Zip").fill(address.zip);
}

function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage });
}

test.describe("checkout", () => {
  test("cart -> CHECKOUT -> shipping form (errors on change) -> verification dialog -> a suggestion -> payment page -> shipping option -> e-mail -> billing address -> shipping address; reloads keep working", async ({
    page,
    request,
    signedIn: account,
  }, testInfo) => {
    // A whole journey on a fresh server that renders each mockup on its first request.
    test.slow();
    const errors = collectPageErrors(page);
    const choice = await aCartChoice(request);

    await page.goto("/shopping-cart");
    await addCartLineOverHttp(request, await pageAccessToken(page), {
      variantId: choice.variant.id,
      size: choice.size,
      color: choice.color,
      quantity: 2,
    });
    await page.reload();
    await page.getByRole("region", { name: "Order Summary" }).getByRole("button", { name: "CHECKOUT" }).click();

    // The shipping step: secure header, summary and cart from navigation state, the form.
    await expect(page).toHaveURL("/order-shipping-details");
    await expectPageHeading(page, "Shipping Information");
    const header = page.getByRole("banner");
    if (isMobileProject(testInfo)) {
      await expect(header.getByRole("button", { name: "Back" })).toBeVisible();
      await expect(header.getByText("Encrypted", { exact: true })).toBeVisible();
    } else {
      await expect(header.getByRole("link", { name: "SECURE CHECKOUT" })).toHaveAttribute("href", "/");
      await expect(header.getByRole("link", { name: "ENCRYPTED" })).toBeVisible();
    }
    await expect(page.getByRole("region", { name: "Order Summary" })).toContainText("Subtotal (2 items)");
    await expect(page.getByRole("region", { name: "Your Cart" })).toContainText(choice.card.display_name);

    const shipping = page.getByRole("group", { name: "Shipping Address" });
    const sameAsShipping = page.getByRole("checkbox", { name: "Use as Billing Address" });
    await expect(sameAsShipping).toBeChecked();
    await expect(shipping.getByLabel("State")).toHaveValue("");
    await expect(shipping.getByRole("option", { name: "--Select State--" })).toBeDisabled();

    // Validated on change: each error under its field, in red.
    await shipping.getByLabel("First Name").fill("A");
    await shipping.getByLabel("First Name").fill("");
    await expect(shipping.getByText("First Name is required")).toBeVisible();
    await shipping.getByLabel("Zip").fill("551");
    await expect(shipping.getByText("Must be 5 or 9 digits 00000-1111")).toBeVisible();
    await expect(shipping.getByText("Must be 5 or 9 digits 00000-1111")).toHaveClass(/text-red-600/);
    await page.getByLabel("Email").fill("ada@");
    await expect(page.getByText("Email is invalid")).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(shipping.getByText("Last Name is required")).toBeVisible();
    await expect(shipping.getByText("State is required")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The billing block appears only when the checkbox is off.
    await sameAsShipping.uncheck();
    await expect(page.getByRole("group", { name: "Billing Address" })).toBeVisible();
    await sameAsShipping.check();
    await expect(page.getByRole("group", { name: "Billing Address" })).toHaveCount(0);

    // A city that is not the ZIP's: the verifier proposes the ZIP's own.
    await fillAddress(shipping, {
      firstName: "Ada",
      lastName: "Lovelace",
      address1: "75 Rice Street",
      address2: "Apt 4",
      city: "Minneapolis",
      state: "MN",
      zip: "55101",
    });
    await page.getByLabel("Email").fill(account.email);
    await expect(shipping.getByText(/is required|Must be/)).toHaveCount(0);
    await screenshot(page, testInfo, "checkout-shipping-step", true);
    await page.getByRole("button", { name: "Continue" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirm your shipping address" });
    await expect(dialog).toBeVisible();
    // The ZIP data verifies no street: its suggestions are not called verified (decision 059).
    await expect(dialog.getByText("Suggested Addresses:")).toBeVisible();
    await expect(dialog.getByText("Entered Address:")).toBeVisible();
    const options = dialog.getByRole("radio");
    const optionCount = await options.count();
    expect(optionCount).toBeGreaterThan(1);
    // The first suggestion is in another city (Saint Paul): the entered address is pre-selected instead.
    await expect(options.first()).not.toBeChecked();
    await expect(options.last()).toBeChecked();
    // The entered address is the last option; the suggestion keeps the second line and the name.
    const entered = dialog.locator("label").last();
    await expect(entered).toContainText("75 Rice Street");
    await expect(entered).toContainText("Minneapolis, MN 55101, UNITED STATES");
    const suggestion = dialog.locator("label").first();
    await expect(suggestion).toContainText("Ada Lovelace");
    await expect(suggestion).toContainText("Apt 4");
    await expect(suggestion).toContainText(/SAINT PAUL|ST PAUL/i);
    await expect(suggestion).toContainText("UNITED STATES");
    await expect(dialog.getByRole("button", { name: "Edit Shipping address" })).toBeVisible();
    await screenshot(page, testInfo, "checkout-verification-dialog");

    // 'Edit Shipping address' closes the dialog and saves nothing; Continue opens it again.
    await dialog.getByRole("button", { name: "Edit Shipping address" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/order-shipping-details");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(dialog).toBeVisible();
    await options.first().check();
    await dialog.getByRole("button", { name: "Confirm Address" }).click();

    // The payment step with the returned cart.
    await expect(page).toHaveURL("/order-payment-details");
    await expectPageHeading(page, "Payment Details");
    const deliverTo = page.getByRole("region", { name: "Deliver to" });
    await expect(deliverTo).toContainText("Ada Lovelace");
    await expect(deliverTo).toContainText(/SAINT PAUL|ST PAUL/i);
    await expect(deliverTo).toContainText(/Apt 4/i);
    await expect(page.getByRole("region", { name: "Send to" })).toContainText(account.email);
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary).toContainText("Subtotal (2 items)");
    // With a shipping address the server estimates the tax (clothing is exempt in Minnesota).
    await expect(summary).toContainText("Estimated tax");
    // The gift card or coupon code field works (decision 034; codes-payment.spec.ts takes it through).
    await expect(
      page.getByRole("region", { name: "Gift card or coupon code" }).getByRole("button", { name: "Apply" }),
    ).toBeEnabled();

    // The shipping method: the option in force is checked; another changes the totals.
    const methods = page.getByRole("group", { name: "Shipping Method" });
    const standard = methods.getByRole("radio", { name: /Standard/ });
    await expect(standard).toBeChecked();
    await expect(methods).toContainText("7-12 business days");
    const totalBefore = await totalOf(page);
    await screenshot(page, testInfo, "checkout-payment-step", true);
    await methods.getByRole("radio", { name: /Express/ }).check();
    await expect(page.getByText("Updated shipping service")).toBeVisible();
    await expect(methods.getByRole("radio", { name: /Express/ })).toBeChecked();
    await expect.poll(() => totalOf(page)).not.toBe(totalBefore);
    const totalExpress = await totalOf(page);

    // A reload of the payment step reads the cart from the server.
    await page.reload();
    await expectPageHeading(page, "Payment Details");
    await expect(methods.getByRole("radio", { name: /Express/ })).toBeChecked();
    await expect.poll(() => totalOf(page)).toBe(totalExpress);

    // Change Email: one Email field, checked as typed.
    const newEmail = `changed-${account.email}`;
    await page.getByRole("region", { name: "Send to" }).getByRole("button", { name: "Change Email" }).click();
    const emailDialog = page.getByRole("dialog", { name: "Update Email Address" });
    await expect(emailDialog.getByLabel("Email")).toHaveValue(account.email);
    await emailDialog.getByLabel("Email").fill("not-an-email");
    await expect(emailDialog.getByText("Email is invalid")).toBeVisible();
    await emailDialog.getByLabel("Email").fill(newEmail);
    await emailDialog.getByRole("button", { name: "Update Email Address" }).click();
    await expect(page.getByText("Updated email address")).toBeVisible();
    await expect(emailDialog).toBeHidden();
    await expect(page.getByRole("region", { name: "Send to" })).toContainText(newEmail);

    // Change the billing address: submitted directly, no verification.
    await page.getByRole("region", { name: "Bill to" }).getByRole("button", { name: "Change Address" }).click();
    const billingDialog = page.getByRole("dialog", { name: "Update Billing Address" });
    await fillAddress(billingDialog, {
      firstName: "Grace",
      lastName: "Hopper",
      address1: "1 Infinite Loop",
      address2: "",
      city: "Cupertino",
      state: "CA",
      zip: "95014",
    });
    await billingDialog.getByRole("button", { name: "Update Billing Address" }).click();
    await expect(page.getByText("Updated billing address")).toBeVisible();
    await expect(billingDialog).toBeHidden();
    const billTo = page.getByRole("region", { name: "Bill to" });
    await expect(billTo).toContainText("Grace Hopper");
    await expect(billTo).toContainText(/Cupertino/i);
    await expect(deliverTo).toContainText("Ada Lovelace");

    // Change the shipping address: checked again; the verified place agrees as typed, so no dialog opens;
    // the billing address stays.
    await deliverTo.getByRole("button", { name: "Change Address" }).click();
    const shippingDialog = page.getByRole("dialog", { name: "Update Shipping Address" });
    await expect(shippingDialog.getByLabel("First Name")).toHaveValue("Ada");
    await shippingDialog.getByLabel("Address2").fill("Apt 5");
    await shippingDialog.getByRole("button", { name: "Update Shipping Address" }).click();
    await expect(page.getByText("Updated shipping address")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(shippingDialog).toBeHidden();
    await expect(deliverTo).toContainText(/Apt 5/i);
    await expect(billTo).toContainText("Grace Hopper");

    // A direct visit of the shipping step prefills the form from the server's cart.
    await page.goto("/order-shipping-details");
    await expectPageHeading(page, "Shipping Information");
    await expect(page.getByRole("group", { name: "Shipping Address" }).getByLabel("Address2")).toHaveValue(/Apt 5/i);
    await expect(page.getByLabel("Email")).toHaveValue(newEmail);
    await expect(page.getByRole("checkbox", { name: "Use as Billing Address" })).not.toBeChecked();
    await expect(page.getByRole("group", { name: "Billing Address" }).getByLabel("City")).toHaveValue(/Cupertino/i);
    await page.reload();
    await expectPageHeading(page, "Shipping Information");
    await expect(page.getByRole("region", { name: "Order Summary" })).toContainText("Subtotal (2 items)");
    expect(errors).toEqual([]);
  });

  test("a suggestion in another state is never pre-selected; an address that differs only in case passes as typed", async ({
    page,
    request,
    signedIn: account,
  }, testInfo) => {
    test.slow();
    const errors = collectPageErrors(page);
    const choice = await aCartChoice(request);
    await page.goto("/shopping-cart");
    await addCartLineOverHttp(request, await pageAccessToken(page), {
      variantId: choice.variant.id,
      size: choice.size,
      color: choice.color,
      quantity: 1,
    });
    await page.reload();
    await page.getByRole("region", { name: "Order Summary" }).getByRole("button", { name: "CHECKOUT" }).click();
    await expect(page).toHaveURL("/order-shipping-details");

    // Only letter case and spacing differ from the ZIP data's spelling: no dialog, saved as typed.
    const shipping = page.getByRole("group", { name: "Shipping Address" });
    await fillAddress(shipping, {
      firstName: "Ada",
      lastName: "Lovelace",
      address1: "75  rice st",
      address2: "",
      city: "saint paul",
      state: "MN",
      zip: "55101",
    });
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL("/order-payment-details");
    const deliverTo = page.getByRole("region", { name: "Deliver to" });
    await expect(deliverTo).toContainText("rice st");
    await expect(deliverTo).toContainText("saint paul");

    // 'Springfield, IL 90210': the ZIP is Beverly Hills, CA. The suggestion says so and is not pre-selected.
    await deliverTo.getByRole("button", { name: "Change Address" }).click();
    const shippingDialog = page.getByRole("dialog", { name: "Update Shipping Address" });
    await shippingDialog.getByLabel("Address1").fill("100 Main Street");
    await shippingDialog.getByLabel("City").fill("Springfield");
    await shippingDialog.getByLabel("State").selectOption("IL");
    await shippingDialog.getByLabel("Zip").fill("90210");
    await shippingDialog.getByRole("button", { name: "Update Shipping Address" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm your shipping address" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("alert")).toContainText("belongs to another city or state");
    const beverlyHills = dialog.locator("label").filter({ hasText: "BEVERLY HILLS CA 90210" });
    await expect(beverlyHills).toContainText("Another city and state than you entered");
    await expect(beverlyHills.getByRole("radio")).not.toBeChecked();
    const entered = dialog.locator("label").last();
    await expect(entered).toContainText("Springfield, IL 90210");
    await expect(entered.getByRole("radio")).toBeChecked();
    await screenshot(page, testInfo, "checkout-verification-conflict");

    // One hurried click keeps the address as typed.
    await dialog.getByRole("button", { name: "Confirm Address" }).click();
    await expect(page.getByText("Updated shipping address")).toBeVisible();
    await expect(deliverTo).toContainText("Springfield");
    await expect(deliverTo).toContainText("IL");
    await expect(deliverTo).not.toContainText(/BEVERLY HILLS/i);
    expect(errors).toEqual([]);
  });
});
