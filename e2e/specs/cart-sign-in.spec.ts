import { colorDisplayName } from "@threadfolk/contract/colors";
import { expect, signInOverHttp, test } from "../accounts.ts";
import { aCartChoice, addCartLineOverHttp } from "../cart.ts";
import { designPathOf, homeCollections } from "../catalogue.ts";
import { BRAND_NAME, expectPageHeading, isMobileProject, visibleNavigation } from "../support.ts";

const SIGN_IN_TITLE = `Log in to ${BRAND_NAME}`;

test.describe("cart across sign-in", () => {
  test("a guest fills a cart, signs in, and finds the lines in the customer's cart; signing out leaves them there", async ({
    page,
    request,
    account,
  }, testInfo) => {
    test.slow();
    const nav = visibleNavigation(page, testInfo);
    const popular = (await homeCollections(request))("popular").cards;
    const [customerCard, guestCard] = [popular[0], popular[1]];
    if (!customerCard || !guestCard) throw new Error("The popular collection needs two designs");

    // The customer already has one item in their cart (put there from another device).
    const customerChoice = await aCartChoice(request, customerCard);
    const customer = await signInOverHttp(request, account);
    await addCartLineOverHttp(request, customer.access_token, {
      variantId: customerChoice.variant.id,
      size: customerChoice.size,
      color: customerChoice.color,
    });

    // As a guest: two of another design.
    const guestChoice = await aCartChoice(request, guestCard);
    await page.goto(designPathOf(guestCard));
    await expectPageHeading(page, guestCard.display_name);
    if (guestChoice.hasStyleChoice) {
      await page
        .getByRole("group", { name: "Style and fit" })
        .getByText(guestChoice.variant.garment_style_display_name)
        .first()
        .click();
    }
    await page.getByTitle(colorDisplayName(guestChoice.color), { exact: true }).click();
    await page.getByRole("group", { name: "Size" }).getByText(guestChoice.size, { exact: true }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(nav.getByRole("link", { name: "Shopping cart, 2 items" })).toBeVisible();
    // The "added" toast sits over the phone's navigation bar until it times out; a pointer resting on it would
    // hold it open (toasts pause while hovered), so the account menu is reached once it has gone.
    await expect(page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")).toHaveCount(0, {
      timeout: 10_000,
    });

    // Signing in is what this test is about (the server merges the guest's cart): it goes through the modal.
    await nav.getByRole("button", { name: "Account menu" }).click();
    await page
      .getByRole("menu")
      .getByRole("menuitem", { name: isMobileProject(testInfo) ? "Login" : "Login or Create Account", exact: true })
      .click();
    const dialog = page.getByRole("dialog", { name: SIGN_IN_TITLE });
    await dialog.getByLabel("Email").fill(account.email);
    await dialog.getByLabel("Password").fill(account.password);
    await dialog.getByRole("button", { name: "Login" }).click();
    await expect(dialog).toBeHidden();

    // The badge counts the merged cart without a reload: the customer's one and the guest's two.
    await expect(nav.getByRole("link", { name: "Shopping cart, 3 items" })).toBeVisible();
    await nav.getByRole("link", { name: "Shopping cart, 3 items" }).click();
    await expectPageHeading(page, "Shopping Cart");
    const guestLine = page.getByRole("article", { name: guestCard.display_name });
    await expect(guestLine.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
    await expect(guestLine).toContainText(colorDisplayName(guestChoice.color));
    const customerLine = page.getByRole("article", { name: customerCard.display_name });
    await expect(customerLine.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("1");
    await expect(page.getByRole("region", { name: "Order Summary" })).toContainText("Subtotal (3 items)");

    // Signing out leaves the cart with the account; the new guest starts empty.
    await nav.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await expect(nav.getByRole("link", { name: "Shopping cart, empty" })).toBeVisible();

    // The lines are the customer's: the server holds them for the account.
    const cart = await request.get("/api/v1/shopping_cart", {
      headers: { Authorization: `Bearer ${(await signInOverHttp(request, account)).access_token}` },
    });
    const body = (await cart.json()) as { data: { attributes: { shopping_cart_count: number } } };
    expect(body.data.attributes.shopping_cart_count).toBe(3);
  });
});
