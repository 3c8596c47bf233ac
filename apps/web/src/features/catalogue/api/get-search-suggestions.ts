import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { SearchSuggestions, SearchSuggestionsResponse } from "@threadfolk/contract/discovery-constants";
import { apiRequest } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/** `GET /api/v1/search_suggestions?query`: designs, tags and artists matching what is typed so far. */
async function getSearchSuggestions(query: string, signal?: AbortSignal): Promise<SearchSuggestions> {
  const response = await apiRequest<SearchSuggestionsResponse>(apiPath(API.searchSuggestions), {
    params: { query },
    signal,
    isPublic: true,
  });
  return response.data;
}

const searchSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: catalogueKeys.searchSuggestions(query),
    queryFn: ({ signal }) => getSearchSuggestions(query, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Suggestions for a (debounced) query; nothing is asked for blank text. */
export function useSearchSuggestions(query: string) {
  return useQuery({
    ...searchSuggestionsQueryOptions(query),
    enabled: query.trim().length > 0,
    // Keeps the previous list up while the next one loads, so the popup does not flicker as one types.
    placeholderData: keepPreviousData,
  });
}
