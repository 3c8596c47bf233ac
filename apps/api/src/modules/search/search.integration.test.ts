import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildDesign } from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { designs, sellerProfiles } from "../../db/schema/index.ts";

let server: TestServer;

const names = (body: { data: Array<{ display_name: string }> }) => body.data.map((card) => card.display_name);
const search = (query: string, extra = "") =>
  server.request(`/api/v1/internal_design_collections?query=${encodeURIComponent(query)}${extra}`);

beforeAll(async () => {
  server = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "0", SEARCH_CACHE_SECONDS: "0" } });
  const db = server.database.db;
  const mara = await buildArtist(db, { displayName: "Mara Okafor", uniqueUsername: "mara-okafor" });
  const other = await buildArtist(db, { displayName: "Quentin Vale", uniqueUsername: "quentin-vale" });
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  await buildDesign(db, {
    artist: other,
    displayName: "Naruto Run Club",
    tags: ["anime", "ninja"],
    description: "Running like a ninja.",
    publishedAt: minutesAgo(10),
    orderCount30d: 5,
    priceCents: 2600,
  });
  await buildDesign(db, {
    artist: other,
    displayName: "Ramen Before Naruto Club Meetings",
    tags: ["anime", "food"],
    publishedAt: minutesAgo(9),
    orderCount30d: 50,
    priceCents: 2100,
  });
  await buildDesign(db, {
    artist: other,
    displayName: "Warhammer Space Marine Retro",
    tags: ["tabletop", "grimdark"],
    publishedAt: minutesAgo(8),
    priceCents: 2800,
  });
  await buildDesign(db, {
    artist: mara,
    displayName: "Cosmic Cat",
    tags: ["space", "cats"],
    description: "A cat floating among the stars.",
    publishedAt: minutesAgo(7),
    orderCount30d: 20,
    priceCents: 2300,
  });
  await buildDesign(db, {
    artist: other,
    displayName: "Sunday Gardener",
    tags: ["plants"],
    description: "Grows tomatoes, talks to basil.",
    publishedAt: minutesAgo(6),
  });
  await buildDesign(db, {
    artist: other,
    displayName: "Hidden Naruto Design",
    tags: ["anime"],
    status: "deactivated",
  });
});

afterAll(async () => {
  await server.close();
});

describe("search relevance", () => {
  it("ranks an exact title match first", async () => {
    const response = await search("naruto club");
    expect(response.status).toBe(200);
    // Both titles hold both words; the exact title wins although the other one sells more.
    const exact = await search("Ramen Before Naruto Club Meetings");
    expect(names(exact.body)[0]).toBe("Ramen Before Naruto Club Meetings");
    const exactShort = await search("naruto run club");
    expect(names(exactShort.body)[0]).toBe("Naruto Run Club");
    expect(names(response.body)).toEqual(
      expect.arrayContaining(["Naruto Run Club", "Ramen Before Naruto Club Meetings"]),
    );
  });

  it("puts the exact title above a busier, more popular match", async () => {
    const db = server.database.db;
    const busy = await buildDesign(db, {
      displayName: "Zebra Disco Zebra Disco Night",
      tags: ["zebra", "disco"],
      description: "Zebra disco all night: zebra, disco, zebra.",
      orderCount30d: 1000,
    });
    const exact = await buildDesign(db, { displayName: "Zebra Disco" });
    try {
      expect(names((await search("zebra disco")).body)).toEqual(["Zebra Disco", "Zebra Disco Zebra Disco Night"]);
      expect(names((await search("  ZEBRA   disco!")).body)[0]).toBe("Zebra Disco");
    } finally {
      await db
        .update(designs)
        .set({ status: "deactivated" })
        .where(inArray(designs.id, [busy.design.id, exact.design.id]));
    }
  });

  it("tolerates typos", async () => {
    expect(names((await search("warhamer")).body)).toEqual(["Warhammer Space Marine Retro"]);
    expect(names((await search("nartuo")).body)).toContain("Naruto Run Club");
    expect(names((await search("warhamer marine")).body)).toEqual(["Warhammer Space Marine Retro"]);
  });

  it("matches tags, descriptions (stemmed) and artist names", async () => {
    expect(names((await search("grimdark")).body)).toEqual(["Warhammer Space Marine Retro"]);
    expect(names((await search("tomato")).body)).toEqual(["Sunday Gardener"]);
    expect(names((await search("Mara Okafor")).body)).toEqual(["Cosmic Cat"]);
    expect(names((await search("okafor")).body)).toEqual(["Cosmic Cat"]);
  });

  it("follows an artist's renamed display name (kept in sync by a trigger)", async () => {
    const db = server.database.db;
    await db
      .update(sellerProfiles)
      .set({ displayName: "Mara Oyelaran" })
      .where(eq(sellerProfiles.uniqueUsername, "mara-okafor"));
    expect(names((await search("oyelaran")).body)).toEqual(["Cosmic Cat"]);
    expect(names((await search("okafor")).body)).toEqual([]);
    await db
      .update(sellerProfiles)
      .set({ displayName: "Mara Okafor" })
      .where(eq(sellerProfiles.uniqueUsername, "mara-okafor"));
  });

  it("lists every listed design, newest first, for an empty or blank query, with the total", async () => {
    for (const query of ["", "   ", "?!"]) {
      const response = await search(query);
      expect(response.status, JSON.stringify(query)).toBe(200);
      expect(names(response.body)).toEqual([
        "Sunday Gardener",
        "Cosmic Cat",
        "Warhammer Space Marine Retro",
        "Ramen Before Naruto Club Meetings",
        "Naruto Run Club",
      ]);
      expect(response.body.meta).toMatchObject({ total_count: 5, page: 1, per_page: 24, total_pages: 1, query });
    }
  });

  it("never finds deactivated designs and finds nothing for gibberish", async () => {
    expect(names((await search("hidden")).body)).toEqual([]);
    const nothing = await search("qqxzzv");
    expect(nothing.body.data).toEqual([]);
    expect(nothing.body.meta).toMatchObject({ total_count: 0, total_pages: 0 });
    // Only stop words: no full-text lexemes, so the title trigram fallback answers (here: nothing close).
    const stopWords = await search("the of and");
    expect(stopWords.status).toBe(200);
    expect(names(stopWords.body)).toEqual([]);
    // Typing the whole title with a typo still finds it through the trigram fallback or the vocabulary.
    expect(names((await search("Sunday Gardner")).body)).toEqual(["Sunday Gardener"]);
  });

  it("sorts by newest, popularity and price", async () => {
    const query = "anime";
    expect(names((await search(query, "&sort=newest")).body)).toEqual([
      "Ramen Before Naruto Club Meetings",
      "Naruto Run Club",
    ]);
    expect(names((await search(query, "&sort=popular")).body)[0]).toBe("Ramen Before Naruto Club Meetings");
    expect(names((await search("", "&sort=price_asc")).body)[0]).toBe("Ramen Before Naruto Club Meetings");
    expect(names((await search("", "&sort=price_desc")).body)[0]).toBe("Warhammer Space Marine Retro");
  });

  it("pages results with the total count", async () => {
    const first = await search("", "&page=1");
    expect(first.body.meta.total_count).toBe(5);
    const beyond = await search("anime", "&page=3");
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ total_count: 2, page: 3 });
  });
});

