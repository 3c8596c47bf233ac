import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DesignFilters, SearchSort } from "@threadfolk/contract/discovery";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildDesign } from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { selectRows } from "../../db/select-rows.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { seedScaleCatalogue } from "../../seed/scale-catalogue.ts";
import { findWordAlternatives, type SearchPage, searchDesigns } from "./search-designs.ts";
import type { SearchIndex } from "./search-index.ts";
import { createStemmer, loadSearchIndex } from "./search-index-loader.ts";
import { createSearchIndexService, searchWithIndex } from "./search-index-service.ts";
import { similarity, trigramsOf } from "./trigrams.ts";

let server: TestServer;
let dataDir: string;
let index: SearchIndex;
let stemsOf: ReturnType<typeof createStemmer>;
/** Words of the catalogue's titles (not stop words), most frequent first. */
let commonWords: string[];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "threadfolk-search-index-"));
  server = await getTestServer({ env: { DATA_DIR: dataDir } });
  const db = server.context.db;
  await seedScaleCatalogue(server.context, { designs: 1500, artists: 20 });
  // Edge cases the generated catalogue may lack: an exact title that is also a title of others, ties in
  // popularity and publication time, a design published later (scheduled) and a deactivated one, a title of
  // stop words, words run together, a design in another style and colours.
  const artist = await buildArtist(db, { displayName: "Index Tester", uniqueUsername: "index-tester" });
  const sameTime = new Date(Date.UTC(2026, 5, 1, 12, 0, 0, 123));
  for (const title of ["Cosmic Cat", "Cosmic Cat", "Cat Cosmic Parade", "The Of And", "Neon Lantern"]) {
    await buildDesign(db, { artist, displayName: title, publishedAt: sameTime, orderCount30d: 2, favoriteCount: 1 });
  }
  await buildDesign(db, { artist, displayName: "Cosmic Cat Later", publishedAt: new Date(Date.now() + 86_400_000) });
  await buildDesign(db, { artist, displayName: "Cosmic Cat Hidden", status: "deactivated" });
  // Hidden by moderation (issue 28): taken down, and of a suspended storefront; the index must agree with SQL.
  await buildDesign(db, { artist, displayName: "Cosmic Cat Taken Down", takenDownAt: new Date() });
  const suspended = await buildArtist(db, {
    displayName: "Suspended Tester",
    uniqueUsername: "suspended-tester",
    suspendedAt: new Date(),
    suspensionCause: "operator",
  });
  await buildDesign(db, { artist: suspended, displayName: "Cosmic Cat Suspended" });
  await buildDesign(db, {
    artist,
    displayName: "Lantern Hoodie Special",
    tags: ["glow"],
    description: "A quiet harbor lantern.",
    garmentStyleKeys: ["hoodie", "tank_top"],
    offeredColors: ["white", "black"],
  });
  index = await loadSearchIndex(db);
  stemsOf = createStemmer(db);
  const titles = await selectRows<{ word: string; n: number }>(
    db,
    sql`select w as word, count(*)::int as n
      from designs, regexp_split_to_table(lower(display_name), '[^[:alnum:]]+') as w
      where length(w) >= 3 and numnode(plainto_tsquery('english', w)) > 0
      group by w order by n desc, w limit 40`,
  );
  commonWords = titles.map((row) => row.word);
}, 180_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The parts of a page both paths must agree on; undefined and false/empty mean the same. */
function comparable(page: SearchPage | undefined) {
  return page
    ? {
        designIds: page.designIds,
        totalCount: page.totalCount,
        totalCountCapped: page.totalCountCapped ?? false,
        droppedWords: page.droppedWords ?? [],
      }
    : undefined;
}

function queries(): string[] {
  const [a = "cat", b = "dog", c = "sun", d = "moon"] = commonWords;
  const typo = (word: string) => `${word.slice(0, 2)}${word.slice(3)}`;
  const long = Array.from({ length: 40 }, (_, position) => `zq${(position * 7919).toString(36)}x`)
    .join(" ")
    .slice(0, 200);
  return [
    ...commonWords.slice(0, 12),
    `${a} ${b}`,
    `${b} ${c}`,
    `${c} ${d} ${a}`,
    typo(a),
    typo(b),
    `${typo(c)} ${d}`,
    `${a} zzqxj`,
    `${a}${b}`,
    `${c}${d}s`,
    "cosmic cat",
    "Cosmic  CAT!",
    "cat cosmic parade",
    "the of and",
    "the",
    "of the",
    "a",
    "x",
    "t shirt",
    "a b c d e f g h",
    "neon lanterns",
    "lantern glow",
    "harbor",
    "hoodie special",
    "zzqxj",
    long,
  ];
}

async function bothPaths(options: {
  query: string;
  sort: SearchSort;
  page: number;
  perPage: number;
  filters?: DesignFilters;
  countCap?: number;
}) {
  const fromSql = await searchDesigns({ ...options, db: server.context.db });
  const fromIndex = await searchWithIndex(index, stemsOf, options);
  return { fromSql: comparable(fromSql), fromIndex: comparable(fromIndex) };
}

