import { EMPTY_CART_SEARCH_TERMS } from "@threadfolk/contract/constants";
import { expect, test } from "../accounts.ts";
import { aCartChoice, addCartLineOverHttp, pageAccessToken } from "../cart.ts";
import {
  BRAND_NAME,
  expectPageHeading,
  isMobileProject,
  navigationSearchField,
  visibleNavigation,
} from "../support.ts";

test.describe("layouts", () => {
  test("each layout shows its own navigation bar", async ({ page }, testInfo) => {
    await page.goto("/about");
    await expectPageHeading(page, "About Us");
    const desktopNav = page.getByRole("navigation", { name: "Main" });
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    if (isMobileProject(testInfo)) {
      await expect(mobileNav).toBeVisible();
      await expect(desktopNav).toBeHidden();
      await expect(mobileNav.getByRole("button", { name: "Go back" })).toBeVisible();
      await expect(mobileNav.getByRole("combobox", { name: `Search ${BRAND_NAME}` })).toBeVisible();
    } else {
      await expect(desktopNav).toBeVisible();
      await expect(mobileNav).toBeHidden();
      await expect(desktopNav.getByPlaceholder("Search for designs…")).toBeVisible();
      await expect(desktopNav.getByRole("button", { name: "Search" })).toBeVisible();
    }
    const nav = visibleNavigation(page, testInfo);
    await expect(nav.getByRole("button", { name: "Account menu" })).toBeVisible();
    await expect(nav.getByRole("link", { name: /Shopping cart/ })).toBeVisible();
  });

  test("the home page has no back button; the logo leads home", async ({ page }, testInfo) => {
    await page.goto("/faq");
    await visibleNavigation(page, testInfo)
      .getByRole("link", { name: `${BRAND_NAME} home` })
      .click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("button", { name: "Go back" })).toBeHidden();
  });

  test("the mobile back button returns to the previous page", async ({ page }, testInfo) => {
    test.skip(!isMobileProject(testInfo), "mobile navigation only");
    await page.goto("/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ", exact: true }).click();
    await expectPageHeading(page, "Frequently Asked Questions");
    await page.getByRole("button", { name: "Go back" }).click();
    await expect(page).toHaveURL("/about");
  });
});

test.describe("search box", () => {
  test("Enter goes to the results URL with the query as typed", async ({ page }, testInfo) => {
    await page.goto("/");
    const field = navigationSearchField(page, testInfo);
    await field.fill(" cats & dogs ");
    await field.press("Enter");
    await expect(page).toHaveURL("/results?query=%20cats%20%26%20dogs%20&page=1");
    await expectPageHeading(page, "Results for “ cats & dogs ”");
    await expect(field).toHaveValue(" cats & dogs ");
  });

  test("the Search button submits too, even with an empty query", async ({ page }, testInfo) => {
    await page.goto("/faq");
    await visibleNavigation(page, testInfo).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/results?query=&page=1");
  });
});

