import type { QueryClient } from "@tanstack/react-query";
import type { HomeCollectionKey } from "@threadfolk/contract/constants";
import { HOME_COLLECTION_KEYS } from "@threadfolk/contract/constants";
import { SEARCH_SORTS, type SearchSort } from "@threadfolk/contract/discovery-constants";
import type { LoaderFunctionArgs } from "react-router";
import { artistQueryOptions } from "../features/catalogue/api/get-artist.ts";
import { carouselQueryOptions } from "../features/catalogue/api/get-carousel.ts";
import { collectionDesignsQueryOptions } from "../features/catalogue/api/get-collection-designs.ts";
import { designQueryOptions } from "../features/catalogue/api/get-design.ts";
import { homeCollectionsQueryOptions } from "../features/catalogue/api/get-home-collections.ts";
import { marketplaceSaleQueryOptions } from "../features/catalogue/api/get-marketplace-sale.ts";
import { searchDesignsQueryOptions } from "../features/catalogue/api/search-designs.ts";
import { parsePageParam } from "../lib/catalogue-paths.ts";

/**
 * Route loaders that start a page's API calls while its code is still downloading (React Router runs a
 * route's loader and its lazy module in parallel). They never wait for the data: the page's own queries
 * pick up the same cache entries, and show their loading and error states as usual.
 */
export type PagePrefetcher = (args: LoaderFunctionArgs) => null;

export function createPrefetchers(queryClient: QueryClient) {
  return {
    home: (() => {
      void queryClient.prefetchQuery(homeCollectionsQueryOptions());
      void queryClient.prefetchQuery(carouselQueryOptions("front_page"));
      void queryClient.prefetchQuery(marketplaceSaleQueryOptions());
      return null;
    }) satisfies PagePrefetcher,

    results: (({ request }) => {
      const params = new URL(request.url).searchParams;
      const page = parsePageParam(params.get("page"));
      if (page === undefined) return null;
      const query = params.get("query");
      const sort = SEARCH_SORTS.find((value) => value === params.get("sort")) as SearchSort | undefined;
      const collection = params.get("home-collection");
      if (query !== null) void queryClient.prefetchQuery(searchDesignsQueryOptions({ query, page, sort }));
      else if (collection !== null && (HOME_COLLECTION_KEYS as readonly string[]).includes(collection)) {
        void queryClient.prefetchQuery(
          collectionDesignsQueryOptions({ nameKey: collection as HomeCollectionKey, page }),
        );
      }
      return null;
    }) satisfies PagePrefetcher,

    design: (({ params }) => {
      if (params.uuid) void queryClient.prefetchQuery(designQueryOptions(params.uuid));
      return null;
    }) satisfies PagePrefetcher,

    artist: (({ params, request }) => {
      const artistKey = params.artistUuid || params.username;
      const page = parsePageParam(new URL(request.url).searchParams.get("page")) ?? 1;
      if (artistKey) void queryClient.prefetchQuery(artistQueryOptions({ artistKey, page }));
      return null;
    }) satisfies PagePrefetcher,
  };
}
