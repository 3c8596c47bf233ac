import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { REPORT_MESSAGES } from "@threadfolk/contract/moderation";
import { searchResultsPath } from "@threadfolk/contract/routes";
import { waitForEmailMatching } from "../accounts.ts";
import { expect, test } from "../admin.ts";
import { createArtistOverHttp, publishDesignOverHttp } from "../studio.ts";
import { collectPageErrors, expectPageHeading } from "../support.ts";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test.describe("moderation", () => {
  test("a shopper reports a design; an operator takes it down with a reason; it is gone from search and the storefront; the artist is e-mailed", async ({
    page,
    request,
    operator,
  }, testInfo) => {
    test.slow();
    const errors = collectPageErrors(page);
    const artist = await createArtistOverHttp(request);
    const word = `heron${Date.now().toString(36)}`;
    const design = await publishDesignOverHttp(request, artist, { title: `Report Me ${word}`, tag: word });

    // The shopper (a guest) reports it from the design page.
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
    await thanks.getByRole("button", { name: "Close" }).last().click();
    await expect(thanks).toBeHidden();
    await expect(page.getByRole("button", { name: "Report this design" })).toBeFocused();

    // The operator finds it in the queue and takes it down, typing the reason.
    await page.goto("/admin/moderation");
    await expect(page.getByRole("heading", { name: "Moderation", level: 1 })).toBeVisible();
    await expect(page.getByText(operator.email).first()).toBeAttached();
    const card = page.getByRole("article", { name: design.title });
    await expect(card.getByText("This copies my 2019 poster")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "admin-moderation-queue", true);
    await card.getByRole("button", { name: "Take down" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Take this design down?" });
    await expect(confirm.getByRole("combobox", { name: "Why" })).toHaveValue("intellectual_property");
    await confirm.getByRole("button", { name: "Take down" }).click();
    await expect(confirm.getByText("Reason is required")).toBeVisible();
    await confirm.getByRole("textbox", { name: "Reason" }).fill("Valid notice from the owner of 'Red Sun'.");
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "admin-moderation-take-down");
    await confirm.getByRole("button", { name: "Take down" }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toBeHidden();

    // The artist's page in People: the design taken down, one strike.
    await page.goto(`/admin/people?q=${encodeURIComponent(artist.email)}`);
    // Desktop shows a table, a phone a list: the visible one.
    await expect(page.getByText(artist.email).locator("visible=true").first()).toBeVisible();
    await page.getByRole("link", { name: "Ada Lovelace" }).locator("visible=true").first().click();
    await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
    await expect(page.getByText("1 of 3")).toBeVisible();
    await expect(page.getByRole("region", { name: "Designs" }).getByText("Taken down")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "admin-person", true);

    // Gone from search, the storefront and its own page; the artist has the reason by e-mail.
    await page.goto(searchResultsPath(word));
    await expect(page.getByRole("link", { name: new RegExp(design.title) })).toHaveCount(0);
    const profile = await request.get("/api/v1/seller_profile", {
      headers: { Authorization: `Bearer ${artist.token}` },
    });
    const storefrontPath = ((await profile.json()) as { data: { attributes: { storefront_path: string } } }).data
      .attributes.storefront_path;
    await page.goto(storefrontPath);
    await expectPageHeading(page, "E2E Studio");
    await expect(page.getByRole("link", { name: new RegExp(design.title) })).toHaveCount(0);
    expect(errors).toEqual([]);
    // Its own page says it is no longer available (the document answers 404, the API 410: both expected here).
    await page.goto(design.designPath);
    await expectPageHeading(page, "Design no longer available");
    expect(errors.every((error) => /status of (404|410)/.test(error))).toBe(true);
    const mail = await waitForEmailMatching(artist.email, /We have taken down your design/);
    expect(mail).toContain("Valid notice from the owner of 'Red Sun'.");
    expect(mail).toContain("Strikes standing: 1 of 3");
  });
});
