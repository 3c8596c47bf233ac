import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { OrderPaymentResponse, PayPalOrderPaymentBody } from "@threadfolk/contract/orders";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * `POST /api/v1/pay_pal_order_payments` (spec section 7: the wallet params unwrapped) once the payer approved:
 * the server captures the PayPal order `requestId` and decides on the capture it reads from PayPal. 201 paid,
 * 202 held for PayPal's review (its message says so), 402 'PayPal Payment Failure' (an `ApiError`).
 */
export function payOrderByPayPal(body: PayPalOrderPaymentBody, signal?: AbortSignal): Promise<OrderPaymentResponse> {
  return apiRequest<OrderPaymentResponse>(apiPath(API.payByPayPal), { method: "POST", body, signal });
}
