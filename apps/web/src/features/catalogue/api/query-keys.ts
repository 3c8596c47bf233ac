import type { DesignFilters, SearchSort } from "@threadfolk/contract/discovery-constants";

/**
 * Every catalogue query key, from one factory: each key starts with its kind's prefix, so that invalidating
 * `catalogueKeys.artists()` refetches every storefront page and `catalogueKeys.all` the whole catalogue.
 */
export const catalogueKeys = {
  all: ["catalogue"] as const,
  artists: () => [...catalogueKeys.all, "artist"] as const,
  artist: (params: { artistKey: string; page: number }) => [...catalogueKeys.artists(), params] as const,
  carousel: (locationCode: string) => [...catalogueKeys.all, "carousel", locationCode] as const,
  collectionDesigns: (params: { nameKey: string; page: number; sort?: SearchSort; filters?: DesignFilters }) =>
    [...catalogueKeys.all, "collection-designs", params] as const,
  design: (uuid: string) => [...catalogueKeys.all, "design", uuid] as const,
  designGarmentImages: (uuid: string, garment: string) => [...catalogueKeys.design(uuid), "images", garment] as const,
  homeCollections: () => [...catalogueKeys.all, "home-collections"] as const,
  marketplaceSale: () => [...catalogueKeys.all, "marketplace-sale"] as const,
  searchDesigns: (params: { query: string; page: number; sort?: SearchSort; filters?: DesignFilters }) =>
    [...catalogueKeys.all, "search-designs", params] as const,
  searchSuggestions: (query: string) => [...catalogueKeys.all, "search-suggestions", query] as const,
};
