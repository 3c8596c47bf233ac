import { afterEach, describe, expect, it, vi } from "vitest";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { type CachedSearchPage, createSearchResultCache, searchCacheKey } from "./search-result-cache.ts";

const settings = { SEARCH_CACHE_SECONDS: 30, SEARCH_CACHE_MAX_ENTRIES: 100, SEARCH_CACHE_MAX_BYTES: 1024 * 1024 };

function page(text: string, totalCount = 1): CachedSearchPage {
  return { dataJson: JSON.stringify([text]), totalCount, totalCountCapped: false, droppedWords: [] };
}

function clock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("searchCacheKey", () => {
  it("keys on the searchable words, whatever the spelling of the query", () => {
    const base = { sort: "relevance", page: 1, perPage: 24 };
    expect(searchCacheKey({ ...base, query: "  Space  CAT!" })).toBe(searchCacheKey({ ...base, query: "space cat" }));
    expect(searchCacheKey({ ...base, query: "space cat" })).not.toBe(searchCacheKey({ ...base, query: "cat space" }));
  });

  it("keys on every option, in any order, but not on functions or missing values", () => {
    const key = searchCacheKey({ query: "cat", sort: "relevance", page: 1, perPage: 24 });
    expect(searchCacheKey({ perPage: 24, page: 1, sort: "relevance", query: "cat", extra: undefined })).toBe(key);
    expect(searchCacheKey({ query: "cat", sort: "relevance", page: 1, perPage: 24, load: () => 1 })).toBe(key);
    expect(searchCacheKey({ query: "cat", sort: "newest", page: 1, perPage: 24 })).not.toBe(key);
    expect(searchCacheKey({ query: "cat", sort: "relevance", page: 2, perPage: 24 })).not.toBe(key);
    // A filter the search takes (a garment style, a colour, a price range) is part of the key.
    expect(searchCacheKey({ query: "cat", sort: "relevance", page: 1, perPage: 24, colors: ["black"] })).not.toBe(key);
    expect(searchCacheKey({ query: "cat", sort: "relevance", page: 1, perPage: 24, colors: ["white"] })).not.toBe(
      searchCacheKey({ query: "cat", sort: "relevance", page: 1, perPage: 24, colors: ["black"] }),
    );
  });
});

describe("createSearchResultCache", () => {
  it("answers a repeated search from memory until its time is up", async () => {
    const time = clock();
    const cache = createSearchResultCache(settings, { now: time.now });
    const load = vi.fn(async () => page("a"));
    const search = { query: "cat", sort: "relevance", page: 1 };
    expect(await cache.get(search, load)).toEqual(page("a"));
    expect(await cache.get({ ...search, query: "CAT" }, load)).toEqual(page("a"));
    expect(load).toHaveBeenCalledTimes(1);
    time.advance(29_999);
    await cache.get(search, load);
    expect(load).toHaveBeenCalledTimes(1);
    time.advance(2);
    expect(await cache.get(search, async () => page("b"))).toEqual(page("b"));
  });

  it("keeps nothing when switched off", async () => {
    const cache = createSearchResultCache({ ...settings, SEARCH_CACHE_SECONDS: 0 });
    const load = vi.fn(async () => page("a"));
    await cache.get({ query: "cat" }, load);
    await cache.get({ query: "cat" }, load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.stats().entries).toBe(0);
  });

  it("runs one search for concurrent misses of a page", async () => {
    const cache = createSearchResultCache(settings);
    let release: (value: CachedSearchPage) => void = () => undefined;
    const load = vi.fn(() => new Promise<CachedSearchPage>((resolve) => (release = resolve)));
    const first = cache.get({ query: "dog" }, load);
    const second = cache.get({ query: "Dog" }, load);
    release(page("dog"));
    expect(await Promise.all([first, second])).toEqual([page("dog"), page("dog")]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("holds at most its entries, the least recently used going first", async () => {
    const cache = createSearchResultCache({ ...settings, SEARCH_CACHE_MAX_ENTRIES: 2 });
    await cache.get({ query: "a" }, async () => page("a1"));
    await cache.get({ query: "b" }, async () => page("b1"));
    // "a" is used again, so "b" is now the least recently used and goes when "c" comes.
    expect(await cache.get({ query: "a" }, async () => page("a2"))).toEqual(page("a1"));
    await cache.get({ query: "c" }, async () => page("c1"));
    expect(cache.stats().entries).toBe(2);
    expect(await cache.get({ query: "b" }, async () => page("b2"))).toEqual(page("b2"));
    expect(await cache.get({ query: "c" }, async () => page("c2"))).toEqual(page("c1"));
  });

  it("holds at most its bytes, and never a page larger than all of them", async () => {
    const cache = createSearchResultCache({ ...settings, SEARCH_CACHE_MAX_BYTES: 3000 });
    const big = (text: string) => page(text.repeat(1000));
    await cache.get({ query: "a" }, async () => big("a"));
    await cache.get({ query: "b" }, async () => big("b"));
    expect(cache.stats().entries).toBe(2);
    await cache.get({ query: "c" }, async () => big("c"));
    expect(cache.stats().entries).toBe(2);
    expect(cache.stats().bytes).toBeLessThanOrEqual(3000);
    expect(await cache.get({ query: "a" }, async () => page("a2"))).toEqual(page("a2"));
    const huge = page("x".repeat(5000));
    expect(await cache.get({ query: "x" }, async () => huge)).toEqual(huge);
    expect(await cache.get({ query: "x" }, async () => page("x2"))).toEqual(page("x2"));
  });

  it("drops every page when the catalogue changes, and never keeps a page loaded across a change", async () => {
    const cache = createSearchResultCache(settings);
    await cache.get({ query: "cat" }, async () => page("before", 1));
    bumpCatalogueGeneration();
    expect(await cache.get({ query: "cat" }, async () => page("after", 2))).toEqual(page("after", 2));
    expect(await cache.get({ query: "cat" }, async () => page("again", 3))).toEqual(page("after", 2));

    // A search that started before a publish and ends after it answers its request but is not kept.
    let release: (value: CachedSearchPage) => void = () => undefined;
    const slow = cache.get({ query: "dog" }, () => new Promise<CachedSearchPage>((resolve) => (release = resolve)));
    bumpCatalogueGeneration();
    release(page("stale"));
    expect(await slow).toEqual(page("stale"));
    expect(await cache.get({ query: "dog" }, async () => page("fresh"))).toEqual(page("fresh"));
  });

  it("peeks at a fresh page without searching, and sees none after a catalogue change", async () => {
    const cache = createSearchResultCache(settings);
    expect(cache.peek({ query: "owl" })).toBeUndefined();
    await cache.get({ query: "owl" }, async () => page("owl"));
    expect(cache.peek({ query: "OWL!" })).toEqual(page("owl"));
    bumpCatalogueGeneration();
    expect(cache.peek({ query: "owl" })).toBeUndefined();
  });

  it("forgets a failed search", async () => {
    const cache = createSearchResultCache(settings);
    await expect(cache.get({ query: "cat" }, async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get({ query: "cat" }, async () => page("ok"))).toEqual(page("ok"));
  });
});
