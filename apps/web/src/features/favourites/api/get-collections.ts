import { queryOptions, useQuery } from "@tanstack/react-query";
import type {
  CustomerProfileDesignCollection,
  CustomerProfileDesignCollectionWithDesigns,
} from "@threadfolk/contract/favourites";
import { apiRequest } from "../../../lib/api-client.ts";
import { favouritesKeys } from "./query-keys.ts";

/** `GET /api/v1/customer_profile_design_collections?display=false`: the collections menu's list. */
async function getCollections(signal?: AbortSignal): Promise<CustomerProfileDesignCollection[]> {
  const response = await apiRequest<{ data: CustomerProfileDesignCollection[] }>(
    "/api/v1/customer_profile_design_collections",
    { params: { display: false }, signal },
  );
  return response.data;
}

const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: favouritesKeys.collections(),
    queryFn: ({ signal }) => getCollections(signal),
    // Always current when the menu opens: another tab may have changed the collections.
    staleTime: 0,
  });

/** The signed-in customer's collections (the collections menu). */
export function useCollections(enabled = true) {
  return useQuery({ ...collectionsQueryOptions(), enabled });
}

/** `GET /api/v1/customer_profile_design_collections?display=true`: every collection with its first designs. */
async function getCollectionsWithDesigns(signal?: AbortSignal): Promise<CustomerProfileDesignCollectionWithDesigns[]> {
  const response = await apiRequest<{ data: CustomerProfileDesignCollectionWithDesigns[] }>(
    "/api/v1/customer_profile_design_collections",
    { params: { display: true }, signal },
  );
  return response.data;
}

const collectionsWithDesignsQueryOptions = () =>
  queryOptions({
    queryKey: favouritesKeys.collectionsWithDesigns(),
    queryFn: ({ signal }) => getCollectionsWithDesigns(signal),
  });

/** The Favorite Designs tab: each collection with its designs. */
export function useCollectionsWithDesigns() {
  return useQuery(collectionsWithDesignsQueryOptions());
}
