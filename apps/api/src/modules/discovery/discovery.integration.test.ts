import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DESKTOP_HOME_SECTIONS, MOBILE_HOME_SECTIONS } from "@threadfolk/contract/constants";
import {
  CAROUSEL_DESKTOP_MEDIA,
  CAROUSEL_IMAGE_SIZES,
  CAROUSEL_PHONE_IMAGE_SIZES,
  CAROUSEL_PHONE_MEDIA,
} from "@threadfolk/contract/discovery-constants";
import { DESIGN_MOCKUP_SIZES } from "@threadfolk/contract/page-images";
import { ROUTE_PRELOADS_FILE } from "@threadfolk/contract/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildArtist,
  buildCarousel,
  buildCollectionItem,
  buildDesign,
  buildSale,
} from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { escapeHtml } from "../../http/web-app.ts";

let server: TestServer;
let webDir: string;

beforeAll(async () => {
  // A minimal built web app, so design and artist pages can be served with their head tags.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), "tf-web-"));
  fs.writeFileSync(
    path.join(webDir, "index.html"),
    '<!doctype html><html><head><!--app-head--><link rel="stylesheet" href="/assets/index.css"></head><body></body></html>',
  );
  // What the web build writes beside it: the page code each landing route preloads.
  fs.writeFileSync(
    path.join(webDir, ROUTE_PRELOADS_FILE),
    JSON.stringify({
      home: ["/assets/home-page-abc.js", "/assets/shared-def.js"],
      design: ["/assets/design-page-123.js"],
      results: ["/not-an-asset.js"],
    }),
  );
  server = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "0", WEB_DIST_DIR: webDir } });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("home collections", () => {
  it("keys every collection with display name and snake_case cards, plus an event id", async () => {
    const { design, artist, defaultVariant } = await buildDesign(server.database.db, {
      displayName: "Home Card Shirt",
      defaultColor: "royal_blue",
      priceCents: 2499,
    });
    await buildCollectionItem(server.database.db, { collectionKey: "anime", design, position: 1 });
    const response = await server.request("/api/v1/internal_design_collections");
    expect(response.status).toBe(200);
    for (const key of ["popular", "blk_history25", "anime", "funny", "nerdery", "picks", "recent"]) {
      expect(response.body[key].type, key).toBe("internal_design_collection");
      expect(typeof response.body[key].attributes.display_name).toBe("string");
      expect(Array.isArray(response.body[key].attributes.home_page_preview)).toBe(true);
    }
    expect(response.body.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.browse).toBeUndefined();
    const card = response.body.anime.attributes.home_page_preview[0];
    expect(card).toMatchObject({
      id: design.id,
      uuid: design.id,
      slug: "home-card-shirt",
      display_name: "Home Card Shirt",
      price: "$24.99",
      on_sale: false,
      sales_price: "$0",
      default_color: "royal_blue",
      artist_name: artist.displayName,
      artist_uuid: artist.id,
      artist_unique_username: artist.uniqueUsername,
      seller_profile_id: artist.id,
      default_seller_design_product_variant_id: defaultVariant.id,
    });
    expect(card.watermarked_signed_urls.royal_blue).toMatch(
      new RegExp(`^/media/designs/${design.id}/watermarked/tee-royal_blue-640\\.webp\\?exp=\\d+&sig=[\\w-]+$`),
    );
    expect(Object.keys(card.watermarked_signed_urls)).toEqual(["royal_blue"]);
  });

  it("ranks popular by recent orders then favourites, recent by publication, curated by position", async () => {
    const db = server.database.db;
    const hot = await buildDesign(db, { orderCount30d: 900, favoriteCount: 1, publishedAt: minutesAgo(500) });
    const loved = await buildDesign(db, { orderCount30d: 900, favoriteCount: 50, publishedAt: minutesAgo(400) });
    const fresh = await buildDesign(db, { publishedAt: minutesAgo(0.1) });
    const second = await buildDesign(db, { publishedAt: minutesAgo(30) });
    const first = await buildDesign(db, { publishedAt: minutesAgo(31) });
    await buildCollectionItem(db, { collectionKey: "funny", design: second.design, position: 2 });
    await buildCollectionItem(db, { collectionKey: "funny", design: first.design, position: 1 });
    const response = await server.request("/api/v1/internal_design_collections");
    const ids = (key: string) =>
      response.body[key].attributes.home_page_preview.map((card: { uuid: string }) => card.uuid);
    expect(ids("popular").slice(0, 2)).toEqual([loved.design.id, hot.design.id]);
    expect(ids("recent")[0]).toBe(fresh.design.id);
    expect(ids("funny")).toEqual([first.design.id, second.design.id]);
    expect(ids("recent").length).toBeLessThanOrEqual(8);
  });

  it("never shows deactivated or unpublished designs anywhere", async () => {
    const db = server.database.db;
    const hidden = await buildDesign(db, {
      displayName: "Zyxwv Hidden Thing",
      status: "deactivated",
      orderCount30d: 99999,
    });
    const draft = await buildDesign(db, { displayName: "Zyxwv Draft Thing", publishedAt: null, orderCount30d: 99999 });
    await buildCollectionItem(db, { collectionKey: "picks", design: hidden.design, position: 0 });
    const home = await server.request("/api/v1/internal_design_collections");
    const all = JSON.stringify(home.body);
    expect(all).not.toContain(hidden.design.id);
    expect(all).not.toContain(draft.design.id);
    const search = await server.request("/api/v1/internal_design_collections?query=zyxwv");
    expect(search.body.data).toEqual([]);
    expect((await server.request(`/api/v1/designs/${hidden.design.id}`)).status).toBe(404);
    const storefront = await server.request(`/api/v1/artists/${hidden.artist.id}`);
    expect(storefront.body.designs).toEqual([]);
    expect(storefront.body.data.attributes.design_count).toBe(0);
    const picks = await server.request("/api/v1/internal_design_collections/picks");
    expect(JSON.stringify(picks.body)).not.toContain(hidden.design.id);
  });

  it("caches the home payload per instance when a cache time is set, with a fresh event id", async () => {
    const cached = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "60" } });
    try {
      const first = await cached.request("/api/v1/internal_design_collections");
      await buildDesign(cached.database.db, { displayName: "After The First Load" });
      const second = await cached.request("/api/v1/internal_design_collections");
      expect(second.body.recent.attributes.home_page_preview).toEqual(first.body.recent.attributes.home_page_preview);
      expect(second.body.event_id).not.toBe(first.body.event_id);
    } finally {
      await cached.close();
    }
  });
});

