import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { PayPalFailureBody } from "@threadfolk/contract/orders";
import { apiRequest } from "../../../lib/api-client.ts";

/** `POST /api/v1/pay_pal_order_payment_failures` (spec section 8, wallet error): PayPal's name and message. */
export function reportPayPalFailure(body: PayPalFailureBody): Promise<void> {
  return apiRequest<void>(apiPath(API.payPalPaymentFailure), { method: "POST", body, keepalive: true });
}
