import { expect, type Page } from "@playwright/test";
import { signInOverHttp, test } from "../accounts.ts";
import { isMobileProject } from "../support.ts";

/**
 * The product designer end to end (issue 14, decision 039): a new artist uploads a PNG (the progress bar is
 * seen), places it (mouse drag and keys on desktop, a two-finger pinch and a drag on the phone), picks colours
 * on the live 19-colour grid, prices two styles, fills in the details with a tag, publishes and waits for the
 * design page's link; then the editor on a reload, and the editor's 404 for a design that is not theirs.
 * The grid's redraw times (Performance API, `studio-colour-grid-redraw`) are reported as an annotation.
 */

/** A transparent 3000 x 3600 PNG drawn in the page: colour, and black lines and lettering that vanish on dark shirts. */
async function makeArtwork(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 3000;
    canvas.height = 3600;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = "#f2b134";
    context.beginPath();
    context.arc(1500, 1400, 1150, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = "#2a6fdb";
    context.fillRect(700, 1900, 1600, 700);
    context.fillStyle = "#111111";
    context.font = "bold 520px sans-serif";
    context.textAlign = "center";
    context.fillText("MOTH", 1500, 3300);
    context.lineWidth = 60;
    context.strokeStyle = "#111111";
    context.strokeRect(300, 250, 2400, 2500);
    return canvas.toDataURL("image/png").split(",")[1] ?? "";
  });
  return Buffer.from(base64, "base64");
}