describe("collection pages", () => {
  it("pages 24 cards at a time with the total count", async () => {
    const db = server.database.db;
    const artist = await buildArtist(db);
    for (let index = 0; index < 26; index++) {
      const { design } = await buildDesign(db, { artist });
      await buildCollectionItem(db, { collectionKey: "nerdery", design, position: index });
    }
    const first = await server.request("/api/v1/internal_design_collections/nerdery?page=1");
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(24);
    expect(first.body.meta).toMatchObject({ total_count: 26, page: 1, per_page: 24, total_pages: 2 });
    const second = await server.request("/api/v1/internal_design_collections/nerdery?page=2");
    expect(second.body.data).toHaveLength(2);
    const beyond = await server.request("/api/v1/internal_design_collections/nerdery?page=9");
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.total_count).toBe(26);
    const browse = await server.request("/api/v1/internal_design_collections/browse");
    expect(browse.body.meta.total_count).toBeGreaterThanOrEqual(26);
  });

  it("rejects unknown names, bad pages and unknown parameters with JSON errors", async () => {
    const unknown = await server.request("/api/v1/internal_design_collections/nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    for (const page of ["0", "-1", "abc", "1.5", "", "5001", "99999999999"]) {
      const response = await server.request(`/api/v1/internal_design_collections/anime?page=${page}`);
      expect(response.status, page).toBe(422);
      expect(response.body.error.code).toBe("validation_failed");
      expect(response.body.error.details[0].field).toBe("page");
    }
    const extra = await server.request("/api/v1/internal_design_collections/anime?colour=red");
    expect(extra.status).toBe(422);
    const sort = await server.request("/api/v1/internal_design_collections?query=cat&sort=cheapest");
    expect(sort.status).toBe(422);
    expect(sort.body.error.details[0].field).toBe("sort");
    const noQuery = await server.request("/api/v1/internal_design_collections?page=2");
    expect(noQuery.status).toBe(422);
    const twice = await server.request("/api/v1/internal_design_collections?query=a&query=b");
    expect(twice.status).toBe(422);
    const long = await server.request(`/api/v1/internal_design_collections?query=${"a".repeat(201)}`);
    expect(long.status).toBe(422);
  });
});

