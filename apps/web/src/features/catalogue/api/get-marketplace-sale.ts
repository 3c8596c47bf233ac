import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { catalogueKeys } from "./query-keys.ts";

/** Spec section 3, marketplace sale: `data` is null when no sale runs. */
export type MarketplaceSale = {
  data: {
    id: string;
    type: string;
    attributes: { name: string; startDate: string; endDate: string; percentOff: number };
  } | null;
};

/** `GET /api/v1/marketplace_sales`: the sale running now, if any. */
export function getMarketplaceSale(signal?: AbortSignal): Promise<MarketplaceSale> {
  return apiRequest<MarketplaceSale>("/api/v1/marketplace_sales", { signal, isPublic: true });
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
