import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { OrderPaymentBody, OrderPaymentResponse } from "@threadfolk/contract/orders";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * `POST /api/v1/order_payments` (spec section 7: the payment params unwrapped) with the `Idempotency-Key` of
 * one press of Place Order: the server answers a repeated key with the stored result, so a retry after a lost
 * reply never charges twice. A decline is a 402 (`ApiError` whose body has `data.attributes.status: 'failure'`).
 */
export function payOrderByCard(
  body: OrderPaymentBody,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<OrderPaymentResponse> {
  return apiRequest<OrderPaymentResponse>(apiPath(API.payByCard), {
    method: "POST",
    body,
    headers: { "Idempotency-Key": idempotencyKey },
    signal,
  });
}
