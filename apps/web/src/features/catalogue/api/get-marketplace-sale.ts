import { queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { MarketplaceSaleResponse } from "@threadfolk/contract/discovery-constants";
import { apiRequest } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/** `GET /api/v1/marketplace_sales`: the sale running now, if any. */
export function getMarketplaceSale(signal?: AbortSignal): Promise<MarketplaceSaleResponse> {
  return apiRequest<MarketplaceSaleResponse>(apiPath(API.marketplaceSale), { signal, isPublic: true });
}

export const marketplaceSaleQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.marketplaceSale(),
    queryFn: ({ signal }) => getMarketplaceSale(signal),
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  });

/** The running marketplace sale (the home page's 'Sale Ends In' countdown). */
export function useMarketplaceSale() {
  return useQuery(marketplaceSaleQueryOptions());
}