test.describe("account menu", () => {
  test("signed out", async ({ page }, testInfo) => {
    await page.goto("/");
    await visibleNavigation(page, testInfo).getByRole("button", { name: "Account menu" }).click();
    const menu = page.getByRole("menu");
    const expected = isMobileProject(testInfo)
      ? ["Login", "No Account? Sign Up Instead", "About Us", "FAQs"]
      : ["Login or Create Account", "About Us", "FAQs"];
    await expect(menu.getByRole("menuitem")).toHaveText(expected);
    await menu.getByRole("menuitem", { name: "FAQs" }).click();
    await expect(page).toHaveURL("/faq");
  });

  test("signed in", async ({ page, signedIn: _account }, testInfo) => {
    await page.goto("/");
    await visibleNavigation(page, testInfo).getByRole("button", { name: "Account menu" }).click();
    const menu = page.getByRole("menu");
    if (isMobileProject(testInfo)) {
      await expect(menu.getByRole("menuitem")).toHaveText([
        "Sales",
        "My Designs",
        "Orders",
        "Favorite Designs",
        "Followed Artists",
        "Product Designer",
        "About Us",
        "FAQs",
        "Logout",
      ]);
      await menu.getByRole("menuitem", { name: "Followed Artists" }).click();
      await expect(page).toHaveURL("/my-profile/followed-artist");
    } else {
      await expect(menu.getByText("Hi there!")).toBeVisible();
      await expect(menu.getByRole("menuitem")).toHaveText(["Profile", "Logout", "About", "FAQ"]);
      await menu.getByRole("menuitem", { name: "Profile" }).click();
      await expect(page).toHaveURL("/my-profile/seller-orders");
    }
  });

  test("works from the keyboard", async ({ page }, testInfo) => {
    test.skip(isMobileProject(testInfo), "keyboard use is a desktop concern");
    await page.goto("/");
    await page.getByRole("button", { name: "Account menu" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(page.getByRole("button", { name: "Account menu" })).toBeFocused();
  });
});

test.describe("cart icon", () => {
  test("with an empty cart it searches a popular term and hovering shows the empty-cart card", async ({
    page,
  }, testInfo) => {
    await page.goto("/about");
    const cart = visibleNavigation(page, testInfo).getByRole("link", { name: "Shopping cart, empty" });
    const href = await cart.getAttribute("href");
    const term = new URL(href ?? "", "http://x").searchParams.get("query");
    expect(EMPTY_CART_SEARCH_TERMS as readonly (string | null)[]).toContain(term);
    expect(href).toMatch(/&page=1$/);

    if (!isMobileProject(testInfo)) {
      await cart.hover();
      const summary = page.getByRole("region", { name: "Cart Summary" });
      await expect(summary).toBeVisible();
      await expect(summary.getByText("Oh no, your cart is empty.")).toBeVisible();
      await expect(summary.getByText("Add something lit to it!")).toBeVisible();
      await summary.getByRole("link", { name: "SHOP NOW" }).click();
      await expect(page).toHaveURL(/\/results\?query=.+&page=1$/);
      // The card goes with the page it was opened on.
      await expect(summary).toBeHidden();
    } else {
      await cart.click();
      await expect(page).toHaveURL(href ?? "");
    }
  });

  test("with items it shows the count, the cart summary, and goes to the cart", async ({
    page,
    context,
    baseURL,
    request,
  }, testInfo) => {
    await page.goto("/faq");
    const choice = await aCartChoice(request);
    const count = await addCartLineOverHttp(request, await pageAccessToken(page), {
      variantId: choice.variant.id,
      size: choice.size,
      color: choice.color,
      quantity: 3,
    });
    // The browser's copy of the count, as the app keeps it after an add.
    await context.addCookies([{ name: "shoppingCartCount", value: String(count), url: baseURL ?? "" }]);
    await page.reload();
    const cart = visibleNavigation(page, testInfo).getByRole("link", { name: "Shopping cart, 3 items" });
    await expect(cart).toContainText("3");
    if (!isMobileProject(testInfo)) {
      await cart.hover();
      const summary = page.getByRole("region", { name: "Cart Summary" });
      await expect(summary.getByRole("link", { name: choice.card.display_name })).toBeVisible();
      await expect(summary).toContainText("Qty 3");
      await expect(summary.getByRole("button", { name: "CHECKOUT" })).toBeVisible();
    }
    await cart.click();
    await expect(page).toHaveURL("/shopping-cart");
    await expectPageHeading(page, "Shopping Cart");
  });

  test("keyboard focus on the empty cart shows the card and reaches SHOP NOW", async ({ page }, testInfo) => {
    test.skip(isMobileProject(testInfo), "keyboard use is a desktop concern");
    await page.goto("/about");
    await page.getByRole("button", { name: "Account menu" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Shopping cart, empty" })).toBeFocused();
    const summary = page.getByRole("region", { name: "Cart Summary" });
    await expect(summary).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(summary.getByRole("link", { name: "SHOP NOW" })).toBeFocused();
    // The card is not a trap: Tab goes on to the page and the card closes behind it.
    await page.keyboard.press("Tab");
    await expect(summary).toBeHidden();
    await expect(page.getByRole("link", { name: "SHOP NOW" })).toHaveCount(0);
    // Escape closes it while the focus is on the icon.
    await page.getByRole("link", { name: "Shopping cart, empty" }).focus();
    await expect(summary).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(summary).toBeHidden();
    await expect(page.getByRole("link", { name: "Shopping cart, empty" })).toBeFocused();
  });

  test.describe("on a touch screen at desktop width", () => {
    test.use({ hasTouch: true });

    test("the first tap on the icon opens the card and the second follows the link", async ({ page }, testInfo) => {
      test.skip(isMobileProject(testInfo), "phones go straight to the cart (decision 019)");
      await page.goto("/about");
      const cart = visibleNavigation(page, testInfo).getByRole("link", { name: "Shopping cart, empty" });
      const href = (await cart.getAttribute("href")) ?? "";
      await cart.tap();
      await expect(page.getByRole("region", { name: "Cart Summary" })).toBeVisible();
      await expect(page).toHaveURL("/about");
      await cart.tap();
      await expect(page).toHaveURL(href);
    });
  });

  test("a cart count of 0 counts as empty", async ({ page, context, baseURL }, testInfo) => {
    await context.addCookies([{ name: "shoppingCartCount", value: "0", url: baseURL ?? "" }]);
    await page.goto("/");
    await expect(visibleNavigation(page, testInfo).getByRole("link", { name: "Shopping cart, empty" })).toBeVisible();
  });
});
