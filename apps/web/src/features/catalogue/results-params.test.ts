import { describe, expect, it } from "vitest";
import { hasSearchWords, parseFilters, parsePriceRangeValue, priceRangeValue, resultsPath } from "./results-params.ts";

describe("results URL parameters", () => {
  it("reads the filters the API accepts and leaves out the rest", () => {
    const params = new URLSearchParams("style=hoodie&color=navy&price_from=20&price_under=25");
    expect(parseFilters(params)).toEqual({ style: "hoodie", color: "navy", priceFrom: 20, priceUnder: 25 });
    expect(parseFilters(new URLSearchParams("style=poncho&color=Navy&price_from=-1&price_under=1.5"))).toEqual({});
    // A range that holds no price is dropped whole.
    expect(parseFilters(new URLSearchParams("price_from=30&price_under=20"))).toEqual({});
  });

  it("writes sort and filters after the spec's query and page, in a fixed order", () => {
    const filters = { color: "black" as const, style: "hoodie" as const, priceUnder: 20 };
    expect(resultsPath({ query: "cat", collection: null, page: 1 }, { sort: "price_asc", filters })).toBe(
      "/results?query=cat&page=1&sort=price_asc&style=hoodie&color=black&price_under=20",
    );
    expect(resultsPath({ query: null, collection: "browse", page: 2 }, { filters: {} })).toBe(
      "/results?home-collection=browse&page=2",
    );
  });

  it("round-trips price ranges and tells an empty search", () => {
    expect(parsePriceRangeValue(priceRangeValue({ priceFrom: 20, priceUnder: 25 }))).toEqual({
      priceFrom: 20,
      priceUnder: 25,
    });
    expect(parsePriceRangeValue(priceRangeValue({ priceUnder: 20 }))).toEqual({ priceUnder: 20 });
    expect(priceRangeValue({})).toBe("");
    expect(hasSearchWords("  ?! ")).toBe(false);
    expect(hasSearchWords("")).toBe(false);
    expect(hasSearchWords(" kawaii ")).toBe(true);
  });
});
