import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { CreatePayPalOrderBody, PayPalOrderResponse } from "@threadfolk/contract/orders";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * `POST /api/v1/pay_pal_orders`: the PayPal order for the placed order the quote (`processorPaymentId`) names;
 * its `data.id` is what PayPal's buttons ask `createOrder` for. The same quote answers the same PayPal order.
 */
export function createPayPalOrder(processorPaymentId: string, signal?: AbortSignal): Promise<PayPalOrderResponse> {
  const body: CreatePayPalOrderBody = { payPalOrder: { processorPaymentId } };
  return apiRequest<PayPalOrderResponse>(apiPath(API.createPayPalOrder), { method: "POST", body, signal });
}
