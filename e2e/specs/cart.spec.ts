import { expect, test } from "@playwright/test";
import { colorDisplayName } from "@threadfolk/contract/colors";
import { aCartChoice, addCartLineOverHttp, pageAccessToken } from "../cart.ts";
import { designPathOf } from "../catalogue.ts";
import { createArtistOverHttp, deactivateDesignOverHttp, publishDesignOverHttp } from "../studio.ts";
import { collectPageErrors, expectPageHeading, isMobileProject, visibleNavigation } from "../support.ts";

test.describe("cart", () => {
  test("design page -> style, colour, size, quantity -> Add to Cart -> badge -> summary -> cart page -> quantity -> checkout -> remove -> empty", async ({
    page,
    request,
  }, testInfo) => {
    // A fresh server renders each mockup on its first request.
    test.slow();
    const errors = collectPageErrors(page);
    const choice = await aCartChoice(request);
    const name = choice.card.display_name;
    const nav = visibleNavigation(page, testInfo);

    await page.goto(designPathOf(choice.card));
    await expectPageHeading(page, name);
    await expect(nav.getByRole("link", { name: "Shopping cart, empty" })).toBeVisible();

    if (choice.hasStyleChoice) {
      const styles = page.getByRole("group", { name: "Style and fit" });
      await styles.getByText(choice.variant.garment_style_display_name).first().click();
    }
    await page.getByTitle(colorDisplayName(choice.color), { exact: true }).click();
    await expect(page.getByRole("radio", { name: colorDisplayName(choice.color), exact: true })).toBeChecked();

    // No size yet: the error shows under the sizes and nothing is added.
    const addToCart = page.getByRole("button", { name: "Add to Cart" });
    await addToCart.click();
    const sizes = page.getByRole("group", { name: "Size" });
    await expect(sizes.getByRole("alert")).toHaveText("Choose a size");
    await expect(nav.getByRole("link", { name: "Shopping cart, empty" })).toBeVisible();

    await sizes.getByText(choice.size, { exact: true }).click();
    await expect(sizes.getByRole("radio", { name: choice.size, exact: true })).toBeChecked();
    await expect(sizes.getByRole("alert")).toHaveCount(0);
    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    await expect(quantity).toHaveValue("1");
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity).toHaveValue("2");

    await addToCart.click();
    // The toast is a status message (a polite live region), and it never covers the navigation bar: at the top,
    // under the bar (decision 045).
    const toast = page.getByRole("status").filter({ hasText: `Added 2 × ${name} to your cart` });
    await expect(toast).toBeVisible();
    const headerBottom = await page
      .getByRole("banner")
      .first()
      .evaluate((header) => header.getBoundingClientRect().bottom);
    await expect
      .poll(() => toast.evaluate((message) => message.closest("li")?.getBoundingClientRect().top ?? 0))
      .toBeGreaterThanOrEqual(headerBottom);
    await expect(nav.getByRole("link", { name: "Shopping cart, 2 items" })).toContainText("2");

    if (isMobileProject(testInfo)) {
      // Phones: the icon goes straight to the cart (decision 019).
      await nav.getByRole("link", { name: "Shopping cart, 2 items" }).click();
    } else {
      await nav.getByRole("link", { name: "Shopping cart, 2 items" }).hover();
      const summary = page.getByRole("region", { name: "Cart Summary" });
      await expect(summary.getByRole("link", { name })).toBeVisible();
      await expect(summary).toContainText(`${colorDisplayName(choice.color)} · Size ${choice.size} · Qty 2`);
      await expect(summary).toContainText("TOTAL");
      await summary.getByRole("link", { name: "View Cart" }).click();
      await expect(summary).toBeHidden();
    }

    await expect(page).toHaveURL("/shopping-cart");
    await expectPageHeading(page, "Shopping Cart");
    const line = page.getByRole("article", { name });
    await expect(line).toContainText(choice.size);
    await expect(line).toContainText(colorDisplayName(choice.color));
    const lineQuantity = line.getByRole("spinbutton", { name: "Quantity" });
    await expect(lineQuantity).toHaveValue("2");
    const totalBefore = await page.getByRole("region", { name: "Order Summary" }).textContent();

    await line.getByRole("button", { name: "Increase quantity" }).click();
    await expect(lineQuantity).toHaveValue("3");
    await expect(nav.getByRole("link", { name: "Shopping cart, 3 items" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary).toContainText("Subtotal (3 items)");
    expect(await summary.textContent()).not.toEqual(totalBefore);

    // CHECKOUT hands the cart to the shipping step in navigation state (spec section 2).
    await summary.getByRole("button", { name: "CHECKOUT" }).click();
    await expect(page).toHaveURL("/order-shipping-details");
    const state = await page.evaluate(
      () =>
        (window.history.state as { usr?: { order?: { type: string }; lineItems?: Array<{ attributes: object }> } }).usr,
    );
    expect(state?.order?.type).toBe("order");
    expect(state?.lineItems).toHaveLength(1);
    expect(state?.lineItems?.[0]?.attributes).toMatchObject({ displayName: name, quantity: 3, size: choice.size });
    await page.goBack();
    await expectPageHeading(page, "Shopping Cart");

    await line.getByRole("button", { name: /^Remove / }).click();
    await expect(page.getByText(`Removed ${name} from your cart`)).toBeVisible();
    await expect(page.getByText("Oh no, your cart is empty.")).toBeVisible();
    await expect(page.getByText("Add something lit to it!")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Shopping cart, empty" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "SHOP NOW" }).click();
    await expect(page).toHaveURL(/\/results\?query=.+&page=1$/);
    expect(errors).toEqual([]);
  });

  test("a design its artist deactivates stays in the cart as no longer available, blocks CHECKOUT, and Remove takes it out", async ({
    page,
    request,
  }) => {
    // Publishing renders mockups through the job queue.
    test.slow();
    const errors = collectPageErrors(page);
    const artist = await createArtistOverHttp(request);
    const design = await publishDesignOverHttp(request, artist);
    let variantId = 0;
    await expect
      .poll(
        async () => {
          const response = await request.get(`/api/v1/designs/${design.uuid}`);
          if (!response.ok()) return 0;
          const body = (await response.json()) as { data: { attributes: { variants: Array<{ id: number }> } } };
          variantId = body.data.attributes.variants[0]?.id ?? 0;
          return variantId;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);

    await page.goto("/");
    await addCartLineOverHttp(request, await pageAccessToken(page), { variantId, size: "M", color: "white" });
    await deactivateDesignOverHttp(request, artist, design.uuid);

    await page.goto("/shopping-cart");
    await expectPageHeading(page, "Shopping Cart");
    const gone = page.getByRole("region", { name: "NO LONGER AVAILABLE" });
    await expect(gone.getByRole("article", { name: design.title })).toContainText("This design is not available");
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary).toContainText("Remove the items that are no longer available to check out.");
    await expect(summary.getByRole("button", { name: "CHECKOUT" })).toBeDisabled();

    // The shipping step reached anyway goes back to the cart and says why.
    await page.goto("/order-shipping-details");
    await expect(page).toHaveURL("/shopping-cart");
    await expect(page.getByText(`${design.title} is no longer available: remove it from your cart`)).toBeVisible();

    await gone.getByRole("button", { name: `Remove ${design.title},` }).click();
    await expect(page.getByText(`Removed ${design.title} from your cart`)).toBeVisible();
    await expect(gone).toHaveCount(0);
    await expect(page.getByText("Oh no, your cart is empty.")).toBeVisible();
    expect(errors).toEqual([]);
  });
});
