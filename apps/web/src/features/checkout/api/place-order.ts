import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { PlacedOrderResponse, PlaceOrderBody } from "@threadfolk/contract/orders";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * `POST /api/v1/orders` with `{order: {}}`: the caller's cart becomes an order awaiting payment, its amounts
 * frozen; the answer carries the `processorPaymentId` the card step sends back. Placing an unchanged cart again
 * answers the same order, so a repeated call is harmless.
 */
export function placeOrder(signal?: AbortSignal): Promise<PlacedOrderResponse> {
  const body: PlaceOrderBody = { order: {} };
  return apiRequest<PlacedOrderResponse>(apiPath(API.orders), { method: "POST", body, signal });
}