describe("sales", () => {
  it("answers data null without a running sale, and the sale with its end date when one runs", async () => {
    const fresh = await getTestServer();
    try {
      const none = await fresh.request("/api/v1/marketplace_sales");
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ data: null });
      await buildSale(fresh.database.db, {
        name: "Old",
        startsAt: minutesAgo(600),
        endsAt: minutesAgo(60),
        appliesToAllDesigns: true,
      });
      expect((await fresh.request("/api/v1/marketplace_sales")).body).toEqual({ data: null });
      const sale = await buildSale(fresh.database.db, { name: "Summer Sale", percentOff: 25 });
      const running = await fresh.request("/api/v1/marketplace_sales");
      expect(running.body.data).toMatchObject({
        id: String(sale.id),
        type: "marketplace_sale",
        attributes: { name: "Summer Sale", percent_off: 25, end_date: sale.endsAt.toISOString() },
      });
      expect((await fresh.request("/api/v1/marketplace_sales?x=1")).status).toBe(422);
    } finally {
      await fresh.close();
    }
  });

  it("puts on_sale and the sale price on covered cards only", async () => {
    const fresh = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "0" } });
    try {
      const db = fresh.database.db;
      const covered = await buildDesign(db, { displayName: "Covered Tee", priceCents: 2500 });
      const special = await buildDesign(db, { displayName: "Special Tee", priceCents: 2500 });
      const plain = await buildDesign(db, { displayName: "Plain Tee", priceCents: 2500 });
      await buildSale(db, {
        percentOff: 20,
        designs: [{ design: covered.design }, { design: special.design, salePriceCents: 1234 }],
      });
      const response = await fresh.request("/api/v1/internal_design_collections?query=tee");
      const byName = Object.fromEntries(
        response.body.data.map((card: { display_name: string }) => [card.display_name, card]),
      );
      expect(byName["Covered Tee"]).toMatchObject({ price: "$25.00", on_sale: true, sales_price: "$20.00" });
      expect(byName["Special Tee"]).toMatchObject({ on_sale: true, sales_price: "$12.34" });
      expect(byName["Plain Tee"]).toMatchObject({ on_sale: false, sales_price: "$0" });
      const detail = await fresh.request(`/api/v1/designs/${covered.design.id}`);
      expect(detail.body.data.attributes).toMatchObject({ on_sale: true, sales_price: "$20.00" });
      expect(plain.design.id).toBeTruthy();
    } finally {
      await fresh.close();
    }
  });
});