describe("the search index answers as the SQL search does", () => {
  it("finds the same corrections, or none, for every kind of word", async () => {
    const words = [...commonWords.slice(0, 10).flatMap((word) => [word, `${word}x`, `${word.slice(1)}`]), "the", "a"];
    const expected = await findWordAlternatives(server.context.db, words);
    const actual = index.alternativesFor(words, await stemsOf(words));
    // The nearest-neighbour scan orders ties of similarity as it meets them: compare corrections as sets.
    const normalise = (list: typeof expected) =>
      list.map((group) => ({ status: group.status, terms: [group.terms[0], ...group.terms.slice(1).sort()] }));
    expect(normalise(actual)).toEqual(normalise(expected));
  });

  it("has pg_trgm's similarity", async () => {
    const pairs: Array<[string, string]> = [
      ["warhamer", "warhammer"],
      ["cat", "cats"],
      ["Cosmic Cat!", "cosmic"],
      ["a", "ab"],
      ["naruto run", "nartuo"],
    ];
    for (const [a, b] of pairs) {
      const [row] = await selectRows<{ value: number }>(server.context.db, sql`select similarity(${a}, ${b}) as value`);
      expect(similarity(a, b), `${a} / ${b}`).toBe(Math.fround(Number(row?.value)));
    }
    expect([...trigramsOf("ab")].sort()).toEqual(["  a", " ab", "ab "]);
  });

  it("returns the same page, total and dropped words for every query and sort", async () => {
    const mismatches: unknown[] = [];
    const seen = { found: 0, empty: 0, dropped: 0, capped: 0 };
    for (const query of queries()) {
      for (const sort of ["relevance", "newest", "popular"] as const) {
        for (const page of [1, 2]) {
          const { fromSql, fromIndex } = await bothPaths({ query, sort, page, perPage: 7, countCap: 200 });
          if (JSON.stringify(fromSql) !== JSON.stringify(fromIndex))
            mismatches.push({ query, sort, page, fromSql, fromIndex });
          if (fromSql?.designIds.length) seen.found += 1;
          else seen.empty += 1;
          if (fromSql?.droppedWords.length) seen.dropped += 1;
          if (fromSql?.totalCountCapped) seen.capped += 1;
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The comparison covered every kind of answer: pages of results, empty ones, relaxed and capped searches.
    expect(seen.found).toBeGreaterThan(100);
    expect(seen.empty).toBeGreaterThan(5);
    expect(seen.dropped).toBeGreaterThan(0);
    expect(seen.capped).toBeGreaterThan(0);
  }, 240_000);

  it("agrees with filters, deep pages, full pages and a lowered count cap", async () => {
    const filters: DesignFilters[] = [{ color: "black" }, { style: "hoodie" }, { style: "mens_tee", color: "white" }];
    const mismatches: unknown[] = [];
    for (const query of queries().slice(0, 14)) {
      for (const filter of filters) {
        for (const sort of ["relevance", "newest"] as const) {
          const { fromSql, fromIndex } = await bothPaths({ query, sort, page: 1, perPage: 24, filters: filter });
          if (JSON.stringify(fromSql) !== JSON.stringify(fromIndex))
            mismatches.push({ query, sort, filter, fromSql, fromIndex });
        }
      }
      for (const page of [3, 40]) {
        const { fromSql, fromIndex } = await bothPaths({ query, sort: "relevance", page, perPage: 24 });
        if (JSON.stringify(fromSql) !== JSON.stringify(fromIndex)) mismatches.push({ query, page, fromSql, fromIndex });
      }
      const capped = await bothPaths({ query, sort: "popular", page: 1, perPage: 24, countCap: 30 });
      if (JSON.stringify(capped.fromSql) !== JSON.stringify(capped.fromIndex)) mismatches.push({ query, capped });
    }
    expect(mismatches).toEqual([]);
  }, 240_000);

  it("leaves to SQL what it does not cover: no words, price sorts and price filters", async () => {
    const base = { page: 1, perPage: 24 };
    expect(await searchWithIndex(index, stemsOf, { ...base, query: "", sort: "relevance" })).toBeUndefined();
    expect(await searchWithIndex(index, stemsOf, { ...base, query: "cat", sort: "price_asc" })).toBeUndefined();
    expect(
      await searchWithIndex(index, stemsOf, { ...base, query: "cat", sort: "relevance", filters: { priceUnder: 30 } }),
    ).toBeUndefined();
  });
});

describe("the search index service", () => {
  it("answers once built, and with SQL (undefined) after a catalogue change until rebuilt", async () => {
    const service = createSearchIndexService({ db: server.context.db, enabled: true, syncSeconds: 0 });
    const options = { query: "cosmic cat", sort: "relevance" as const, page: 1, perPage: 24 };
    expect(await service.search(options)).toBeUndefined();
    service.start();
    await service.settled();
    expect(service.status().state).toBe("ready");
    const before = await service.search(options);
    expect(before?.designIds.length).toBeGreaterThan(0);
    bumpCatalogueGeneration();
    expect(service.status().state).toBe("stale");
    expect(await service.search(options)).toBeUndefined();
    // The rebuild waits at least a second after the last build.
    await service.settled();
    expect(service.status().state).toBe("ready");
    expect(comparable(await service.search(options))).toEqual(comparable(before));
    service.close();
  });

  it("is off when disabled", async () => {
    const service = createSearchIndexService({ db: server.context.db, enabled: false, syncSeconds: 0 });
    service.start();
    expect(service.status().state).toBe("off");
    expect(await service.search({ query: "cat", sort: "relevance", page: 1, perPage: 24 })).toBeUndefined();
    service.close();
  });
});
