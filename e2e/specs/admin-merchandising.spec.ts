import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "../admin.ts";
import { payWithTestCard, reachPaymentStep } from "../checkout.ts";
import { collectPageErrors } from "../support.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCREENSHOT_DIR = path.resolve(HERE, "../screenshots");
const SLIDE_PICTURE = path.resolve(HERE, "../fixtures/carousel-slide.png");

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`), fullPage: true });
}

/** The position (1-based) of the slide whose alt text is `alt`, in the operator's list. */
async function slideNumber(page: Page, alt: string): Promise<number> {
  await expect(page.getByRole("textbox", { name: /^Alt text of slide/ }).first()).toBeVisible();
  const values = await page
    .getByRole("textbox", { name: /^Alt text of slide/ })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const index = values.indexOf(alt);
  if (index < 0) throw new Error(`no slide "${alt}" in ${JSON.stringify(values)}`);
  return index + 1;
}

/** Whether `element` lies across the window's width (the carousel scrolls sideways). */
function isAcrossTheWindow(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.left >= -1 && box.right <= window.innerWidth + 1;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test.describe("merchandising", () => {
  test("the operator creates a code a shopper uses at checkout, then puts a new slide on the home page's carousel", async ({
    page,
    request,
    operator,
  }, testInfo) => {
    test.slow();
    const errors = collectPageErrors(page);
    const suffix = `${testInfo.project.name === "desktop" ? "D" : "M"}${Date.now().toString(36).toUpperCase()}`;
    const code = `OPS-${suffix}`;

    // The operator creates a 10 % code.
    await page.goto("/admin/merchandising?section=codes");
    await expect(page.getByRole("heading", { name: "Merchandising: Codes & gift cards" })).toBeVisible();
    const createForm = page.getByRole("form", { name: "Create a code" });
    await createForm.getByLabel("Code").fill(code);
    await createForm.getByLabel("Kind").selectOption("percent_off");
    await createForm.getByLabel("Percent off").fill("10");
    await createForm.getByLabel("Once per customer").check();
    await createForm.getByRole("button", { name: "Create code" }).click();
    await expect(page.getByText(`${code} is ready to use`)).toBeVisible();
    await expect(page.getByRole("button", { name: `Expire ${code}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "admin-merchandising-codes");

    // A shopper uses it at checkout.
    await reachPaymentStep(page, request, `shopper-${suffix.toLowerCase()}@example.test`);
    const codes = page.getByRole("region", { name: "Gift card or coupon code" });
    await codes.getByRole("textbox", { name: "Gift card or coupon code" }).fill(code);
    await codes.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("region", { name: "Order Summary" }).getByText(`Code ${code}`)).toBeVisible();
    await payWithTestCard(page);

    // The operator sees the order that used it.
    await page.goto("/admin/merchandising?section=codes");
    await page.getByRole("button", { name: `Uses of ${code}` }).click();
    const uses = page.getByRole("list", { name: `Orders that used ${code}` });
    await expect(uses.getByText(/^TF-/)).toHaveCount(1);
    await expect(uses.getByText("paid", { exact: false })).toBeVisible();

    // The operator adds a slide (picture, alt text, link) and sees it on the home page.
    const alt = `Operator slide ${suffix}`;
    await page.goto("/admin/merchandising?section=carousel");
    const addForm = page.getByRole("form", { name: "Add a slide" });
    await addForm.getByLabel(/^Picture/).setInputFiles(SLIDE_PICTURE);
    await addForm.getByLabel("Alt text").fill(alt);
    await addForm.getByLabel(/^Link/).fill("//evil.example/");
    await addForm.getByRole("button", { name: "Add slide" }).click();
    await expect(addForm.getByText("Enter a path of this site", { exact: false })).toBeVisible();
    await addForm.getByLabel(/^Link/).fill("/results?home-collection=funny");
    await addForm.getByRole("button", { name: "Add slide" }).click();
    await expect(page.getByText("Slide added")).toBeVisible();
    const number = await slideNumber(page, alt);
    await expect(page.getByRole("textbox", { name: `Alt text of slide ${number}` })).toHaveValue(alt);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "admin-merchandising-carousel");

    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Featured" });
    const link = carousel.getByRole("link", { name: alt });
    await expect(link).toHaveAttribute("href", "/results?home-collection=funny");
    // Shown in its turn: the next-slide button reaches it.
    // Hovering pauses the rotation; the next-slide button reaches it (each poll lets the slide settle).
    await carousel.hover();
    await expect
      .poll(
        async () => {
          if (await link.evaluate(isAcrossTheWindow)) return true;
          await carousel.getByRole("button", { name: "Next slide" }).click();
          return false;
        },
        { timeout: 30_000, intervals: [700] },
      )
      .toBe(true);
    await expect(link).toBeInViewport({ ratio: 0.9 });
    await expect(link.locator("img")).toHaveJSProperty("complete", true);
    expect(await link.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, testInfo, "home-with-operator-slide");

    // The operator takes it down again (the other specs read the carousel as the demo seeds it).
    await page.goto("/admin/merchandising?section=carousel");
    const position = await slideNumber(page, alt);
    await page.getByRole("button", { name: `Remove slide ${position}` }).click();
    await expect(page.getByText(`Removed slide ${position}`)).toBeVisible();
    // The refused link's 422 is the only error the browser logs.
    expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
    expect(operator.email).toMatch(/@example\.test$/);
  });
});
