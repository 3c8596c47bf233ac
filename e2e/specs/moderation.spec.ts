import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { REPORT_MESSAGES } from "@threadfolk/contract/moderation";
import { expect, test } from "../accounts.ts";
import { createArtistOverHttp, publishDesignOverHttp } from "../studio.ts";
import { collectPageErrors, expectPageHeading } from "../support.ts";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`) });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test.describe("moderation", () => {
  test("a shopper reports a design: the dialog checks its fields, sends, and thanks them", async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const errors = collectPageErrors(page);
    const artist = await createArtistOverHttp(request);
    const design = await publishDesignOverHttp(request, artist, { title: `Report Me ${Date.now().toString(36)}` });

    await page.goto(design.designPath);
    await expectPageHeading(page, design.title);
    await page.getByRole("button", { name: "Report this design" }).click();
    const dialog = page.getByRole("dialog", { name: "Report this design" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByText(REPORT_MESSAGES.reasonRequired)).toBeVisible();
    await expect(dialog.getByText("Email is required")).toBeVisible();
    await expect(dialog.getByText(REPORT_MESSAGES.detailsRequired)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "report-design-errors");

    await dialog.getByRole("radio", { name: /Intellectual property/ }).check();
    await dialog.getByRole("textbox", { name: "Email" }).fill(`rights-${Date.now().toString(36)}@example.com`);
    await dialog.getByRole("textbox", { name: "Details" }).fill("This copies my 2019 poster 'Red Sun' line for line.");
    await dialog.getByRole("button", { name: "Send report" }).click();
    const thanks = page.getByRole("dialog", { name: "Thank you for your report" });
    await expect(thanks).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "report-design-thanks");
    await thanks.getByRole("button", { name: "Close" }).first().click();
    await expect(thanks).toBeHidden();
    await expect(page.getByRole("button", { name: "Report this design" })).toBeFocused();
    expect(errors).toEqual([]);
  });
});
