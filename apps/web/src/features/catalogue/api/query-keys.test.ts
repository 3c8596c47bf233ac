import { describe, expect, it } from "vitest";
import { catalogueKeys } from "./query-keys.ts";

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part);

describe("catalogueKeys", () => {
  it("puts every storefront page under the prefix a follow invalidates", () => {
    const page = catalogueKeys.artist({ artistKey: "inkwell", page: 2 });
    expect(startsWith(page, catalogueKeys.artists())).toBe(true);
    expect(startsWith(catalogueKeys.design("d1"), catalogueKeys.artists())).toBe(false);
  });

  it("keeps different queries of one kind apart and every key under the catalogue", () => {
    expect(catalogueKeys.searchDesigns({ query: "cat", page: 1 })).not.toEqual(
      catalogueKeys.searchDesigns({ query: "cat", page: 2 }),
    );
    for (const key of [
      catalogueKeys.carousel("front_page"),
      catalogueKeys.collectionDesigns({ nameKey: "popular", page: 1 }),
      catalogueKeys.homeCollections(),
      catalogueKeys.marketplaceSale(),
      catalogueKeys.searchSuggestions("ca"),
    ]) {
      expect(startsWith(key, catalogueKeys.all)).toBe(true);
    }
  });
});
