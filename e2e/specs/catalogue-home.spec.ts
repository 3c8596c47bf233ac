import { expect, test } from "@playwright/test";
import { DESKTOP_HOME_SECTIONS, MOBILE_HOME_SECTIONS, TAGLINE } from "@threadfolk/contract/constants";
import { carouselSlides, homeCollections } from "../catalogue.ts";
import { collectPageErrors, expectPageHeading, isMobileProject } from "../support.ts";

const screenAsWideAsViewport = test.extend({
  screen: async ({ viewport }, use) => {
    await use(viewport ?? { width: 1280, height: 720 });
  },
});

function boxOf(box: { x: number; y: number; width: number; height: number } | null) {
  if (!box) throw new Error("the element has no box");
  return box;
}

test.describe("home", () => {
  test("shows the seven collections in the layout's order, each with cards and View More", async ({
    page,
    request,
  }, testInfo) => {
    const errors = collectPageErrors(page);
    const collection = await homeCollections(request);
    const order = isMobileProject(testInfo) ? MOBILE_HOME_SECTIONS : DESKTOP_HOME_SECTIONS;
    const names = order.map((key) => collection(key).displayName);
    await page.goto("/");
    await expectPageHeading(page, TAGLINE);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText(["Sale Ends In", ...names]);
    for (const key of order) {
      const { displayName, cards } = collection(key);
      const section = main.getByRole("region", { name: displayName, exact: true });
      await expect(section.getByRole("article")).toHaveCount(cards.length);
      await expect(section.getByRole("link", { name: `View More ${displayName}` })).toHaveAttribute(
        "href",
        `/results?home-collection=${key}&page=1`,
      );
    }
    await expect(main.getByRole("link", { name: "Browse Designs" })).toHaveAttribute(
      "href",
      "/results?home-collection=browse&page=1",
    );
    expect(errors).toEqual([]);
  });

  test("cards show name, price, artist line and heart; the first row loads eagerly", async ({
    page,
    request,
  }, testInfo) => {
    const first = (await homeCollections(request))(
      isMobileProject(testInfo) ? (MOBILE_HOME_SECTIONS[0] ?? "") : (DESKTOP_HOME_SECTIONS[0] ?? ""),
    ).cards[0];
    if (!first) throw new Error("no card");
    await page.goto("/");
    const card = page.getByRole("article").filter({ hasText: first.display_name }).first();
    await expect(card.getByRole("link", { name: new RegExp(first.display_name) })).toHaveAttribute(
      "href",
      `/design/${first.uuid}/${first.slug}/${first.default_color}`,
    );
    await expect(card).toContainText(
      isMobileProject(testInfo) ? `by ${first.artist_name}` : `Art By ${first.artist_name}`,
    );
    await expect(card.getByRole("link", { name: first.artist_name })).toHaveAttribute(
      "href",
      `/artist/${first.artist_unique_username}/${first.artist_uuid}`,
    );
    await expect(card.getByRole("button", { name: `Favorite ${first.display_name}` })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    const image = card.locator("img");
    await expect(image).toHaveAttribute("loading", "eager");
    await expect(image).toHaveAttribute("width", "640");
    await expect(image).toHaveAttribute("height", "640");
    await expect(page.locator("main article img").last()).toHaveAttribute("loading", "lazy");
  });

  test("a favourited design has a red, pressed heart; a guest's heart asks to sign in", async ({ page, request }) => {
    const card = (await homeCollections(request))("popular").cards[0];
    if (!card) throw new Error("no card");
    await page.addInitScript(
      (uuid) => window.localStorage.setItem("favoriteDesignUuids", JSON.stringify([uuid])),
      card.uuid,
    );
    await page.goto("/");
    const heart = page.getByRole("button", { name: `Favorite ${card.display_name}` }).first();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    const other = page
      .getByRole("button", { name: /^Favorite / })
      .and(page.locator('[aria-pressed="false"]'))
      .first();
    await other.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("dialog")).toContainText("Welcome Back!");
  });

  test("the sale countdown and the carousel show", async ({ page, request }) => {
    const slides = await carouselSlides(request);
    await page.goto("/");
    const sale = page.getByRole("region", { name: "Sale Ends In" });
    await expect(sale).toBeVisible();
    for (const unit of ["Days", "Hours", "Minutes", "Seconds"])
      await expect(sale.getByText(unit, { exact: true })).toBeVisible();
    const seconds = sale.getByRole("timer");
    const before = await seconds.textContent();
    await expect(seconds).not.toHaveText(before ?? "", { timeout: 3000 });

    const carousel = page.getByRole("region", { name: "Featured" });
    await expect(carousel.getByRole("button", { name: "Previous slide" })).toBeVisible();
    await expect(carousel.getByRole("button", { name: "Next slide" })).toBeVisible();
    const [first, second] = slides;
    if (!first || !second) throw new Error("the carousel needs two slides");
    await expect(carousel.getByRole("link", { name: first.alt })).toBeInViewport();
    // Hovering or focusing pauses the rotation, so the slide shown is the one the buttons chose.
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(carousel.getByRole("link", { name: second.alt })).toBeInViewport({ ratio: 0.9 });
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect(carousel.getByRole("link", { name: first.alt })).toBeInViewport({ ratio: 0.9 });
    await carousel.getByRole("link", { name: first.alt }).click();
    await expect(page).toHaveURL(first.href);
  });

  // A phone's screen is as wide as its viewport. The mobile project emulates a 390 px viewport on its descriptor's
  // 1920 px screen, and Chrome's preload scanner reads `width=device-width` from the screen: this test gives the page
  // a real phone's screen, so the preloads' media queries are judged as on a phone.
  screenAsWideAsViewport(
    "the carousel shows the screen's rendition in its reserved frame, with the controls off the art on phones",
    async ({ page }, testInfo) => {
      const isPhone = isMobileProject(testInfo);
      const errors = collectPageErrors(page);
      const slideRequests: string[] = [];
      page.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith("/media/carousels/")) slideRequests.push(pathname);
      });
      await page.goto("/");
      const carousel = page.getByRole("region", { name: "Featured" });
      const firstImage = carousel.getByRole("group", { name: /^1 of / }).locator("img");
      await expect(firstImage).toBeVisible();
      await expect.poll(() => firstImage.evaluate((image) => (image as HTMLImageElement).complete)).toBe(true);
      const shown = await firstImage.evaluate((image) => new URL((image as HTMLImageElement).currentSrc).pathname);
      const frame = boxOf(await firstImage.boundingBox());
      if (isPhone) {
        // The phone rendition (3:2, larger lettering) across the page's width; the desktop slide is never fetched.
        expect(shown).toMatch(/^\/media\/carousels\/phone\/\d+-\d+\.webp$/);
        expect(frame.width).toBeGreaterThanOrEqual(360);
        expect(frame.width / frame.height).toBeCloseTo(3 / 2, 1);
        expect(slideRequests.filter((path) => !path.startsWith("/media/carousels/phone/"))).toEqual([]);
        // Previous, next, the dots and pause sit in a row under the picture, covering none of it.
        for (const name of ["Previous slide", "Next slide", "Pause slideshow", "Go to slide 1"]) {
          const control = boxOf(await carousel.getByRole("button", { name }).boundingBox());
          expect(control.y, name).toBeGreaterThanOrEqual(frame.y + frame.height);
          expect(control.height, name).toBeGreaterThanOrEqual(24);
        }
      } else {
        // The spec's 1152x300 slide; the phone rendition is never fetched.
        expect(shown).toMatch(/^\/media\/carousels\/\d+-\d+\.webp$/);
        expect(frame.width / frame.height).toBeCloseTo(1152 / 300, 1);
        expect(slideRequests.filter((path) => path.startsWith("/media/carousels/phone/"))).toEqual([]);
      }
      await carousel.getByRole("button", { name: "Pause slideshow" }).click();
      await expect(carousel.getByRole("button", { name: "Play slideshow" })).toBeVisible();
      await carousel.getByRole("button", { name: "Go to slide 2" }).click();
      await expect(carousel.getByRole("group", { name: /^2 of / })).toBeInViewport({ ratio: 0.9 });
      expect(errors).toEqual([]);
    },
  );

  test("View More opens the collection's results with cards and pagination", async ({ page, request }) => {
    const anime = (await homeCollections(request))("anime");
    await page.goto("/");
    await page.getByRole("link", { name: `View More ${anime.displayName}` }).click();
    await expect(page).toHaveURL("/results?home-collection=anime&page=1");
    await expectPageHeading(page, anime.displayName);
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
    await expect(page.getByText(/^\d+ designs$/)).toBeVisible();

    await page.goto("/results?home-collection=browse&page=1");
    await expectPageHeading(page, "Browse Designs");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(24);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/results?home-collection=browse&page=2");
    await expect(pagination.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(24);
  });
});
