import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { CollectionDesignsResponse, DesignFilters, SearchSort } from "@threadfolk/contract/discovery-constants";
import { apiRequest } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";
import { filterParams } from "./search-designs.ts";

type CollectionDesignsParams = { nameKey: string; page: number; sort?: SearchSort; filters?: DesignFilters };

/** `GET /api/v1/internal_design_collections/{name_key}?page&sort`: one page (24 cards) of a home collection. */
export function getCollectionDesigns(params: CollectionDesignsParams, signal?: AbortSignal) {
  return apiRequest<CollectionDesignsResponse>(apiPath(API.homeCollection, { name_key: params.nameKey }), {
    params: { page: params.page, sort: params.sort, ...filterParams(params.filters) },
    signal,
    isPublic: true,
  });
}

export const collectionDesignsQueryOptions = (params: CollectionDesignsParams) =>
  queryOptions({
    queryKey: catalogueKeys.collectionDesigns(params),
    queryFn: ({ signal }) => getCollectionDesigns(params, signal),
    staleTime: 60_000,
  });

/** One page of a home collection (results page with `home-collection`); `enabled` false skips the call. */
export function useCollectionDesigns(params: CollectionDesignsParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...collectionDesignsQueryOptions(params), placeholderData: keepPreviousData, ...options });
}
