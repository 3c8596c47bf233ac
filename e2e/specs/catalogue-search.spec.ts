import { expect, test } from "@playwright/test";
import { expectPageHeading, navigationSearchField } from "../support.ts";

test.describe("search", () => {
  test("searching from the bar shows results, and a typo still finds them", async ({ page }, testInfo) => {
    await page.goto("/");
    const field = navigationSearchField(page, testInfo);
    await field.fill("war hammer");
    await field.press("Enter");
    await expect(page).toHaveURL("/results?query=war%20hammer&page=1");
    await expectPageHeading(page, "Results for “war hammer”");
    const results = page.getByRole("main").getByRole("article");
    await expect(results.filter({ hasText: "Forge of the War Hammer" }).first()).toBeVisible();

    // The seed's "Forge of the War Hammer" is tagged warhammer; one letter short still finds it.
    await field.fill("warhamer");
    await field.press("Enter");
    await expect(page).toHaveURL("/results?query=warhamer&page=1");
    await expectPageHeading(page, "Results for “warhamer”");
    await expect(results.filter({ hasText: "Forge of the War Hammer" }).first()).toBeVisible();
    await expect(page.getByText(/^\d+ designs?$/)).toBeVisible();
  });

  test("a word no design has is left out, and the page says so", async ({ page }) => {
    await page.goto(`/results?query=${encodeURIComponent("hammer zorblaxian")}&page=1`);
    await expectPageHeading(page, "Results for “hammer zorblaxian”");
    await expect(
      page.getByText("No designs mention “zorblaxian”, so these match the rest of your search."),
    ).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("article").filter({ hasText: "Forge of the War Hammer" }).first(),
    ).toBeVisible();
  });

  test("suggestions appear while typing; arrow keys and Enter open one, Escape closes", async ({ page }, testInfo) => {
    await page.goto("/about");
    const field = navigationSearchField(page, testInfo);
    await field.pressSequentially("war", { delay: 60 });
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(listbox).toBeVisible();
    await expect(field).toHaveAttribute("aria-expanded", "true");
    await expect(listbox.getByRole("group", { name: "Designs" }).getByRole("option").first()).toBeVisible();
    await expect(listbox.getByRole("option", { name: "warhammer" })).toBeVisible();

    await field.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(field).toHaveValue("war");

    await field.press("ArrowDown");
    await expect(listbox).toBeVisible();
    const firstOption = listbox.getByRole("option").first();
    await expect(firstOption).toHaveAttribute("aria-selected", "true");
    await expect(field).toHaveAttribute("aria-activedescendant", (await firstOption.getAttribute("id")) ?? "");
    const name = (await firstOption.textContent()) ?? "";
    await field.press("Enter");
    await expect(page).toHaveURL(/\/design\/[0-9a-f-]{36}\/[^/]+\/[a-z_]+$/);
    await expectPageHeading(page, name);
  });

  test("a tag suggestion searches for the tag; Enter without a highlight searches the text as typed", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    const field = navigationSearchField(page, testInfo);
    await field.pressSequentially("warh", { delay: 60 });
    await page.getByRole("option", { name: "warhammer" }).click();
    await expect(page).toHaveURL("/results?query=warhammer&page=1");
    await expectPageHeading(page, "Results for “warhammer”");

    await field.fill(" kawaii ");
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
    await field.press("Enter");
    await expect(page).toHaveURL("/results?query=%20kawaii%20&page=1");
  });

  test("sort, empty results and a bad page number", async ({ page }) => {
    await page.goto("/results?query=kawaii&page=1");
    await expectPageHeading(page, "Results for “kawaii”");
    await page.getByLabel("Sort by").selectOption({ label: "Newest" });
    await expect(page).toHaveURL("/results?query=kawaii&page=1&sort=newest");
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();

    await page.goto("/results?query=qqzzxxqq&page=1");
    await expect(page.getByText("No designs match “qqzzxxqq”.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Designs" })).toBeVisible();

    await page.goto("/results?query=kawaii&page=banana");
    await expect(page).toHaveURL("/results?query=kawaii&page=1");
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();

    await page.goto("/results?query=kawaii&page=999");
    await expect(page.getByText(/There is no page 999/)).toBeVisible();
  });

  test("an empty search helps; Browse filters by style, colour and price through the URL", async ({ page }) => {
    await page.goto("/results?query=&page=1");
    await expectPageHeading(page, "Search for designs");
    await expect(page.getByText(/Type a theme, a character, an artist/)).toBeVisible();
    await expect(page.getByText("Results for “”")).toHaveCount(0);
    await page.getByRole("link", { name: "Browse Designs" }).click();
    await expect(page).toHaveURL("/results?home-collection=browse&page=1");
    await expectPageHeading(page, "Browse Designs");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards.first()).toBeVisible();

    await page.getByLabel("Style").selectOption({ label: "Pullover Hoodie" });
    await expect(page).toHaveURL("/results?home-collection=browse&page=1&style=hoodie");
    await page.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
    await expect(page).toHaveURL("/results?home-collection=browse&page=1&sort=price_asc&style=hoodie");
    await expect(cards.first()).toBeVisible();
    // The cards come in the order of the price they show (the sale price first on a card on sale).
    const shown = async () =>
      (await cards.allInnerTexts()).map((text) => Number(/\$(\d+\.\d\d)/.exec(text)?.[1] ?? Number.NaN));
    // The previous order stays on screen until the sorted page arrives: wait for it.
    const isSorted = (prices: number[]) =>
      prices.length > 1 && prices.every((price, index) => index === 0 || (prices[index - 1] as number) <= price);
    await expect.poll(async () => isSorted(await shown()), { timeout: 15_000 }).toBe(true);

    await page.getByLabel("Color").selectOption({ label: "Black" });
    await expect(page).toHaveURL("/results?home-collection=browse&page=1&sort=price_asc&style=hoodie&color=black");
    await page.goBack();
    await expect(page).toHaveURL("/results?home-collection=browse&page=1&sort=price_asc&style=hoodie");
    await expect(page.getByLabel("Color")).toHaveValue("");
    await expect(page.getByLabel("Style")).toHaveValue("hoodie");

    await page.getByLabel("Price").selectOption({ label: "Under $20" });
    await expect(page).toHaveURL(/&price_under=20$/);
    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL("/results?home-collection=browse&page=1&sort=price_asc");
    await expect(cards.first()).toBeVisible();
  });
});