test("an artist designs, prices and publishes a design, then edits it", async ({
  page,
  request,
  account,
}, testInfo) => {
  test.setTimeout(180_000);
  const mobile = isMobileProject(testInfo);
  const tokens = await signInOverHttp(request, account);
  const opened = await request.post("/api/v1/seller_profile", {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
    data: {
      seller_profile: {
        display_name: `Artist ${account.username}`,
        unique_username: account.username.slice(0, 20),
        accept_terms: true,
      },
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  await page.addInitScript((seed) => {
    if (window.sessionStorage.getItem("e2e-seeded")) return;
    window.sessionStorage.setItem("e2e-seeded", "1");
    window.localStorage.setItem("refreshToken", seed.refresh_token);
    window.localStorage.setItem("signedIn", "true");
    window.sessionStorage.setItem("accessToken", seed.access_token);
    window.sessionStorage.setItem("accessTokenExpiresAt", String(Date.now() + seed.expires_in * 1000));
  }, tokens);

  await page.goto("/my-profile/product-upload-wizard");
  await expect(page.getByRole("heading", { name: "1. Artwork" })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "moth.png", mimeType: "image/png", buffer: await makeArtwork(page) });
  await expect(page.getByRole("progressbar", { name: "Artwork progress" })).toBeVisible();
  await expect(page.getByText("3,000 × 3,600 px")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Transparent background: only your art is printed.")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "2. Placement" })).toBeVisible();
  const width = page.getByLabel("Width (in)");
  await expect(width).toHaveValue("12.0");
  // Once the grid has painted the garment in every colour, each placement change is one measured redraw.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("studio-colour-grid-first-paint").length))
    .toBeGreaterThan(0);
  await page.evaluate(() => performance.clearMeasures("studio-colour-grid-redraw"));
  const slider = page.getByRole("slider", { name: "Artwork position" });
  if (mobile) {
    // Two fingers closer together halve the width; one finger then drags the artwork down.
    await page.evaluate(async () => {
      const area = document.querySelector('[aria-label="Artwork position"]')?.parentElement;
      if (!area) throw new Error("no preview");
      const box = area.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const fire = (type: string, pointerId: number, clientX: number, clientY: number) =>
        area.dispatchEvent(
          new PointerEvent(type, { pointerId, pointerType: "touch", clientX, clientY, bubbles: true, button: 0 }),
        );
      fire("pointerdown", 11, x - 60, y);
      fire("pointerdown", 12, x + 60, y);
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (let step = 1; step <= 10; step++) {
        fire("pointermove", 12, x + 60 - step * 6, y);
        await frame();
      }
      fire("pointerup", 12, x, y);
      fire("pointerup", 11, x - 60, y);
      fire("pointerdown", 13, x, y);
      for (let step = 1; step <= 10; step++) {
        fire("pointermove", 13, x, y + step * 3);
        await frame();
      }
      fire("pointerup", 13, x, y + 30);
    });
    await expect(width).toHaveValue("6.0");
    await expect(page.getByLabel("From top (in)")).not.toHaveValue("0.0");
  } else {
    const box = await slider.boundingBox();
    if (!box) throw new Error("no artwork box");
    await slider.focus();
    for (let press = 0; press < 10; press++) await page.keyboard.press("-");
    await expect(width).not.toHaveValue("12.0");
    const moved = await slider.boundingBox();
    if (!moved) throw new Error("no artwork box");
    await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 20; step++) {
      await page.mouse.move(moved.x + moved.width / 2 + step, moved.y + moved.height / 2 + step * 2);
    }
    await page.mouse.up();
    await expect(page.getByLabel("From top (in)")).not.toHaveValue("0.0");
    await page.getByRole("button", { name: "Centre" }).click();
    await slider.press("Shift+ArrowDown");
  }
  // The last change's redraw lands on the next animation frame: wait for it rather than for a fixed time.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("studio-colour-grid-redraw").length))
    .toBeGreaterThan(0);
  const redraws = await page.evaluate(() =>
    performance.getEntriesByName("studio-colour-grid-redraw").map((entry) => entry.duration),
  );
  const sorted = [...redraws].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  testInfo.annotations.push({
    type: "studio-colour-grid-redraw",
    description: `${redraws.length} redraws, median ${median.toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
  });
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "3. Colours" })).toBeVisible();
  await expect(page.getByRole("img", { name: /mockup$/ })).toHaveCount(19);
  await expect(page.getByText(/Dark parts of the artwork nearly vanish on Black/).first()).toBeVisible();
  await page.getByRole("checkbox", { name: "Purple" }).uncheck();
  await expect(page.getByText("18 of 19 offered")).toBeVisible();
  await page.getByRole("radio", { name: "Default" }).nth(2).check();
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "4. Products" })).toBeVisible();
  await page.getByRole("checkbox", { name: /Men's T-Shirt/ }).check();
  const price = page.getByLabel("Men's T-Shirt price");
  await price.fill("11");
  await expect(page.getByText("Set a price at least $2.00 above the garment's base cost")).toBeVisible();
  await price.fill("26.50");
  await expect(page.getByText(/You earn \$\d+\.\d\d per sale/).first()).toBeVisible();
  await page.getByRole("checkbox", { name: /Pullover Hoodie/ }).check();
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "5. Details" })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Give the design a title of at least 3 characters").first()).toBeVisible();
  await page.getByLabel("Title").fill(`Moth Lamp ${account.username}`);
  const tags = page.getByRole("combobox", { name: "Tags" });
  await tags.fill("moth");
  await tags.press("Enter");
  await tags.fill("moth");
  await tags.press("Enter");
  await expect(page.getByText("This tag is already added")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "6. Publish" })).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Your design is live.")).toBeVisible({ timeout: 30_000 });
  const designLink = page.getByRole("link", { name: "View the design page" });
  await expect(designLink).toBeVisible({ timeout: 60_000 });
  const designPath = (await designLink.getAttribute("href")) ?? "";
  const designUuid = designPath.split("/")[2] ?? "";

  // The editor on a reload: the design is read from the server; a price change is saved.
  await page.goto(`/my-profile/product-editor/${designUuid}`);
  await expect(page.getByText(`Editing Moth Lamp ${account.username}`)).toBeVisible();
  await page.getByRole("button", { name: "Products" }).click();
  await page.getByLabel("Men's T-Shirt price").fill("28.00");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { name: "5. Details" })).toBeVisible();
  const saved = await request.get(`/api/v1/seller_designs/${designUuid}`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  const body = (await saved.json()) as {
    data: { attributes: { products: Array<{ garment_style_key: string; price_cents: number }> } };
  };
  expect(body.data.attributes.products.find((product) => product.garment_style_key === "mens_tee")?.price_cents).toBe(
    2800,
  );

  await page.goto("/my-profile/product-editor/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Design not found" })).toBeVisible();
});