describe("carousels", () => {
  it("returns the front page slides in order with signed image URLs", async () => {
    const { carousel, assets } = await buildCarousel(server.database.db, {
      slideDelayInMs: 4000,
      assets: [
        { altText: "First", clickDestinationUrl: "/results?home-collection=anime&page=1" },
        { altText: "Second" },
      ],
    });
    const response = await server.request("/api/v1/carousels?location_code=front_page");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      id: String(carousel.id),
      type: "carousel",
      attributes: { slide_delay_in_ms: 4000 },
    });
    const slides = response.body.data.attributes.carousel_assets;
    expect(slides.map((slide: { attributes: { alt_text: string } }) => slide.attributes.alt_text)).toEqual([
      "First",
      "Second",
    ]);
    expect(slides[0].attributes).toMatchObject({
      id: assets[0]?.id,
      click_destination_url: "/results?home-collection=anime&page=1",
    });
    expect(slides[0].attributes.asset_url).toMatch(new RegExp(`^/media/carousels/${assets[0]?.id}-1152\\.webp\\?exp=`));
    // Decision 044: each slide also has its phone rendition, at the phone widths.
    expect(slides[0].attributes.phone_image).toMatchObject({ width: 780, height: 520 });
    expect(slides[0].attributes.phone_image.src_set).toMatch(
      new RegExp(`^/media/carousels/phone/${assets[0]?.id}-390\\.webp\\?exp=\\S+ 390w, .+ 780w, .+ 1170w$`),
    );
  });

  it("rejects a missing location with 422 and answers an unknown one with 404", async () => {
    expect((await server.request("/api/v1/carousels")).status).toBe(422);
    expect((await server.request("/api/v1/carousels?location_code=Bad Code!")).status).toBe(422);
    const unknown = await server.request("/api/v1/carousels?location_code=checkout_page");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
  });
});

