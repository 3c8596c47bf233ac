import { queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { PlacedOrderResponse } from "@threadfolk/contract/orders";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { ordersKeys } from "./query-keys.ts";

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
    // Its state moves on the server (paid, shipped): read again on every visit.
    staleTime: 0,
    // Not found stays not found: no retries for a 404 (someone else's order, a mistyped number, a bad link).
    retry: (failureCount, error) => !isApiError(error, 404) && !isApiError(error, 401) && failureCount < 2,
  });

/** One order: the customer's own (no token), or a guest's through its e-mail link (`token`). */
export function useOrder(orderNumber: string, token: string | null = null) {
  return useQuery(orderQueryOptions(orderNumber, token));
}
