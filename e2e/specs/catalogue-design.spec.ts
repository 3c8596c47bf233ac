import { expect, test } from "@playwright/test";
import { colorDisplayName } from "@threadfolk/contract/colors";
import { aDesign, anArtistWithTwoPages, designPathOf } from "../catalogue.ts";
import { BRAND_NAME, collectPageErrors, expectPageHeading } from "../support.ts";

test.describe("design page", () => {
  test("card -> design page -> colour change updates the image and the URL", async ({ page, request }) => {
    // A fresh server renders each image on its first request: the home page's first view keeps it busy.
    test.slow();
    const errors = collectPageErrors(page);
    const card = await aDesign(request);
    await page.goto("/");
    await page
      .getByRole("region", { name: "Popular", exact: true })
      .getByRole("link", { name: new RegExp(card.display_name) })
      .first()
      .click();
    await expect(page).toHaveURL(designPathOf(card), { timeout: 20_000 });
    await expectPageHeading(page, card.display_name);
    await expect(page).toHaveTitle(`${card.display_name} by ${card.artist_name} | ${BRAND_NAME}`);

    await expect(page.getByRole("radio", { name: colorDisplayName(card.default_color), exact: true })).toBeChecked();
    const mockup = page.getByRole("img", { name: new RegExp(`^${card.display_name} on a`) });
    await expect(mockup).toHaveAttribute("src", new RegExp(`-${card.default_color}-\\d+\\.webp`));

    const next = card.default_color === "navy" ? "white" : "navy";
    // The swatch is the radio's label; the radio itself is visually hidden.
    await page.getByTitle(colorDisplayName(next), { exact: true }).click();
    await expect(page.getByRole("radio", { name: colorDisplayName(next), exact: true })).toBeChecked();
    await expect(page).toHaveURL(`/design/${card.uuid}/${card.slug}/${next}`);
    await expect(mockup).toHaveAttribute("src", new RegExp(`-${next}-\\d+\\.webp`));
    await expect(mockup).toHaveAttribute("srcset", /320w.*640w.*1024w/);
    await expect(page.getByText(`Color: ${colorDisplayName(next)}`)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("style, sizes, quantity, tags and more by this artist", async ({ page, request }) => {
    const card = await aDesign(request);
    await page.goto(designPathOf(card));
    await expectPageHeading(page, card.display_name);
    const styles = page.getByRole("group", { name: "Style and fit" });
    await expect(styles.getByRole("radio").first()).toBeChecked();
    const sizes = page.getByRole("group", { name: "Size" });
    const sizeLabels = await sizes
      .getByRole("radio")
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const order = ["XS", "S", "M", "L", "XL", "2XL", "3XL", "4XL", "5XL"];
    expect(sizeLabels).toEqual([...sizeLabels].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    await expect(page.getByRole("link", { name: "Size chart", exact: true })).toHaveAttribute(
      "href",
      /^\/size-charts#(mens-tee|womens-tee|hoodie|tank-top|long-sleeve)$/,
    );
    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    await quantity.fill("3");
    await expect(quantity).toHaveValue("3");
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity).toHaveValue("4");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`Art By ${card.artist_name}`) })).toHaveAttribute(
      "href",
      `/artist/${card.artist_unique_username}/${card.artist_uuid}`,
    );
    await expect(page.getByRole("region", { name: "More by this artist" }).getByRole("article").first()).toBeVisible();
    const tag = page.getByRole("region", { name: "Tags" }).getByRole("link").first();
    const tagText = ((await tag.textContent()) ?? "").replace(/^#/, "");
    await tag.click();
    await expect(page).toHaveURL(`/results?query=${encodeURIComponent(tagText)}&page=1`);
    await expectPageHeading(page, `Results for “${tagText}”`);
  });

  test("the size chart link opens the chart of the chosen style", async ({ page, request }) => {
    const card = await aDesign(request);
    await page.goto(designPathOf(card));
    await expectPageHeading(page, card.display_name);
    const link = page.getByRole("link", { name: "Size chart", exact: true });
    const anchor = ((await link.getAttribute("href")) ?? "").split("#")[1];
    expect(anchor).toBeTruthy();
    await link.click();
    await expect(page).toHaveURL(`/size-charts#${anchor}`);
    await expect(page.locator(`[id="${anchor}-heading"]`)).toBeInViewport();
  });

  test("an unknown design shows a not-found state", async ({ page }) => {
    const response = await page.goto("/design/00000000-0000-4000-8000-000000000000/nothing/black");
    expect(response?.status()).toBe(404);
    await expectPageHeading(page, "Design not found");
  });
});

test.describe("artist storefront", () => {
  test("artist link -> storefront -> page 2", async ({ page, request }) => {
    const artist = await anArtistWithTwoPages(request);
    await page.goto(designPathOf(artist.card));
    await page.getByRole("link", { name: new RegExp(`Art By ${artist.name}`) }).click();
    await expect(page).toHaveURL(artist.path);
    await expectPageHeading(page, artist.name);
    await expect(page).toHaveTitle(`${artist.name}'s shop | ${BRAND_NAME}`);
    await expect(page.getByText(`@${artist.username}`)).toBeVisible();
    await expect(page.getByText(/\d+ designs/)).toBeVisible();
    await expect(page.getByText(/\d+ followers?/)).toBeVisible();
    const designs = page.getByRole("region", { name: "Designs" }).getByRole("article");
    await expect(designs).toHaveCount(24);
    const firstOnPageOne = await designs.first().getByRole("heading").textContent();
    await page
      .getByRole("navigation", { name: "Pagination" })
      .getByRole("link", { name: "Page 2", exact: true })
      .click();
    await expect(page).toHaveURL(`${artist.path}?page=2`);
    await expect(designs.first()).toBeVisible();
    await expect(designs.first().getByRole("heading")).not.toHaveText(firstOnPageOne ?? "");
    await expect(
      page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2", exact: true }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("an unknown artist shows a not-found state", async ({ page }) => {
    const response = await page.goto("/artist/nobody/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expectPageHeading(page, "Artist not found");
  });
});