describe("design detail", () => {
  it("returns the design, the default garment's images in every colour, variants with sizes, artist and more by them", async () => {
    const db = server.database.db;
    const artist = await buildArtist(db, { displayName: "Detail Artist", avatarKey: "artists/x/avatar.png" });
    const { design, variants } = await buildDesign(db, {
      artist,
      displayName: "Detail Shirt",
      description: "A shirt with details.",
      tags: ["detail", "shirt"],
      garmentStyleKeys: ["mens_tee", "womens_tee"],
      priceCents: 2200,
    });
    const other = await buildDesign(db, { artist });
    const response = await server.request(`/api/v1/designs/${design.id}`);
    expect(response.status).toBe(200);
    const attributes = response.body.data.attributes;
    expect(response.body.data).toMatchObject({ id: design.id, type: "design" });
    expect(attributes).toMatchObject({
      uuid: design.id,
      display_name: "Detail Shirt",
      description: "A shirt with details.",
      tags: ["detail", "shirt"],
      price: "$22.00",
      default_seller_design_product_variant_id: variants[0]?.id,
      artist: { uuid: artist.id, unique_username: artist.uniqueUsername, display_name: "Detail Artist" },
    });
    expect(attributes.artist.avatar.src).toContain(`/media/artists/${artist.id}/avatar-128.webp`);
    // The default variant's garment only (decision 049); the page asks for another garment's when it is picked.
    expect(Object.keys(attributes.images)).toEqual(["tee"]);
    expect(Object.keys(attributes.images.tee)).toHaveLength(19);
    const womensTee = await server.request(`/api/v1/designs/${design.id}/images/womens-tee`);
    expect(womensTee.status).toBe(200);
    expect(womensTee.body.data.garment).toBe("womens-tee");
    expect(Object.keys(womensTee.body.data.images)).toHaveLength(18);
    expect(attributes.images.tee.soft_pink.watermarked.src).toContain(
      `/designs/${design.id}/watermarked/tee-soft_pink-640.webp`,
    );
    // The clean mockups are not public (decision 021).
    expect(Object.keys(attributes.images.tee.soft_pink)).toEqual(["watermarked"]);
    expect(attributes.images.tee.soft_pink.watermarked.src_set.split(", ")).toHaveLength(3);
    expect(attributes.colors[0]).toEqual({ key: "white", display_name: "White", hex: "#f7f7f5" });
    expect(attributes.variants).toHaveLength(2);
    expect(attributes.variants[0]).toMatchObject({
      id: variants[0]?.id,
      is_default: true,
      garment_style_key: "mens_tee",
      fit: "Men",
      price: "$22.00",
      sizes: ["S", "M", "L", "XL", "2XL", "3XL", "4XL", "5XL"],
    });
    expect(attributes.variants[1]).toMatchObject({
      garment_style_key: "womens_tee",
      fit: "Women",
      garment: "womens-tee",
    });
    expect(attributes.variants[1].sizes[0]).toBe("XS");
    expect(attributes.more_by_artist.map((card: { uuid: string }) => card.uuid)).toEqual([other.design.id]);
  });

  it("pictures hoodie and tank top variants on their own garments", async () => {
    const { design } = await buildDesign(server.database.db, {
      garmentStyleKeys: ["mens_tee", "hoodie", "tank_top", "long_sleeve"],
    });
    const response = await server.request(`/api/v1/designs/${design.id}`);
    expect(response.status).toBe(200);
    const attributes = response.body.data.attributes;
    expect(attributes.variants.map((variant: { garment: string }) => variant.garment)).toEqual([
      "tee",
      "hoodie",
      "tank-top",
      "long-sleeve",
    ]);
    expect(Object.keys(attributes.images)).toEqual(["tee"]);
    // Each other garment's images on request, in the colours its style comes in.
    const garmentImages = async (garment: string) => {
      const reply = await server.request(`/api/v1/designs/${design.id}/images/${garment}`);
      expect(reply.status, garment).toBe(200);
      return reply.body.data.images;
    };
    expect(Object.keys(await garmentImages("hoodie"))).toHaveLength(13);
    expect(Object.keys(await garmentImages("tank-top"))).toHaveLength(12);
    expect(Object.keys(await garmentImages("long-sleeve")).length).toBeGreaterThan(0);
    for (const garment of ["hoodie", "tank-top"]) {
      const black = (await garmentImages(garment)).black;
      expect(black.watermarked.src, garment).toContain(`/designs/${design.id}/watermarked/${garment}-black-640.webp`);
      expect(black.mockup, garment).toBeUndefined();
    }
  });

  it("answers a garment the design is not offered on, an unknown garment and an unlisted design with 404", async () => {
    const { design } = await buildDesign(server.database.db, { garmentStyleKeys: ["mens_tee"] });
    const hidden = await buildDesign(server.database.db, { status: "deactivated" });
    for (const path of [
      `/api/v1/designs/${design.id}/images/hoodie`,
      `/api/v1/designs/${design.id}/images/sweater`,
      `/api/v1/designs/${hidden.design.id}/images/tee`,
      "/api/v1/designs/not-a-uuid/images/tee",
    ]) {
      const response = await server.request(path);
      expect(response.status, path).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
  });

  it("answers unknown, malformed and deactivated designs with a JSON 404", async () => {
    const { design } = await buildDesign(server.database.db, { status: "deactivated" });
    for (const id of [design.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid", "1"]) {
      const response = await server.request(`/api/v1/designs/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
  });
});

describe("artist storefront", () => {
  it("returns the profile with counts and a page of designs, by uuid or username", async () => {
    const db = server.database.db;
    const artist = await buildArtist(db, { displayName: "Store Artist", bio: "I draw cats.", bannerKey: "b.png" });
    for (let index = 0; index < 25; index++) await buildDesign(db, { artist, publishedAt: minutesAgo(index + 1) });
    const byId = await server.request(`/api/v1/artists/${artist.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({
      id: artist.id,
      type: "artist",
      attributes: {
        uuid: artist.id,
        unique_username: artist.uniqueUsername,
        display_name: "Store Artist",
        bio: "I draw cats.",
        design_count: 25,
        follower_count: 0,
        avatar: null,
      },
    });
    expect(byId.body.data.attributes.banner.src).toContain(`/media/artists/${artist.id}/banner-1280.webp`);
    expect(byId.body.designs).toHaveLength(24);
    expect(byId.body.meta).toMatchObject({ total_count: 25, page: 1, per_page: 24, total_pages: 2 });
    const page2 = await server.request(`/api/v1/artists/${artist.uniqueUsername}?page=2`);
    expect(page2.body.designs).toHaveLength(1);
    expect(page2.body.data.id).toBe(artist.id);
  });

  it("answers unknown artists with 404 and bad pages with 422", async () => {
    expect((await server.request("/api/v1/artists/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await server.request("/api/v1/artists/nobody-here")).status).toBe(404);
    const artist = await buildArtist(server.database.db);
    expect((await server.request(`/api/v1/artists/${artist.id}?page=0`)).status).toBe(422);
  });
});

describe("sharing and search engines", () => {
  it("serves a design page with its title, description, canonical URL and absolute preview image", async () => {
    const artist = await buildArtist(server.database.db, { displayName: "Meta Artist" });
    const { design } = await buildDesign(server.database.db, { artist, displayName: "Meta <Shirt>" });
    const response = await server.request(`/design/${design.id}/old-slug/navy`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.text).toContain("<title>Meta &lt;Shirt&gt; by Meta Artist | Threadfolk</title>");
    expect(response.text).toContain(
      `<link rel="canonical" href="http://localhost:3000/design/${design.id}/meta-shirt/navy">`,
    );
    expect(response.text).toMatch(
      new RegExp(
        `<meta property="og:image" content="http://localhost:3000/media/designs/${design.id}/watermarked/tee-navy-640\\.webp\\?exp=`,
      ),
    );
    expect(response.text).toContain('<meta property="og:type" content="product">');
    expect(response.text).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it("preloads the mockup the design page shows first, with the srcset and sizes the page gives it", async () => {
    const { design } = await buildDesign(server.database.db, {
      defaultColor: "navy",
      garmentStyleKeys: ["womens_tee", "mens_tee"],
    });
    const detail = await server.request(`/api/v1/designs/${design.id}`);
    // The default variant is the women's tee: its garment's images are in the reply.
    const womensTee = detail.body.data.attributes.images["womens-tee"];
    // The URL's colour when the default style comes in it; otherwise the design's default colour (the women's
    // tee has no military green, though the men's tee has).
    for (const [segment, shown] of [
      ["red", "red"],
      ["military_green", "navy"],
      ["not-a-colour", "navy"],
    ] as const) {
      const source = womensTee[shown].watermarked;
      expect(source.src_set).toMatch(
        /-320\.webp\?exp=\d+&sig=[\w-]+ 320w, .+-640\.webp.+ 640w, .+-1024\.webp.+ 1024w$/,
      );
      const page = await server.request(`/design/${design.id}/slug/${segment}`);
      expect(page.text, segment).toContain(
        `<link rel="preload" as="image" href="${escapeHtml(source.src)}" imagesrcset="${escapeHtml(source.src_set)}" imagesizes="${DESIGN_MOCKUP_SIZES}" fetchpriority="high">`,
      );
      expect(page.text.match(/rel="preload" as="image"/g)).toHaveLength(1);
    }
  });

  it("preloads the home page's first slide and first card, as the home payload and carousel give them", async () => {
    const db = server.database.db;
    if ((await server.request("/api/v1/carousels?location_code=front_page")).status === 404) {
      await buildCarousel(db, { assets: [{ altText: "First" }, { altText: "Second" }] });
    }
    await buildDesign(db, { orderCount30d: 5000, defaultColor: "kelly" });
    const collections = (await server.request("/api/v1/internal_design_collections")).body;
    const slides = (await server.request("/api/v1/carousels?location_code=front_page")).body.data.attributes
      .carousel_assets;
    const firstSection = DESKTOP_HOME_SECTIONS.find((key) => collections[key]?.attributes.home_page_preview.length > 0);
    expect(firstSection).toBe(
      MOBILE_HOME_SECTIONS.find((key) => collections[key]?.attributes.home_page_preview.length > 0),
    );
    const card = collections[firstSection ?? ""].attributes.home_page_preview[0];
    const slide = slides[0].attributes.image;
    const phone = slides[0].attributes.phone_image;

    const home = await server.request("/");
    expect(home.text).toContain(
      `<link rel="preload" as="image" href="${escapeHtml(slide.src)}" imagesrcset="${escapeHtml(slide.src_set)}" imagesizes="${CAROUSEL_IMAGE_SIZES}" media="${CAROUSEL_DESKTOP_MEDIA}" fetchpriority="high">`,
    );
    expect(home.text).toContain(
      `<link rel="preload" as="image" href="${escapeHtml(phone.src)}" imagesrcset="${escapeHtml(phone.src_set)}" imagesizes="${CAROUSEL_PHONE_IMAGE_SIZES}" media="${CAROUSEL_PHONE_MEDIA}" fetchpriority="high">`,
    );
    expect(home.text).toContain(
      `<link rel="preload" as="image" href="${escapeHtml(card.watermarked_signed_urls[card.default_color])}" fetchpriority="high">`,
    );
    // The slide once per screen (phone or wider: exclusive media queries) and the first card.
    expect(home.text.match(/rel="preload" as="image"/g)).toHaveLength(3);
    // After the stylesheet (and the app's code), which the page needs first.
    expect(home.text.indexOf('rel="preload" as="image"')).toBeGreaterThan(home.text.indexOf('rel="stylesheet"'));
  });

  it("preloads each landing page's code from the web build's list, only on pages that are answered", async () => {
    const home = await server.request("/");
    expect(home.text).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-abc.js">');
    expect(home.text).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-def.js">');
    const { design } = await buildDesign(server.database.db);
    const designPage = await server.request(`/design/${design.id}/slug/black`);
    expect(designPage.text).toContain('<link rel="modulepreload" crossorigin href="/assets/design-page-123.js">');
    expect(designPage.text).not.toContain("home-page-abc");
    // Entries that are not built assets are ignored; pages without an entry, and 404 pages, preload nothing.
    for (const pathname of [
      "/results?query=cats&page=1",
      "/faq",
      "/no-such-page",
      `/design/${crypto.randomUUID()}/x/black`,
    ]) {
      const response = await server.request(pathname);
      expect(response.text, pathname).not.toContain("modulepreload");
    }
  });

  it("serves an artist page with its meta, and 404 pages for unknown designs and artists", async () => {
    const artist = await buildArtist(server.database.db, { displayName: "Page Artist", bio: "Bio here." });
    const ok = await server.request(`/artist/${artist.uniqueUsername}/${artist.id}`);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("<title>Page Artist | Threadfolk</title>");
    const { design } = await buildDesign(server.database.db, { status: "deactivated" });
    for (const page of [
      `/design/${design.id}/slug/black`,
      "/design/00000000-0000-4000-8000-000000000000/x/black",
      "/artist/someone/00000000-0000-4000-8000-000000000000",
      "/design/not-a-uuid/x/black",
      "/design/0000000-00000-4000-8000-000000000000/x/black",
      `/artist/${artist.uniqueUsername}/not-a-uuid`,
    ]) {
      const response = await server.request(page);
      expect(response.status, page).toBe(404);
      expect(response.text).toContain("Page not found");
    }
  });

  it("lists listed designs and artists in the sitemap, and robots.txt points to it", async () => {
    const { design, artist } = await buildDesign(server.database.db, { slug: "sitemap-shirt", defaultColor: "navy" });
    const hidden = await buildDesign(server.database.db, { status: "deactivated" });
    const sitemap = await server.request("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    expect(sitemap.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(sitemap.text).toContain(`<loc>http://localhost:3000/design/${design.id}/sitemap-shirt/navy</loc>`);
    expect(sitemap.text).toContain(`<loc>http://localhost:3000/artist/${artist.uniqueUsername}/${artist.id}</loc>`);
    expect(sitemap.text).toContain("<loc>http://localhost:3000/</loc>");
    expect(sitemap.text).not.toContain(hidden.design.id);
    const robots = await server.request("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(robots.text).toContain("Disallow: /api/");
    expect((await server.request("/sitemaps/designs-1.xml")).status).toBe(200);
    expect((await server.request("/sitemaps/designs-999.xml")).status).toBe(404);
    expect((await server.request("/sitemaps/evil.xml")).status).toBe(404);
  });
});
