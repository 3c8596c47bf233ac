import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";
import { createConfirmedAccount, type Identity, signInOverHttp, waitForEmailMatching } from "../accounts.ts";
import { test } from "../admin.ts";
import { aCartChoice, addCartLineOverHttp } from "../cart.ts";
import { aDesign } from "../catalogue.ts";
import { collectPageErrors, isMobileProject } from "../support.ts";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage: true });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** A customer's paid order of two lines, bought over HTTP as the checkout does (the local card processor). */
async function paidOrderOverHttp(request: APIRequestContext): Promise<{ shopper: Identity; orderNumber: string }> {
  const shopper = await createConfirmedAccount(request, "buyer");
  const { access_token: token } = await signInOverHttp(request, shopper);
  const headers = { Authorization: `Bearer ${token}` };
  const first = await aCartChoice(request);
  await addCartLineOverHttp(request, token, { variantId: first.variant.id, size: first.size, color: first.color });
  const second = await aCartChoice(request, await aDesign(request));
  const otherSize = second.variant.sizes.find((size) => size !== first.size) ?? second.size;
  await addCartLineOverHttp(request, token, {
    variantId: second.variant.id,
    size: second.variant.id === first.variant.id ? otherSize : second.size,
    color: second.color,
  });
  const addresses = await request.post("/api/v1/addresses", {
    headers,
    data: {
      addresses: {
        shipping_address: {
          first_name: "Grace",
          last_name: "Hopper",
          address1: "1 Main St",
          address2: "",
          city: "Albany",
          state: "NY",
          zip: "12207",
        },
        billing_same_as_shipping: true,
        email: shopper.email,
      },
    },
  });
  expect(addresses.status(), await addresses.text()).toBeLessThan(300);
  const option = await request.put("/api/v1/orders", {
    headers,
    data: { order: { selected_shipping_service_key: "standard" } },
  });
  expect(option.status(), await option.text()).toBe(200);
  const placed = await request.post("/api/v1/orders", { headers, data: { order: {} } });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as {
    data: { attributes: { order_number: string; processor_payment_id: string } };
  };
  const paid = await request.post("/api/v1/order_payments", {
    headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
    data: {
      order_payment: { processor_payment_id: order.data.attributes.processor_payment_id },
      credit_card_params: { credit_card_number: "4242424242424242", expiration_date: "1239", cvc: "123" },
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { shopper, orderNumber: order.data.attributes.order_number };
}

test.describe("operators: orders", () => {
  test("find a paid order by the shopper's e-mail, refund one line with a reason: recorded, e-mailed, audited", async ({
    page,
    request,
    operator,
  }, testInfo) => {
    test.slow();
    const errors = collectPageErrors(page);
    const { shopper, orderNumber } = await paidOrderOverHttp(request);

    // The dashboard is the console's home.
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Revenue per day, last 30 days" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "admin-dashboard");

    // Orders: found by the shopper's e-mail.
    if (isMobileProject(testInfo)) await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await page.getByLabel("Order number, e-mail or name").fill(shopper.email);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row", { name: new RegExp(orderNumber) });
    await expect(row).toBeVisible();
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "admin-orders");
    await row.getByRole("link", { name: orderNumber }).click();

    // The order: refund its first line with a reason.
    await expect(page.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Items" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "admin-order");
    await page.getByRole("button", { name: "Refund" }).click();
    const dialog = page.getByRole("dialog", { name: `Refund order ${orderNumber}` });
    await dialog.getByRole("radio", { name: "Some lines" }).check();
    // Sent without a reason: the dialog says so and stays open.
    await dialog.getByRole("checkbox").first().check();
    await dialog.getByRole("button", { name: "Refund" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("A reason is required.");
    await dialog.getByLabel("Reason").fill("The print was smudged");
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "admin-order-refund");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: /Refunded \$/ })).toBeVisible();
    const refunds = page.getByRole("region", { name: "Refunds" });
    await expect(refunds).toContainText("succeeded");
    await expect(refunds).toContainText("The print was smudged");
    // The refunded line says so (the first 'Refunded' of the section; the amounts' row is the other).
    await expect(
      page.getByRole("region", { name: "Items" }).getByText("Refunded", { exact: true }).first(),
    ).toBeVisible();

    // The shopper's refund e-mail reached the outbox, and the page lists it once sent.
    const email = await waitForEmailMatching(
      shopper.email,
      new RegExp(`We refunded \\$[0-9.,]+ to your card for order ${orderNumber}`),
    );
    expect(email).toContain("Refunds usually show on your statement");
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("region", { name: "E-mails sent" })).toContainText(
        `refunded for order ${orderNumber}`,
      );
    }).toPass({ timeout: 30_000 });

    // The audit log has it, with the reason.
    await page.goto("/admin/audit-log");
    const entry = page
      .locator("main li, main tr, main article")
      .filter({ hasText: "The print was smudged" })
      .filter({ hasText: "order.refund" })
      // The log is a table on a desktop and cards on a phone: whichever is shown.
      .filter({ visible: true })
      .first();
    await expect(entry).toBeVisible();
    expect(operator.email).toContain("@");
    expect(errors).toEqual([]);
  });
});
