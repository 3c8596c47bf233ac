import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildDesign, buildSale } from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { searchDesigns } from "./search-designs.ts";

/**
 * Issue 15 deliverable 6 and issue 16 deliverable 1: price sorts follow the price the cards show (sale prices
 * included), Browse is its own list with filters that every results page takes, and queries that used to
 * cost the most are bounded (capped counts, no trigram fallback for short words).
 */
let server: TestServer;
const names = (body: { data: Array<{ display_name: string }> }) => body.data.map((card) => card.display_name);
const get = (path: string) => server.request(`/api/v1/internal_design_collections${path}`);

beforeAll(async () => {
  server = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "0" } });
  const db = server.database.db;
  const artist = await buildArtist(db, { displayName: "Gull Studio", uniqueUsername: "gull-studio" });
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  // Prices chosen so that the running sale reorders them: by list price Anchor < Buoy < Compass < Dinghy,
  // by the price shown Dinghy ($9.99, its own sale price) < Buoy ($17.60, 20% off) < Anchor < Compass.
  const anchor = await buildDesign(db, {
    artist,
    displayName: "Gullwing Anchor",
    priceCents: 1900,
    publishedAt: minutesAgo(40),
    orderCount30d: 1,
    offeredColors: ["black", "white"],
  });
  const buoy = await buildDesign(db, {
    artist,
    displayName: "Gullwing Buoy",
    priceCents: 2200,
    publishedAt: minutesAgo(30),
    orderCount30d: 9,
    garmentStyleKeys: ["mens_tee", "hoodie"],
    offeredColors: ["black", "navy"],
  });
  await buildDesign(db, {
    artist,
    displayName: "Gullwing Compass",
    priceCents: 2400,
    publishedAt: minutesAgo(20),
    orderCount30d: 3,
    garmentStyleKeys: ["mens_tee", "tank_top"],
    offeredColors: ["yellow", "black"],
    defaultColor: "black",
  });
  const dinghy = await buildDesign(db, {
    artist,
    displayName: "Gullwing Dinghy",
    priceCents: 3000,
    publishedAt: minutesAgo(10),
    orderCount30d: 0,
    garmentStyleKeys: ["mens_tee", "hoodie"],
    offeredColors: ["white"],
    defaultColor: "white",
  });
  void anchor;
  await buildSale(db, {
    name: "Harbour Sale",
    percentOff: 20,
    designs: [{ design: buoy.design }, { design: dinghy.design, salePriceCents: 999 }],
  });
});

afterAll(async () => {
  await server.close();
});

describe("price sorts", () => {
  it("order search results by the price shown, the sale price while a sale runs", async () => {
    const low = await get("?query=gullwing&sort=price_asc");
    expect(low.status).toBe(200);
    expect(names(low.body)).toEqual(["Gullwing Dinghy", "Gullwing Buoy", "Gullwing Anchor", "Gullwing Compass"]);
    // The order is the one the cards show.
    const shown = low.body.data.map((card: { on_sale: boolean; price: string; sales_price: string }) =>
      Number((card.on_sale ? card.sales_price : card.price).slice(1)),
    );
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    const high = await get("?query=gullwing&sort=price_desc");
    expect(names(high.body)).toEqual(["Gullwing Compass", "Gullwing Anchor", "Gullwing Buoy", "Gullwing Dinghy"]);
  });

  it("order a collection by the price shown too", async () => {
    const browse = await get("/browse?sort=price_asc&price_under=100");
    const ours = names(browse.body).filter((name) => name.startsWith("Gullwing"));
    expect(ours).toEqual(["Gullwing Dinghy", "Gullwing Buoy", "Gullwing Anchor", "Gullwing Compass"]);
  });
});

