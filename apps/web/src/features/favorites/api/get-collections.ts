import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { PageMeta } from "@threadfolk/contract/discovery-constants";
import type {
  CustomerProfileDesignCollection,
  CustomerProfileDesignCollectionWithDesigns,
} from "@threadfolk/contract/favorites";
import { apiRequest } from "../../../lib/api-client.ts";
import { favoritesKeys } from "./query-keys.ts";

/** `GET /api/v1/customer_profile_design_collections?display=false`: the collections menu's list. */
async function getCollections(signal?: AbortSignal): Promise<CustomerProfileDesignCollection[]> {
  const response = await apiRequest<{ data: CustomerProfileDesignCollection[] }>(apiPath(API.favoriteCollections), {
    params: { display: false },
    signal,
  });
  return response.data;
}

const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: favoritesKeys.collections(),
    queryFn: ({ signal }) => getCollections(signal),
    // Always current when the menu opens: another tab may have changed the collections.
    staleTime: 0,
  });

/** The signed-in customer's collections (the collections menu). */
export function useCollections(enabled = true) {
  return useQuery({ ...collectionsQueryOptions(), enabled });
}

type CollectionsWithDesignsPage = { collections: CustomerProfileDesignCollectionWithDesigns[]; totalPages: number };

/**
 * `GET /api/v1/customer_profile_design_collections?display=true&page=N`: one page of collections
 * (FAVORITE_COLLECTIONS_PAGE_SIZE), each with its first designs.
 */
async function getCollectionsWithDesigns(page: number, signal?: AbortSignal): Promise<CollectionsWithDesignsPage> {
  const response = await apiRequest<{ data: CustomerProfileDesignCollectionWithDesigns[]; meta: PageMeta }>(
    apiPath(API.favoriteCollections),
    { params: { display: true, page }, signal },
  );
  return { collections: response.data, totalPages: response.meta.totalPages };
}

/** The Favorite Designs tab: the collections with their designs, a page at a time as the customer asks. */
export function useCollectionsWithDesigns() {
  return useInfiniteQuery({
    queryKey: favoritesKeys.collectionsWithDesigns(),
    queryFn: ({ pageParam, signal }) => getCollectionsWithDesigns(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPage) => (lastPage < last.totalPages ? lastPage + 1 : undefined),
  });
}
