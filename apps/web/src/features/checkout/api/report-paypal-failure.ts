import type { PayPalFailureBody } from "@threadfolk/contract/orders";
import { apiRequest } from "../../../lib/api-client.ts";

/** `POST /api/v1/pay_pal_order_payment_failures` (spec section 8, wallet error): PayPal's name and message. */
export function reportPayPalFailure(body: PayPalFailureBody): Promise<void> {
  return apiRequest<void>("/api/v1/pay_pal_order_payment_failures", { method: "POST", body, keepalive: true });
}