describe("browse and filters", () => {
  it("makes Browse its own list: every design, most popular first, while Recently Added is newest first", async () => {
    const browse = await get("/browse");
    const recent = await get("/recent");
    expect(browse.status).toBe(200);
    expect(browse.body.meta).toMatchObject({ sort: "popular", total_count: 4, total_count_capped: false });
    expect(recent.body.meta).toMatchObject({ sort: "newest", total_count: 4 });
    expect(names(browse.body)).toEqual(["Gullwing Buoy", "Gullwing Compass", "Gullwing Anchor", "Gullwing Dinghy"]);
    expect(names(recent.body)).toEqual(["Gullwing Dinghy", "Gullwing Compass", "Gullwing Buoy", "Gullwing Anchor"]);
    expect((await get("/browse?sort=newest")).body.meta.sort).toBe("newest");
  });

  it("filters by garment style, colour and shown price, on collections and searches alike", async () => {
    expect(names((await get("/browse?style=hoodie")).body)).toEqual(["Gullwing Buoy", "Gullwing Dinghy"]);
    expect(names((await get("?query=gullwing&style=tank_top")).body)).toEqual(["Gullwing Compass"]);
    expect(names((await get("/browse?color=navy")).body)).toEqual(["Gullwing Buoy"]);
    // A colour the style does not come in: the tank top is not made in navy.
    expect(names((await get("/browse?style=tank_top&color=navy")).body)).toEqual([]);
    // Shown prices: Dinghy $9.99, Buoy $17.60, Anchor $19.00, Compass $24.00.
    expect(names((await get("/browse?price_under=18&sort=price_asc")).body)).toEqual([
      "Gullwing Dinghy",
      "Gullwing Buoy",
    ]);
    expect(names((await get("/browse?price_from=19&price_under=24")).body)).toEqual(["Gullwing Anchor"]);
    const combined = await get("?query=gullwing&style=hoodie&price_from=10");
    expect(names(combined.body)).toEqual(["Gullwing Buoy"]);
    expect(combined.body.meta).toMatchObject({ total_count: 1, total_count_capped: false });
    // An empty query with filters browses every design through them.
    expect(names((await get("?query=&color=yellow")).body)).toEqual(["Gullwing Compass"]);
  });

  it("refuses bad filter values with a 422 naming the parameter", async () => {
    const bad = [
      ["/browse?style=poncho", "style"],
      ["/browse?color=chartreuse", "color"],
      ["/browse?price_from=-1", "price_from"],
      ["/browse?price_from=1.5", "price_from"],
      ["/browse?price_under=100000", "price_under"],
      ["/browse?price_from=30&price_under=20", "price_under"],
      ["?query=cat&style=", "style"],
      ["?query=cat&color=Black", "color"],
      ["?query=cat&style=hoodie&style=tank_top", "style"],
    ] as const;
    for (const [path, field] of bad) {
      const response = await get(path);
      expect(response.status, path).toBe(422);
      expect(
        response.body.error.details.map((detail: { field: string }) => detail.field),
        path,
      ).toContain(field);
    }
  });
});

describe("bounded queries", () => {
  it("caps the count of a broad search and says so", async () => {
    const db = server.database.db;
    const capped = await searchDesigns({ db, query: "gullwing", sort: "relevance", page: 1, perPage: 2, countCap: 3 });
    expect(capped).toMatchObject({ totalCount: 3, totalCountCapped: true });
    expect(capped.designIds).toHaveLength(2);
    // Also when the most popular designs alone prove it (prefix holds more than the cap), and in other sorts.
    const newest = await searchDesigns({ db, query: "gullwing", sort: "newest", page: 1, perPage: 2, countCap: 3 });
    expect(newest).toMatchObject({ totalCount: 3, totalCountCapped: true });
    const exact = await searchDesigns({ db, query: "gullwing", sort: "relevance", page: 1, perPage: 2, countCap: 4 });
    expect(exact).toMatchObject({ totalCount: 4, totalCountCapped: false });
    const filtered = await searchDesigns({
      db,
      query: "",
      sort: "relevance",
      page: 1,
      perPage: 2,
      filters: { color: "black" },
    });
    expect(filtered).toMatchObject({ totalCount: 3, totalCountCapped: false });
  });

  it("never compares one- or two-letter words with titles by trigrams; the exact title still answers", async () => {
    const db = server.database.db;
    // 'a' has no lexeme (a stop word), and this title's trigrams are exactly those of 'a': the old fallback
    // returned it for the one-letter query.
    await buildDesign(db, { displayName: "A, A!" });
    const single = await get(`?query=${encodeURIComponent("a")}`);
    expect(single.status).toBe(200);
    expect(single.body.data).toEqual([]);
    expect(single.body.meta.total_count).toBe(0);
    expect((await get(`?query=${encodeURIComponent("a b c d e f g h")}`)).body.meta.total_count).toBe(0);
    expect(names((await get(`?query=${encodeURIComponent("a a")}`)).body)).toEqual(["A, A!"]);
    // Words of three letters or more still meet titles by similarity (words run together).
    await buildDesign(db, { displayName: "Moonlight Gullwing Parade" });
    expect(names((await get(`?query=${encodeURIComponent("moonlightgullwing")}`)).body)).toContain(
      "Moonlight Gullwing Parade",
    );
  });
});
