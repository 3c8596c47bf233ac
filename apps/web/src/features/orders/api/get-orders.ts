import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { OrdersListResponse } from "@threadfolk/contract/orders";
import { apiRequest } from "../../../lib/api-client.ts";
import { ordersKeys } from "./query-keys.ts";

/** `GET /api/v1/orders?page=N`: the signed-in customer's placed orders, newest first, ten a page. */
function getOrders(page: number, signal?: AbortSignal): Promise<OrdersListResponse> {
  return apiRequest<OrdersListResponse>(apiPath(API.orders), { params: { page }, signal });
}

export const ordersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ordersKeys.list(page),
    queryFn: ({ signal }) => getOrders(page, signal),
    placeholderData: keepPreviousData,
    // Fresh on every visit: an order placed a moment ago, or one that just shipped, must show at once.
    staleTime: 0,
  });

/** One page of the customer's orders (the Orders tab). */
export function useOrders(page: number) {
  return useQuery(ordersQueryOptions(page));
}
