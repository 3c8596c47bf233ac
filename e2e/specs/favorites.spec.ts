import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page, TestInfo } from "@playwright/test";
import { expect, signInOverHttp, test } from "../accounts.ts";
import { BRAND_NAME, expectPageHeading, isMobileProject, visibleNavigation } from "../support.ts";

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

function screenshot(page: Page, testInfo: TestInfo, name: string) {
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, testInfo.project.name, `${name}.png`) });
}

/** A collection name no other test uses. */
function uniqueCollectionName(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The first design card heart on the page and the design's name (from the heart's accessible name). */
async function firstHeart(page: Page) {
  const heart = page.getByRole("button", { name: /^Favorite / }).first();
  await expect(heart).toBeVisible();
  const label = await heart.getAttribute("aria-label");
  if (!label) throw new Error("The heart has no accessible name");
  return { heart, designName: label.replace(/^Favorite /, "") };
}

/** Opens a profile tab the way each layout offers it: the side navigation, or the mobile account menu. */
async function openProfileTab(page: Page, testInfo: TestInfo, tab: "Favorite Designs" | "Followed Artists") {
  const navigation = visibleNavigation(page, testInfo);
  await navigation.getByRole("button", { name: /account menu/i }).click();
  if (isMobileProject(testInfo)) {
    await page.getByRole("menuitem", { name: tab }).click();
  } else {
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expectPageHeading(page, "Sales");
    await page.getByRole("navigation", { name: "Profile" }).getByRole("link", { name: tab }).click();
  }
  await expectPageHeading(page, tab);
}

