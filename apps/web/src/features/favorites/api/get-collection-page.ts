import { useInfiniteQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { PageMeta } from "@threadfolk/contract/discovery-constants";
import type { CustomerProfileDesignCollectionWithDesigns, LikedDesignCard } from "@threadfolk/contract/favorites";
import { apiRequest } from "../../../lib/api-client.ts";
import { favoritesKeys } from "./query-keys.ts";

type CollectionPage = { designs: LikedDesignCard[]; totalPages: number };

/** `GET /api/v1/customer_profile_design_collections/{id}?page=N`: one page of a collection's designs. */
async function getCollectionPage(collectionId: number, page: number, signal?: AbortSignal) {
  const response = await apiRequest<{ data: CustomerProfileDesignCollectionWithDesigns; meta: PageMeta }>(
    apiPath(API.favoriteCollection, { id: collectionId }),
    { params: { page }, signal },
  );
  return { designs: response.data.attributes.designs, totalPages: response.meta.totalPages } satisfies CollectionPage;
}

/**
 * The pages after the first of a collection (the Favorite Designs tab shows the first with every collection),
 * fetched one by one as the customer asks for more. Under the favourites key, so any change refetches them.
 */
export function useMoreCollectionDesigns(collectionId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: favoritesKeys.collectionPages(collectionId),
    queryFn: ({ pageParam, signal }) => getCollectionPage(collectionId, pageParam, signal),
    initialPageParam: 2,
    getNextPageParam: (last, _pages, lastPage) => (lastPage < last.totalPages ? lastPage + 1 : undefined),
    enabled,
  });
}
