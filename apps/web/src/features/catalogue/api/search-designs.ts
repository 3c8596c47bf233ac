import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { SearchDesignsResponse, SearchSort } from "@threadfolk/contract/discovery-constants";
import { apiRequest } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

type SearchDesignsParams = { query: string; page: number; sort?: SearchSort };

/** `GET /api/v1/internal_design_collections?query&page&sort`: one page of search results (query as typed). */
export function searchDesigns(params: SearchDesignsParams, signal?: AbortSignal) {
  return apiRequest<SearchDesignsResponse>("/api/v1/internal_design_collections", {
    params: { query: params.query, page: params.page, sort: params.sort },
    signal,
    isPublic: true,
  });
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
