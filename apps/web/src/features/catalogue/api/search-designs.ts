import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { DesignFilters, SearchDesignsResponse, SearchSort } from "@threadfolk/contract/discovery-constants";
import { apiRequest } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

type SearchDesignsParams = { query: string; page: number; sort?: SearchSort; filters?: DesignFilters };

/**
 * `GET /api/v1/internal_design_collections?query&page&sort&style&color&price_from&price_under`: one page of
 * search results (query as typed).
 */
export function searchDesigns(params: SearchDesignsParams, signal?: AbortSignal) {
  return apiRequest<SearchDesignsResponse>(apiPath(API.homeCollectionsOrSearch), {
    params: { query: params.query, page: params.page, sort: params.sort, ...filterParams(params.filters) },
    signal,
    isPublic: true,
  });
}

/** The filters as the API's query parameters (snake_case), unset ones left out. */
export function filterParams(filters: DesignFilters | undefined) {
  return {
    style: filters?.style,
    color: filters?.color,
    price_from: filters?.priceFrom,
    price_under: filters?.priceUnder,
  };
}

export const searchDesignsQueryOptions = (params: SearchDesignsParams) =>
  queryOptions({
    queryKey: catalogueKeys.searchDesigns(params),
    queryFn: ({ signal }) => searchDesigns(params, signal),
    staleTime: 60_000,
  });

/** One page of search results; `enabled` false skips the call (the results page shows a collection instead). */
export function useSearchDesigns(params: SearchDesignsParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...searchDesignsQueryOptions(params), placeholderData: keepPreviousData, ...options });
}
