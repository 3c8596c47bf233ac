import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import {
  expect,
  type Identity,
  seedSignedInStorage,
  signInOverHttp,
  test,
  waitForEmailLink,
  waitForEmailMatching,
} from "../accounts.ts";
import { collectPageErrors, isMobileProject } from "../support.ts";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

/** The demo artist (README): the demo seed made their first payout through the local payout sandbox. */
const DEMO_ARTIST: Identity = {
  email: "maya@threadfolk.test",
  password: "threadfolk-demo",
  firstName: "Maya",
  lastName: "Okafor",
  username: "mayaokafor",
};

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage: true });
}

test("an artist confirms a PayPal e-mail, sees a payout with its sales and statement, and its e-mail", async ({
  page,
  request,
}, testInfo) => {
  // One journey on the one demo artist: the mobile project's run would change the same settings at once, so the
  // phone's layout is looked at at the end of this one (390x844).
  test.skip(isMobileProject(testInfo), "the desktop journey checks the phone layout too");
  // A whole journey, two layouts and two axe passes.
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await seedSignedInStorage(page, await signInOverHttp(request, DEMO_ARTIST));
  await page.goto("/my-profile/seller-orders");
  await expect(page.getByRole("heading", { name: "Balance" })).toBeVisible();
  const history = page.getByRole("region", { name: "Payouts" });
  await expect(history.getByText("Paid", { exact: true }).first()).toBeVisible();

  // A new PayPal e-mail: the password, then the link sent to it.
  const paypalEmail = `maya.${testInfo.project.name}.${Date.now()}@paypal.threadfolk.test`;
  await page.getByRole("button", { name: "Change PayPal e-mail" }).click();
  await page.getByLabel("PayPal e-mail").fill(paypalEmail);
  await page.getByLabel("Your password").fill(DEMO_ARTIST.password);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText(`Waiting for confirmation: open the link we sent to ${paypalEmail}.`)).toBeVisible();
  const link = await waitForEmailLink(paypalEmail, "confirm-payout-email");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your PayPal e-mail is confirmed" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Sales" }).click();
  const settings = page.getByRole("region", { name: "Payout settings" });
  await expect(settings.getByText(paypalEmail)).toBeVisible();
  await expect(settings.getByText(/Payouts are held until/)).toBeVisible();

  // The payout, the sales it pays and its statement.
  await history.getByRole("button", { name: "Show sales" }).first().click();
  await expect(page.getByRole("list", { name: "Sales in this payout" }).getByRole("listitem").first()).toBeVisible();
  const csv = page.waitForEvent("download");
  await history.getByRole("button", { name: "Statement CSV" }).first().click();
  expect((await csv).suggestedFilename()).toMatch(/^payout-statement-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/);
  const pdf = page.waitForEvent("download");
  await history.getByRole("button", { name: "Statement PDF" }).first().click();
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);

  // The e-mail that said it was sent.
  expect(await waitForEmailMatching(DEMO_ARTIST.email, /of your royalties to your PayPal account/)).toContain(
    "View your payouts",
  );

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole("heading", { name: "Balance" })).toBeVisible();
    await screenshot(page, testInfo, `sales-payouts-${viewport.width}x${viewport.height}`);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  }
  expect(errors).toEqual([]);
  // A link works once (the 422 is the answer the page explains).
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link is invalid or has expired" })).toBeVisible();
  await screenshot(page, testInfo, "confirm-payout-email-used-link");
});
