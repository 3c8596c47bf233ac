import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { generate } from "otplib";
import { claimOperatorSetupLink, expect, OPERATOR_PASSWORD, test } from "../admin.ts";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

function screenshot(page: Page, testInfo: TestInfo, name: string) {
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage: true });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** The code of the next 30-second step: the one set-up used is spent, and one step ahead is still accepted. */
function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

test("an operator sets up TOTP from the link, signs out, signs in with a code and reads the audit log", async ({
  page,
  isMobile,
}, testInfo) => {
  // A long journey: three pages of set-up, sign-out, two steps of sign-in, the log, axe on every page.
  test.slow();
  // The link `npm run operator:create` printed (global setup ran it).
  const { email, link } = claimOperatorSetupLink();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: "Set up your operator account" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "admin-setup-password");

  await page.getByLabel("Password", { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByLabel("Confirm password").fill(OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "admin-setup-totp");
  await page.getByLabel("6-digit code").fill("000000");
  await page.getByRole("button", { name: "Confirm and finish" }).click();
  await expect(page.getByText("That code is not valid")).toBeVisible();
  await page.getByLabel("6-digit code").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Confirm and finish" }).click();

  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "admin-setup-recovery-codes");
  const continueButton = page.getByRole("button", { name: "Continue to the console" });
  await expect(continueButton).toBeDisabled();
  await page.getByLabel("I have saved my recovery codes").check();
  await continueButton.click();

  // The console's home is its first page (the dashboard); the set-up is in the audit log.
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.goto("/admin/audit-log");
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  const operatorFilter = page.getByLabel("Operator", { exact: true });
  await operatorFilter.selectOption({ label: email });
  const entries = isMobile
    ? page.getByRole("list", { name: "Operator actions, newest first" }).getByRole("listitem")
    : page
        .getByRole("table")
        .getByRole("row")
        .filter({ hasNot: page.getByRole("columnheader") });
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("operator.setup");

  // Sign out (on a phone the nav is behind 'Menu').
  if (isMobile) {
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("link", { name: "Audit log" })).toBeVisible();
    await screenshot(page, testInfo, "admin-menu-open");
  }
  await expect(page.getByText(email).first()).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Operator sign in" })).toBeVisible();

  // A page of the console, asked for signed out: sign-in first, then back to it.
  await page.goto("/admin/audit-log?action=operator.setup");
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Faudit-log/);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "admin-sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Wrong-pass1");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("Unrecognized password, email combination");
  await page.getByLabel("Password").fill(OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "admin-sign-in-code");
  await page.getByLabel("Authentication code").fill(await nextCode(secret));
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(/\/admin\/audit-log\?action=operator\.setup$/);
  await page.goto("/admin/audit-log");
  await page.getByLabel("Operator", { exact: true }).selectOption({ label: email });
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText("operator.sign_in");
  await expect(entries.nth(1)).toContainText("operator.sign_out");
  await expect(entries.nth(2)).toContainText("operator.setup");
  await page.getByLabel("Action", { exact: true }).selectOption("operator.sign_in");
  await expect(entries).toHaveCount(1);
  await entries.first().getByText("Before and after").click();
  await expect(entries.first()).toContainText('"secondFactor": "totp"');
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "admin-audit-log");
});
