import { formatCents } from "@threadfolk/contract/money";
import { artistEarningsPerSale } from "@threadfolk/contract/studio";
import { expect, seedSignedInStorage, signInOverHttp, test } from "../accounts.ts";
import { checkoutFromCart, payWithTestCard } from "../checkout.ts";
import { discPng, newWindowLikeThis, publishDesignOverHttp } from "../studio.ts";
import { expectPageHeading, navigationSearchField } from "../support.ts";

/**
 * The artist's side end to end (issue 14): a new customer opens a storefront on /seller-profile (with an
 * avatar uploaded through the studio's resumable client), a design is published (over HTTP here: the product
 * designer's screens are product-designer.spec.ts's journey), shoppers find it by search and on the storefront,
 * one buys it by card, the artist reads the sale and the earnings in Sales, then deactivates it on My Designs
 * and it leaves search.
 */
test("a new artist opens a storefront, a shopper buys their design, the artist sees the sale and deactivates it", async ({
  page,
  request,
  browser,
  account,
}, testInfo) => {
  // Two people, a purchase and a fresh server rendering each mockup on its first request.
  test.slow();
  const tokens = await signInOverHttp(request, account);
  await seedSignedInStorage(page, tokens);
  const username = `art_${account.username}`.slice(0, 20);
  const title = `Teal Hills ${account.username}`;

  // The storefront, opened by the customer on /seller-profile.
  await page.goto("/seller-profile");
  await expectPageHeading(page, "Open your storefront");
  await page.getByLabel("Display name").fill(`Studio ${account.username}`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Bio").fill("Sunsets, hills and the odd moth.");
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: discPng(600) });
  await expect(page.getByRole("img", { name: "Avatar preview" })).toBeVisible({ timeout: 30_000 });
  const open = page.getByRole("button", { name: "Open My Storefront" });
  await open.click();
  await expect(page.getByText("Agree to the seller program terms", { exact: false }).first()).toBeVisible();
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await open.click();
  await expectPageHeading(page, "Your storefront");

  // A design, published from a PNG over the drafts API.
  const design = await publishDesignOverHttp(
    request,
    { token: tokens.access_token, username },
    { title, tag: `hills${account.username}`.slice(0, 30), priceCents: 2600 },
  );

  // On the storefront at once.
  await page.getByRole("link", { name: "View your storefront" }).click();
  await expect(page).toHaveURL(new RegExp(`/artist/${username}/`));
  await expect(page.getByRole("main").getByRole("article").filter({ hasText: title })).toBeVisible();

  // A shopper finds it by search and buys it by card.
  const shopper = await newWindowLikeThis(browser, testInfo);
  await shopper.goto("/");
  const search = navigationSearchField(shopper, testInfo);
  await search.fill(title);
  await search.press("Enter");
  const result = shopper.getByRole("main").getByRole("article").filter({ hasText: title });
  await expect(result).toBeVisible();
  // The results may still be settling (a refetch replaces the cards): a click that lands on a card being replaced
  // is made again, until the design page opens.
  const designUrl = new RegExp(design.uuid);
  await expect(async () => {
    if (!designUrl.test(shopper.url()))
      await result.getByRole("link", { name: title }).first().click({ timeout: 3000 });
    await expect(shopper).toHaveURL(designUrl, { timeout: 3000 });
  }).toPass();
  await shopper.getByRole("group", { name: "Size" }).getByText("L", { exact: true }).click();
  await shopper.getByRole("button", { name: "Add to Cart" }).click();
  await expect(shopper.getByRole("link", { name: "Shopping cart, 1 item" }).first()).toBeAttached();
  await shopper.goto("/shopping-cart");
  await checkoutFromCart(shopper, `shopper.${account.email}`);
  await payWithTestCard(shopper);
  await shopper.context().close();

  // The artist reads the sale in Sales (the ledger is written by a job right after the payment).
  const earned = formatCents(artistEarningsPerSale(design.priceCents, design.baseCostCents));
  await page.goto("/my-profile/seller-orders");
  const soldLines = page.getByRole("region", { name: "Sold items" });
  await expect(async () => {
    await page.reload();
    await expect(soldLines.getByText(title)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(soldLines.getByText(earned).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Earnings totals" }).getByText(earned).first()).toBeVisible();

  // Deactivated on My Designs through the confirm dialog, it leaves search.
  await page.goto("/my-profile/my-designs");
  await page.getByRole("button", { name: `Deactivate Design: ${title}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Deactivate ${title}?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await dialog.getByRole("button", { name: "Deactivate Design" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Reactivate ${title}` })).toBeVisible();
  await page.goto(`/results?query=${encodeURIComponent(`hills${account.username}`.slice(0, 30))}&page=1`);
  const results = page.getByRole("main").getByRole("article");
  await expect(results.or(page.getByText(/No designs match/)).first()).toBeVisible();
  await expect(page.getByRole("main").getByRole("article").filter({ hasText: title })).toHaveCount(0);
});
