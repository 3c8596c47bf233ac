import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { colorDisplayName } from "@threadfolk/contract/colors";
import { DEFAULT_COLLECTION_NAME } from "@threadfolk/contract/favorites";
import { DELIVERY_ESTIMATE_NOTE, SHIPPING_OPTIONS } from "@threadfolk/contract/shipping";
import { test as signedInTest } from "../accounts.ts";
import { aDesign, anArtistWithTwoPages, designPathOf } from "../catalogue.ts";
import { BRAND_NAME, collectPageErrors, expectPageHeading, isMobileProject } from "../support.ts";

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function boxOf(box: Box | null): Box {
  if (!box) throw new Error("the element has no box");
  return box;
}

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

  test("a design page, its product head tags included, has no axe violations", async ({ page, request }) => {
    const card = await aDesign(request);
    await page.goto(designPathOf(card));
    await expectPageHeading(page, card.display_name);
    await expect(page.getByRole("img", { name: new RegExp(`^${card.display_name} on a`) })).toBeVisible();
    // The page as served for search engines and link previews: schema.org Product in JSON-LD, Open Graph price.
    const structuredData = JSON.parse(
      (await page.locator('head script[type="application/ld+json"]').textContent()) ?? "{}",
    ) as { "@type"?: string; name?: string };
    expect(structuredData).toMatchObject({ "@type": "Product", name: card.display_name });
    await expect(page.locator('head meta[property="product:price:amount"]')).toHaveAttribute("content", /^\d+\.\d{2}$/);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    // The head was checked too: the document's title and language.
    expect(results.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(["document-title", "html-has-lang"]));
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

signedInTest.describe("design page details", () => {
  signedInTest(
    "the design's heart saves it to a list; Follow sits on the artist row; the size chart has room; the details tell fabric, fit, care, delivery and refunds",
    async ({ page, request, signedIn: _account }, testInfo) => {
      signedInTest.slow();
      const errors = collectPageErrors(page);
      const card = await aDesign(request);
      const detail = (await (await request.get(`/api/v1/designs/${card.uuid}`)).json()) as {
        data: {
          attributes: {
            variants: Array<{ garment_style_display_name: string; fit: string; sizes: string[] }>;
          };
        };
      };
      const variants = detail.data.attributes.variants;
      await page.goto(designPathOf(card));
      await expectPageHeading(page, card.display_name);
      const addToCart = page.getByRole("button", { name: "Add to Cart" });
      if (!isMobileProject(testInfo)) await expect(addToCart).toBeInViewport();

      // Follow shares the artist line's row (centred on it), or wraps under it flush with its left edge.
      const artistLine = boxOf(
        await page.getByRole("link", { name: new RegExp(`Art By ${card.artist_name}`) }).boundingBox(),
      );
      const follow = boxOf(
        await page
          .getByRole("button", { name: /^Follow/ })
          .first()
          .boundingBox(),
      );
      const sameRow = Math.abs(follow.y + follow.height / 2 - (artistLine.y + artistLine.height / 2)) <= 2;
      const underFlush = follow.y >= artistLine.y + artistLine.height && Math.abs(follow.x - artistLine.x) <= 1;
      expect(sameRow || underFlush, JSON.stringify({ artistLine, follow })).toBe(true);
      if (!isMobileProject(testInfo)) expect(sameRow).toBe(true);

      // 'Size chart' overlaps no size, so a thumb aiming at 2XL gets 2XL.
      const sizeChart = boxOf(await page.getByRole("link", { name: "Size chart", exact: true }).boundingBox());
      const sizeBoxes = await page
        .getByRole("group", { name: "Size" })
        .locator("label")
        .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().toJSON() as Box));
      expect(sizeBoxes.length).toBeGreaterThan(0);
      for (const size of sizeBoxes) expect(overlaps(sizeChart, size), JSON.stringify({ sizeChart, size })).toBe(false);
      if (isMobileProject(testInfo)) expect(sizeChart.height).toBeGreaterThanOrEqual(44);

      // The details sit under the buy controls and open in place.
      const details = page.getByRole("region", { name: "Product details" });
      expect(boxOf(await details.boundingBox()).y).toBeGreaterThan(boxOf(await addToCart.boundingBox()).y);
      const [first, second] = variants;
      if (!first) throw new Error("the design has no styles");
      await expect(details.getByText(`${first.garment_style_display_name} (${first.fit}).`)).toBeVisible();
      await expect(
        details.getByText(`Sizes ${first.sizes[0]} to ${first.sizes[first.sizes.length - 1]}.`),
      ).toBeVisible();
      if (second) {
        // The styles' pills are the radios' labels, in the reply's order.
        await page.getByRole("group", { name: "Style and fit" }).locator("label").nth(1).click();
        await expect(details.getByText(`${second.garment_style_display_name} (${second.fit}).`)).toBeVisible();
        await expect(
          details.getByText(`Sizes ${second.sizes[0]} to ${second.sizes[second.sizes.length - 1]}.`),
        ).toBeVisible();
      }
      await expect(details.getByText("Machine wash cold, inside out, to keep the print bright.")).toBeHidden();
      await details.getByText("Care", { exact: true }).click();
      await expect(details.getByText("Machine wash cold, inside out, to keep the print bright.")).toBeVisible();
      await details.getByText("Printing and delivery", { exact: true }).click();
      for (const option of SHIPPING_OPTIONS)
        await expect(details.getByText(`${option.displayName}: ${option.deliveryEstimate}`).last()).toBeVisible();
      await expect(details.getByText(DELIVERY_ESTIMATE_NOTE, { exact: false })).toBeVisible();
      await details.getByText("Returns and refunds", { exact: true }).click();
      await expect(details.getByText(/within 30 days of delivery for a free reprint or your money back/)).toBeVisible();
      await expect(details.getByRole("link", { name: "Refund Policy" })).toHaveAttribute("href", "/refund-policy");

      // The design's own heart opens the collections menu, as a card's does, and saves the design.
      const heart = page.getByRole("button", { name: `Favorite ${card.display_name}`, exact: true });
      await expect(heart).toHaveCount(1);
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await heart.click();
      const menu = page.getByRole("dialog", { name: `Save ${card.display_name} to a list` });
      await expect(menu).toBeVisible();
      await menu.getByRole("button", { name: `Add to ${DEFAULT_COLLECTION_NAME}` }).click();
      await expect(page.getByText(`Added ${card.display_name} to ${DEFAULT_COLLECTION_NAME}`)).toBeVisible();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(heart).toBeFocused();
      expect(errors).toEqual([]);
    },
  );
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