test.describe("favourites", () => {
  // Whole customer journeys (sign-in over HTTP, several pages and requests) on two shared cores.
  test.slow();

  test("a shopper saves a home design into a new collection, sees it in Favorite Designs and removes it", async ({
    page,
    signedIn: _account,
  }, testInfo) => {
    const collection = uniqueCollectionName("Summer");
    await page.goto("/");
    const { heart, designName } = await firstHeart(page);
    await expect(heart).toHaveAttribute("aria-pressed", "false");

    await heart.click();
    const menu = page.getByRole("dialog", { name: `Save ${designName} to a list` });
    await expect(menu).toBeVisible();
    // Kept on a phone's screen and as wide as the spec says.
    const box = await menu.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (box && viewport) {
      expect(Math.round(box.width)).toBe(isMobileProject(testInfo) ? 175 : 250);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    await screenshot(page, testInfo, "favourites-menu-new-customer");

    await menu.getByRole("button", { name: "Create list" }).click();
    const dialog = page.getByRole("dialog", { name: "Name Your New Collection" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
    const nameField = dialog.getByLabel("Collection Name");
    await expect(nameField).toHaveAttribute("placeholder", "Collection Name");
    // The contract's rule, checked as typed.
    await nameField.fill("x");
    await nameField.fill("");
    await expect(dialog.getByText("Collection Name is required")).toBeVisible();
    await nameField.fill(collection);
    await screenshot(page, testInfo, "favourites-create-dialog");
    await dialog.getByRole("button", { name: "Create Collection" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Created ${collection} Collection`)).toBeVisible();

    // The menu is back, with the new collection in it, and the default list still offered beside it.
    const addToCollection = menu.getByRole("button", { name: `Add to ${collection}` });
    await expect(addToCollection).toHaveAttribute("aria-pressed", "false");
    await expect(menu.getByRole("button", { name: "Add to Favorites" })).toBeVisible();
    await screenshot(page, testInfo, "favourites-menu");
    await addToCollection.click();
    await expect(page.getByText(`Added ${designName} to ${collection} ❤️`)).toBeVisible();
    await expect(addToCollection).toHaveAttribute("aria-pressed", "true");
    await expect(heart).toHaveAttribute("aria-pressed", "true");

    // Escape closes the menu and gives the focus back to the heart.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(heart).toBeFocused();
    // The heart stays red after a reload: the server's list was stored.
    await page.reload();
    await expect((await firstHeart(page)).heart).toHaveAttribute("aria-pressed", "true");

    await openProfileTab(page, testInfo, "Favorite Designs");
    const section = page.getByRole("region", { name: collection });
    await expect(section.getByRole("heading", { name: designName })).toBeVisible();
    await expect(section.getByText("1 design", { exact: true })).toBeVisible();
    await screenshot(page, testInfo, "favourites-tab");

    await section.getByRole("button", { name: `Remove ${designName} from ${collection}` }).click();
    await expect(page.getByText(`Removed ${designName} from ${collection} 😢`)).toBeVisible();
    await expect(section.getByText("No designs in this list yet")).toBeVisible();
  });

  test("the menu works from the keyboard and closes on an outside press", async ({ page, signedIn: _account }) => {
    await page.goto("/");
    const { heart, designName } = await firstHeart(page);
    await heart.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: `Save ${designName} to a list` });
    await expect(menu).toBeVisible();
    // A customer without collections sees the default list and 'Create list'; the focus is inside the menu.
    await expect(menu.getByRole("button", { name: "Add to Favorites" })).toBeFocused();
    await expect(menu.getByRole("button", { name: "Create list" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`Added ${designName} to Favorites ❤️`)).toBeVisible();
    await expect(menu.getByRole("button", { name: "Add to Favorites" })).toHaveAttribute("aria-pressed", "true");
    await expect(heart).toHaveAttribute("aria-pressed", "true");

    await page.mouse.click(5, 400);
    await expect(menu).toBeHidden();

    // The same heart toggles the menu open and shut.
    await heart.click();
    await expect(menu).toBeVisible();
    await heart.click();
    await expect(menu).toBeHidden();
  });

  test("rename and delete a collection in Favorite Designs; a taken name is refused", async ({
    page,
    signedIn: _account,
  }, testInfo) => {
    const first = uniqueCollectionName("Gifts");
    const renamed = uniqueCollectionName("Presents");
    await page.goto("/my-profile/favorites");
    await expectPageHeading(page, "Favorite Designs");
    await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Designs" })).toBeVisible();

    const createDialog = page.getByRole("dialog", { name: "Name Your New Collection" });
    await page.getByRole("button", { name: "New Collection" }).click();
    await createDialog.getByLabel("Collection Name").fill(first);
    await createDialog.getByRole("button", { name: "Create Collection" }).click();
    await expect(page.getByText(`Created ${first} Collection`)).toBeVisible();
    await expect(page.getByRole("region", { name: first })).toBeVisible();

    await page.getByRole("button", { name: "New Collection" }).click();
    await createDialog.getByLabel("Collection Name").fill(`  ${first.toUpperCase()} `);
    await createDialog.getByRole("button", { name: "Create Collection" }).click();
    await expect(page.getByText("Collection Name has already been taken")).toBeVisible();

    await page.getByRole("button", { name: `Rename ${first}` }).click();
    const renameDialog = page.getByRole("dialog", { name: "Rename Collection" });
    await expect(renameDialog.getByLabel("Collection Name")).toHaveValue(first);
    await renameDialog.getByLabel("Collection Name").fill(renamed);
    await renameDialog.getByRole("button", { name: "Save Name" }).click();
    await expect(page.getByRole("region", { name: renamed })).toBeVisible();

    await page.getByRole("button", { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${renamed}?` });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await screenshot(page, testInfo, "favourites-confirm-delete");
    await confirm.getByRole("button", { name: "Delete Collection" }).click();
    await expect(page.getByText(`Deleted ${renamed} Collection`)).toBeVisible();
    await expect(page.getByRole("region", { name: renamed })).toBeHidden();
    await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
  });

  test("Show more pages through a collection of more than one page of designs", async ({
    page,
    request,
    signedIn: account,
  }, testInfo) => {
    // Fill a collection over HTTP: 26 designs, two more than the tab's first page.
    const { access_token: token } = await signInOverHttp(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const name = uniqueCollectionName("Big");
    const created = await request.post("/api/v1/customer_profile_design_collections", {
      headers,
      data: { display_name: name },
    });
    expect(created.status(), await created.text()).toBe(201);
    const collectionId = (await created.json()).data.id as number;
    const variantIds: number[] = [];
    for (const listingPage of [1, 2]) {
      const listing = await request.get(`/api/v1/internal_design_collections?query=&page=${listingPage}`);
      const cards = (await listing.json()).data as Array<{ default_seller_design_product_variant_id: number }>;
      variantIds.push(...cards.map((card) => card.default_seller_design_product_variant_id));
    }
    for (const variantId of variantIds.slice(0, 26)) {
      const liked = await request.post("/api/v1/liked_seller_design_product_variants", {
        headers,
        data: {
          liked_seller_design_product_variant: {
            customer_profile_design_collection_id: collectionId,
            seller_design_product_variant_id: variantId,
          },
        },
      });
      expect(liked.status(), await liked.text()).toBe(200);
    }

    await page.goto("/");
    await openProfileTab(page, testInfo, "Favorite Designs");
    const designsList = page.getByRole("list", { name: `Designs in ${name}` });
    await expect(designsList.getByRole("listitem")).toHaveCount(24);
    const showMore = page.getByRole("button", { name: `Show more designs in ${name}` });
    await expect(page.getByText("Showing the 24 most recently added of 26 designs.")).toBeVisible();
    await showMore.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "favorites-show-more");
    await showMore.click();
    await expect(designsList.getByRole("listitem")).toHaveCount(26);
    await expect(page.getByRole("button", { name: `Show more designs in ${name}` })).toHaveCount(0);
  });

  test("Favorite Designs shows ten collections at first and the rest on request", async ({
    page,
    request,
    signedIn: account,
  }, testInfo) => {
    const { access_token: token } = await signInOverHttp(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const names = Array.from({ length: 12 }, (_, index) => `List ${String(index + 1).padStart(2, "0")}`);
    for (const name of names) {
      const created = await request.post("/api/v1/customer_profile_design_collections", {
        headers,
        data: { display_name: name },
      });
      expect(created.status(), await created.text()).toBe(201);
    }

    await page.goto("/");
    await openProfileTab(page, testInfo, "Favorite Designs");
    await expect(page.getByRole("heading", { level: 2, name: "List 10" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "List 11" })).toHaveCount(0);
    await page.getByRole("button", { name: "Show more collections" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "List 12" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Rename / })).toHaveCount(12);
    await expect(page.getByRole("button", { name: "Show more collections" })).toHaveCount(0);
  });

  test("a guest's heart offers sign-in", async ({ page }) => {
    await page.goto("/");
    const { heart } = await firstHeart(page);
    await heart.click();
    await expect(page.getByRole("dialog", { name: `Log in to ${BRAND_NAME}` })).toBeVisible();
  });
});

test.describe("follows", () => {
  test.slow();

  test("follow an artist on the storefront, see them in Followed Artists, unfollow", async ({
    page,
    signedIn: _account,
  }, testInfo) => {
    await page.goto("/");
    // The first card's artist line leads to the storefront.
    const artistLink = page.getByRole("article").first().getByRole("link").last();
    const artistName = (await artistLink.textContent())?.trim() ?? "";
    expect(artistName).not.toBe("");
    await artistLink.click();
    await expectPageHeading(page, artistName);

    const follow = page.getByRole("button", { name: `Follow ${artistName}` });
    await expect(follow).toHaveAttribute("aria-pressed", "false");
    await expect(follow).toHaveText("Follow");
    await follow.click();
    await expect(follow).toHaveAttribute("aria-pressed", "true");
    await expect(follow).toHaveText("Following");

    // The design page shows the same state next to the artist.
    await page
      .getByRole("list", { name: `Designs by ${artistName}` })
      .getByRole("heading")
      .first()
      .click();
    await expect(page.getByRole("button", { name: `Follow ${artistName}` })).toHaveAttribute("aria-pressed", "true");

    await openProfileTab(page, testInfo, "Followed Artists");
    const section = page.getByRole("region", { name: artistName });
    await expect(
      section.getByRole("heading", { name: artistName }).getByRole("link", { name: artistName }),
    ).toHaveAttribute("href", /^\/artist\//);
    await expect(section.getByText(/\d+ designs?$/)).toBeVisible();
    await expect(section.getByText(/\d+ followers?$/)).toBeVisible();
    await expect(section.getByRole("list", { name: `Latest designs by ${artistName}` })).toBeVisible();
    await screenshot(page, testInfo, "followed-artists-tab");

    await section.getByRole("button", { name: `Unfollow ${artistName}` }).click();
    await expect(section).toBeHidden();
    await expect(page.getByRole("heading", { name: "You don't follow anyone yet" })).toBeVisible();
  });

  test("a guest's Follow offers sign-in", async ({ page }) => {
    await page.goto("/");
    const artistLink = page.getByRole("article").first().getByRole("link").last();
    const artistName = (await artistLink.textContent())?.trim() ?? "";
    await artistLink.click();
    await expectPageHeading(page, artistName);
    await page.getByRole("button", { name: `Follow ${artistName}` }).click();
    await expect(page.getByRole("dialog", { name: `Log in to ${BRAND_NAME}` })).toBeVisible();
  });
});
