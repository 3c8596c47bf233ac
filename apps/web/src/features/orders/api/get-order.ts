import { queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { PlacedOrderResponse, PlacedOrderState } from "@threadfolk/contract/orders";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { ordersKeys } from "./query-keys.ts";

/** The states in which an order changes without the shopper doing anything (the print shop and the carrier). */
const ORDER_STATES_IN_MOTION: readonly PlacedOrderState[] = ["paid", "in_production", "partly_shipped", "shipped"];
const IN_MOTION_REFRESH_MS = 30_000;

/**
 * `GET /api/v1/orders/{order_number}`: one placed order with its lines and addresses in `included`. A guest
 * reads their order with the signed `token` of its confirmation e-mail's link.
 */
function getOrder(orderNumber: string, token: string | null, signal?: AbortSignal): Promise<PlacedOrderResponse> {
  return apiRequest<PlacedOrderResponse>(apiPath(API.order, { order_number: orderNumber }), {
    params: token ? { token } : undefined,
    signal,
  });
}

export const orderQueryOptions = (orderNumber: string, token: string | null) =>
  queryOptions({
    queryKey: ordersKeys.detail(orderNumber, token),
    queryFn: ({ signal }) => getOrder(orderNumber, token, signal),
    // Its state moves on the server (paid, shipped): read again on every visit, and every half minute while the
    // print shop works on it, so a parcel that ships while the page is open shows up.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && ORDER_STATES_IN_MOTION.includes(query.state.data.data.attributes.state)
        ? IN_MOTION_REFRESH_MS
        : false,
    // Not found stays not found: no retries for a 404 (someone else's order, a mistyped number, a bad link).
    retry: (failureCount, error) => !isApiError(error, 404) && !isApiError(error, 401) && failureCount < 2,
  });

/** One order: the customer's own (no token), or a guest's through its e-mail link (`token`). */
export function useOrder(orderNumber: string, token: string | null = null) {
  return useQuery(orderQueryOptions(orderNumber, token));
}
