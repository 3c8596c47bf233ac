import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildDesign } from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { selectRows } from "../../db/select-rows.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import { searchDesigns } from "./search-designs.ts";

let server: TestServer;

const names = (body: { data: Array<{ display_name: string }> }) => body.data.map((card) => card.display_name);
const search = (query: string, extra = "") =>
  server.request(`/api/v1/internal_design_collections?query=${encodeURIComponent(query)}${extra}`);

/** A fixed pseudo-random sequence (a linear congruential generator), so the data is the same on every run. */
function createRandom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    // The low bits of such a generator repeat quickly; the high ones do not.
    return Math.floor(state / 65536) % below;
  };
}

const WORDS = ["comet", "fox", "river", "neon", "lantern", "harbor", "jazz", "moon"];

beforeAll(async () => {
  server = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "0", SEARCH_CACHE_SECONDS: "0" } });
  const db = server.database.db;
  const artist = await buildArtist(db, { displayName: "Tier Tester", uniqueUsername: "tier-tester" });

  // Hand-made tiers with words found nowhere else: popularity rises as relevance falls, so an order by
  // popularity alone would be exactly backwards.
  await buildDesign(db, { artist, displayName: "Pelican Quasar", orderCount30d: 0 });
  await buildDesign(db, { artist, displayName: "Quasar Pelican Parade", orderCount30d: 1 });
  await buildDesign(db, { artist, displayName: "Parade Poster", tags: ["quasar", "pelican"], orderCount30d: 5 });
  await buildDesign(db, {
    artist,
    displayName: "Harbor Night",
    tags: ["quasar"],
    description: "A pelican asleep on the pier.",
    orderCount30d: 40,
  });
  await buildDesign(db, { artist, displayName: "Pelican Solo", orderCount30d: 90 });
  await buildDesign(db, { artist, displayName: "Lonely Walrus", orderCount30d: 3 });

  // A crowd for the exactness check: titles, tags and descriptions drawn from a few words, with many ties
  // in popularity (so the newest-first and id tie-breakers matter) and a few designs that are not listed.
  const random = createRandom(20261121);
  const pick = (count: number) => Array.from({ length: count }, () => WORDS[random(WORDS.length)] as string);
  const capitalise = (word: string) => `${word[0]?.toUpperCase()}${word.slice(1)}`;
  for (let index = 0; index < 70; index++) {
    const title = pick(1 + random(3))
      .map(capitalise)
      .join(" ");
    await buildDesign(db, {
      artist,
      displayName: index % 17 === 0 ? "Neon Fox" : title,
      tags: [...new Set(pick(random(3)))],
      description: random(2) === 0 ? `Drawn with ${pick(2).join(" and ")}.` : "",
      orderCount30d: random(4),
      favoriteCount: random(3),
      publishedAt: new Date(Date.UTC(2026, 9, 1 + random(20))),
      status: index % 23 === 5 ? "deactivated" : "active",
    });
  }
});

afterAll(async () => {
  await server.close();
});

describe("search relevance tiers", () => {
  it("ranks the exact title, then all words in the title, then in tags, then in the description", async () => {
    const response = await search("pelican quasar");
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual(["Pelican Quasar", "Quasar Pelican Parade", "Parade Poster", "Harbor Night"]);
    expect(response.body.meta.total_count).toBe(4);
  });

  it("orders designs of one tier by orders, then favourites, then newest", async () => {
    expect(names((await search("pelican")).body)).toEqual([
      "Pelican Solo",
      "Quasar Pelican Parade",
      "Pelican Quasar",
      "Parade Poster",
      "Harbor Night",
    ]);
  });

  it("drops a word that is nowhere in the vocabulary when all words together find nothing", async () => {
    const response = await search("pelican zorblaxian");
    expect(response.status).toBe(200);
    expect(response.body.meta.total_count).toBe(5);
    expect(response.body.meta.dropped_words).toEqual(["zorblaxian"]);
    expect(names(response.body)[0]).toBe("Pelican Solo");
    expect((await search("pelican")).body.meta.dropped_words).toEqual([]);
  });

  it("finds nothing, without a title-similarity guess, for real words no design has together", async () => {
    const response = await search("pelican walrus");
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.meta.total_count).toBe(0);
  });

  it("gives exactly the full ordering's pages however many designs it looks through first", async () => {
    const db = server.database.db;
    const perPage = 5;
    let checked = 0;
    for (const query of ["fox", "neon fox", "moon river", "jazz", "comet", "harbor lantern", "neon"]) {
      const words = query.split(" ");
      const tsQuery = sql.join(
        words.map((word) => sql`plainto_tsquery('english', ${word})`),
        sql` && `,
      );
      const tierOf = sql`case when title_key = ${query} then 0 when title_document @@ (${tsQuery}) then 1
        when label_document @@ (${tsQuery}) then 2 else 3 end`;
      const orders = {
        relevance: sql`${tierOf}, order_count_30d desc, favorite_count desc, published_at desc, id`,
        popular: sql`order_count_30d desc, favorite_count desc, published_at desc, id`,
        newest: sql`published_at desc, id`,
      } as const;
      for (const [sort, order] of Object.entries(orders) as Array<[keyof typeof orders, SQL]>) {
        // The definition of the order, evaluated over every match: no shortcuts.
        const expected = await selectRows<{ id: string }>(
          db,
          sql`select id from designs where ${isListedDesign()} and search_document @@ (${tsQuery}) order by ${order}`,
        );
        // No design has all the words: the relaxed search answers instead (tested above).
        if (expected.length === 0) continue;
        if (expected.length > perPage && sort === "relevance") checked += 1;
        const pageCount = Math.ceil(expected.length / perPage) + 1;
        for (const prefixSize of [1, 3, 8, 30, 2400]) {
          for (let page = 1; page <= pageCount; page++) {
            const found = await searchDesigns({ db, query, sort, page, perPage, prefixSize });
            const context = `${query}, ${sort}, page ${page}, prefix ${prefixSize}`;
            expect(found.designIds, context).toEqual(
              expected.slice((page - 1) * perPage, page * perPage).map((row) => row.id),
            );
            expect(found.totalCount, context).toBe(expected.length);
          }
        }
      }
    }
    // Most queries span several pages, so page boundaries inside and across tiers are covered.
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it("counts a search's total once per cache period, whichever page is asked for", async () => {
    const db = server.database.db;
    let loads = 0;
    const countCache = async (_key: string, load: () => Promise<number>) => {
      loads += 1;
      return load();
    };
    const first = await searchDesigns({ db, query: "neon fox", sort: "relevance", page: 1, perPage: 5, countCache });
    expect(loads).toBe(1);
    const cached = new Map<string, number>();
    const keep = async (key: string, load: () => Promise<number>) => {
      const value = cached.get(key) ?? (await load());
      cached.set(key, value);
      return value;
    };
    await searchDesigns({ db, query: "neon fox", sort: "relevance", page: 1, perPage: 5, countCache: keep });
    const foxes = await selectRows<{ id: string }>(
      db,
      sql`update designs set status = 'deactivated' where title_key = 'neon fox' and status = 'active' returning id`,
    );
    expect(foxes.length).toBeGreaterThan(0);
    try {
      const second = await searchDesigns({
        db,
        query: "Neon, FOX!",
        sort: "newest",
        page: 2,
        perPage: 5,
        countCache: keep,
      });
      // Same words, same kept total, although designs have since left the listing.
      expect(second.totalCount).toBe(first.totalCount);
      expect(cached.size).toBe(1);
    } finally {
      for (const { id } of foxes) await db.execute(sql`update designs set status = 'active' where id = ${id}`);
    }
  });
});