describe("search suggestions", () => {
  it("suggests designs, tags and artists as the user types, typos included", async () => {
    const response = await server.request("/api/v1/search_suggestions?query=nar");
    expect(response.status).toBe(200);
    expect(response.body.data.designs.map((design: { display_name: string }) => design.display_name)).toEqual(
      expect.arrayContaining(["Naruto Run Club", "Ramen Before Naruto Club Meetings"]),
    );
    expect(response.body.data.designs[0]).toMatchObject({ display_name: "Naruto Run Club", default_color: "black" });
    expect(response.body.data.designs[0].uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.data.designs[0].slug).toBe("naruto-run-club");
    const tags = await server.request("/api/v1/search_suggestions?query=an");
    expect(tags.body.data.tags).toEqual(["anime"]);
    const artists = await server.request("/api/v1/search_suggestions?query=mara");
    expect(artists.body.data.artists).toEqual([
      { uuid: expect.any(String), unique_username: "mara-okafor", display_name: "Mara Okafor" },
    ]);
    const typo = await server.request("/api/v1/search_suggestions?query=warhamer");
    expect(typo.body.data.designs[0].display_name).toBe("Warhammer Space Marine Retro");
  });

  it("returns nothing for blank input, hides deactivated designs and rejects bad parameters", async () => {
    const blank = await server.request("/api/v1/search_suggestions?query=%20");
    expect(blank.body.data).toEqual({ designs: [], tags: [], artists: [] });
    const hidden = await server.request("/api/v1/search_suggestions?query=hidden");
    expect(hidden.body.data.designs).toEqual([]);
    expect((await server.request("/api/v1/search_suggestions")).status).toBe(422);
    expect((await server.request("/api/v1/search_suggestions?query=a&limit=3")).status).toBe(422);
    expect((await server.request(`/api/v1/search_suggestions?query=${"x".repeat(201)}`)).status).toBe(422);
    const wildcard = await server.request("/api/v1/search_suggestions?query=%25%25%25");
    expect(wildcard.status).toBe(200);
    expect(wildcard.body.data.designs).toEqual([]);
  });
});

describe("rate limits per client address", () => {
  it("answers a 429 with Retry-After in the API error shape past the allowance, per address and per route", async () => {
    // No result cache: a cached page is not counted (decision 047), and this test repeats a query.
    const env = {
      SEARCH_RATE_LIMIT_PER_IP: "4",
      SEARCH_RATE_LIMIT_WINDOW_SECONDS: "600",
      TRUST_PROXY: "true",
      SEARCH_CACHE_SECONDS: "0",
    };
    const limited = await getTestServer({ env, database: server.database });
    try {
      const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
      const searchFrom = (address: string, query: string) =>
        limited.request(`/api/v1/internal_design_collections?query=${encodeURIComponent(query)}`, from(address));
      const statuses = [];
      for (const query of ["naruto", "cat", "ramen", "space", "anime"]) {
        statuses.push((await searchFrom("198.51.100.7", query)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      const refused = await searchFrom("198.51.100.7", "naruto");
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: { code: "rate_limited", message: expect.stringMatching(/try again/i) } });
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(590);
      expect(retryAfter).toBeLessThanOrEqual(600);
      // Bad input is refused before it counts, and as itself.
      expect(
        (await limited.request("/api/v1/internal_design_collections?query=a&page=0", from("198.51.100.7"))).status,
      ).toBe(422);
      // Another shopper is not held back, and suggestions have their own allowance.
      expect((await searchFrom("198.51.100.8", "naruto")).status).toBe(200);
      const suggest = (address: string) => limited.request("/api/v1/search_suggestions?query=nar", from(address));
      const suggestions = [];
      for (let typed = 0; typed < 5; typed++) suggestions.push((await suggest("198.51.100.7")).status);
      expect(suggestions).toEqual([200, 200, 200, 200, 429]);
      expect((await suggest("198.51.100.9")).status).toBe(200);
      // The home page's collections (no query) are cached and never limited.
      expect((await limited.request("/api/v1/internal_design_collections", from("198.51.100.7"))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
