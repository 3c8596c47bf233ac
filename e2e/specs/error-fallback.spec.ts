import { expect, type Page, test } from "@playwright/test";
import { BRAND_NAME, expectPageHeading } from "../support.ts";

/**
 * Makes local storage unreadable while `window.__storageBroken` is true. The navigation bar reads the signed-in
 * flag from storage while rendering, so this is a realistic uncaught render error (as in a locked-down browser).
 */
async function breakStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const flags = window as unknown as { __storageBroken: boolean };
    flags.__storageBroken = true;
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function patchedGetItem(this: Storage, key: string) {
      if (flags.__storageBroken) throw new DOMException("The operation is insecure.", "SecurityError");
      return getItem.call(this, key);
    };
  });
}

test.describe("error fallback page", () => {
  test("an uncaught render error shows the fallback page", async ({ page }) => {
    await breakStorage(page);
    await page.goto("/about");
    await expectPageHeading(page, "Oops! We goofed up");
    await expect(page.getByText("It's not you, it's us. We'll be back to fix this issue")).toBeVisible();
    await expect(page.getByText("While we are investigating the issue, these might interest you")).toBeVisible();
    await expect(page.getByPlaceholder("Search for designs…")).toBeVisible();
    await expect(page.getByRole("button", { name: "Search" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Popular right now" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    // Logo, account and cart start over from the home page with a full reload.
    for (const name of [`${BRAND_NAME} home`, "Account", "Shopping cart"]) {
      await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", "/");
    }
  });

  test("a page that fails to download shows the popular designs, whose hearts work", async ({ page }) => {
    // The about page's code cannot be fetched (a deploy replaced it, the network dropped): the router's error page.
    await page.route(/\/assets\/about-page-[^/]*\.js$/, (route) => route.abort());
    await page.goto("/about");
    await expectPageHeading(page, "Oops! We goofed up");
    // A guest's heart asks to sign in, as on every page; closing the modal gives the focus back to the heart.
    const heart = page.getByRole("button", { name: /^Favorite / }).first();
    await heart.click();
    const signIn = page.getByRole("dialog", { name: `Log in to ${BRAND_NAME}` });
    await expect(signIn).toBeVisible();
    await signIn.getByRole("button", { name: "Close" }).click();
    await expect(signIn).toBeHidden();
    await expect(heart).toBeFocused();
  });

  test("the logo reloads the app from the home page", async ({ page }) => {
    await breakStorage(page);
    await page.goto("/faq");
    await expectPageHeading(page, "Oops! We goofed up");
    const navigation = page.waitForEvent("framenavigated");
    await page.getByRole("link", { name: `${BRAND_NAME} home` }).click();
    await navigation;
    await expect(page).toHaveURL("/");
  });

  test("moving to another page resets the boundary once the fault is gone", async ({ page }) => {
    await breakStorage(page);
    await page.goto("/about");
    await expectPageHeading(page, "Oops! We goofed up");
    await page.evaluate(() => {
      (window as unknown as { __storageBroken: boolean }).__storageBroken = false;
    });
    // The fallback search box navigates inside the app (no reload): the boundary must let go on its own.
    const field = page.getByRole("searchbox", { name: `Search ${BRAND_NAME}` });
    await field.fill("frogs");
    await field.press("Enter");
    await expect(page).toHaveURL("/results?query=frogs&page=1");
    await expectPageHeading(page, "Results for “frogs”");
    await expect(page.getByRole("heading", { name: "Oops! We goofed up" })).toBeHidden();
  });

  test("the fallback stays while the fault persists on the next page", async ({ page }) => {
    await breakStorage(page);
    await page.goto("/about");
    await expectPageHeading(page, "Oops! We goofed up");
    await page.getByRole("link", { name: "Anime" }).click();
    await expect(page).toHaveURL("/results?home-collection=anime&page=1");
    await expectPageHeading(page, "Oops! We goofed up");
  });
});
