import { queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import { snakeToCamel } from "@threadfolk/contract/case";
import type { HomeCollectionKey } from "@threadfolk/contract/constants";
import type { HomeCollection, HomeCollectionsResponse } from "@threadfolk/contract/discovery-constants";
import { apiRequest } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/** `GET /api/v1/internal_design_collections` (no query): every home collection with its preview cards. */
export function getHomeCollections(signal?: AbortSignal): Promise<HomeCollectionsResponse> {
  return apiRequest<HomeCollectionsResponse>(apiPath(API.homeCollectionsOrSearch), { signal, isPublic: true });
}

/** A collection of the home payload by its spec name (`blk_history25`), if the payload has it. */
export function pickHomeCollection(
  collections: HomeCollectionsResponse | undefined,
  key: HomeCollectionKey,
): HomeCollection | undefined {
  const value = collections?.[snakeToCamel(key)];
  return typeof value === "object" ? value : undefined;
}

export const homeCollectionsQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.homeCollections(),
    queryFn: ({ signal }) => getHomeCollections(signal),
    // Spec section 2: the collections are not refetched on window focus.
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  });

/** The home collections (spec section 2, Home). */
export function useHomeCollections(options: { retry?: boolean | number } = {}) {
  return useQuery({ ...homeCollectionsQueryOptions(), ...options });
}
