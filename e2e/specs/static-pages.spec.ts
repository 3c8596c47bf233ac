import { expect, test } from "@playwright/test";
import { STATIC_PAGES } from "@threadfolk/contract/routes";
import { BRAND_NAME, collectPageErrors, expectPageHeading, FOOTER_LINKS, isMobileProject } from "../support.ts";

/** Checks of written content, the same text in every layout: run once (desktop); each page's render is checked on both. */
const TEXT_ONLY = "the page's text is the same on a phone: the desktop project checks it";

test.describe("static pages", () => {
  for (const { path, title } of STATIC_PAGES) {
    test(`${path} renders its content with navigation and footer`, async ({ page }) => {
      const errors = collectPageErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectPageHeading(page, title);
      await expect(page).toHaveTitle(`${title} | ${BRAND_NAME}`);
      // Written content, not an empty shell: several sections with their own headings.
      expect(await page.getByRole("main").getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(3);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test("the size charts give chest and length in inches and centimetres for every style's sizes", async ({
    page,
  }, testInfo) => {
    test.skip(isMobileProject(testInfo), TEXT_ONLY);
    await page.goto("/size-charts");
    const charts = [
      { name: "Men's T-Shirt", sizes: ["S", "M", "L", "XL", "2XL", "3XL", "4XL", "5XL"] },
      { name: "Women's T-Shirt", sizes: ["XS", "S", "M", "L", "XL", "2XL", "3XL"] },
      { name: "Pullover Hoodie", sizes: ["S", "M", "L", "XL", "2XL", "3XL"] },
      { name: "Tank Top", sizes: ["XS", "S", "M", "L", "XL", "2XL"] },
      { name: "Long Sleeve Tee", sizes: ["S", "M", "L", "XL", "2XL", "3XL"] },
    ];
    await expect(page.getByRole("table")).toHaveCount(charts.length);
    for (const chart of charts) {
      const table = page.getByRole("table", { name: new RegExp(`^${chart.name}:`) });
      await expect(table.getByRole("rowheader")).toHaveText(chart.sizes);
      await expect(table.getByRole("columnheader", { name: "Chest width" })).toBeVisible();
      await expect(table.getByRole("columnheader", { name: "Body length" })).toBeVisible();
      await expect(table.getByRole("columnheader", { name: "cm" })).toHaveCount(2);
    }
  });

  test("a size chart link with a style's anchor opens the page at that chart", async ({ page }) => {
    await page.goto("/size-charts#tank-top");
    await expect(page.getByRole("heading", { name: "Tank Top", exact: true })).toBeInViewport();
  });

  test("the FAQ lists the three delivery estimates", async ({ page }, testInfo) => {
    test.skip(isMobileProject(testInfo), TEXT_ONLY);
    await page.goto("/faq");
    for (const estimate of ["7-12 business days", "6-8 business days", "4-6 business days"]) {
      await expect(page.getByRole("main").getByText(estimate)).toBeVisible();
    }
  });

  test("the FAQ describes the checkout as built: card or PayPal, one code per order, guest order links, tracking e-mails, cancelling", async ({
    page,
  }, testInfo) => {
    test.skip(isMobileProject(testInfo), TEXT_ONLY);
    await page.goto("/faq");
    const main = page.getByRole("main");
    // The names of the controls it mentions are the checkout's own.
    await expect(main).toContainText("press Place Order (or finish in PayPal)");
    await expect(main).toContainText('"Gift card or coupon code" field on the payment step');
    await expect(main).toContainText("use the link in your confirmation e-mail");
    // Nothing the store does not do (no carrier check of the address); what it does: tracking e-mails, cancelling.
    await expect(main).not.toContainText("with the carrier");
    await expect(main).toContainText("We e-mail you when each parcel ships, with its tracking link");
    await expect(main).toContainText("press Cancel order");
  });

  test("the intellectual property policy says where to report infringement", async ({ page }, testInfo) => {
    test.skip(isMobileProject(testInfo), TEXT_ONLY);
    await page.goto("/intellectual-property-policy");
    const host = new URL(page.url()).hostname;
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: `support@${host}` })
        .first(),
    ).toHaveAttribute("href", `mailto:support@${host}`);
  });
});

test.describe("footer", () => {
  for (const { name, path } of FOOTER_LINKS) {
    test(`the '${name}' link opens ${path}`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expectPageHeading(page, STATIC_PAGES.find((staticPage) => staticPage.path === path)?.title ?? name);
    });
  }

  test("links to the brand's four social pages in a new tab", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const network of ["Facebook", "Instagram", "Twitter", "Pinterest"]) {
      const link = footer.getByRole("link", { name: `${BRAND_NAME} on ${network} (opens in a new tab)` });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAttribute("href", new RegExp(`^https://(www\\.)?${network.toLowerCase()}\\.com/`));
    }
    await expect(footer.getByRole("img", { name: /We accept credit cards/ })).toBeVisible();
  });
});
