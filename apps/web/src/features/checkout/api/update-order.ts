import { useMutation } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import type { UpdateOrderBody } from "@threadfolk/contract/checkout";
import type { ShippingServiceKey } from "@threadfolk/contract/shipping";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { checkoutKeys } from "./query-keys.ts";

/** One change at a time: the shipping option, the e-mail, or the code (`""` removes the one applied). */
export type UpdateOrderInput =
  | { selectedShippingServiceKey: ShippingServiceKey }
  | { email: string }
  | { promoCode: string };

/** `PUT /api/v1/orders` (no id in the path: the caller's cart) with the shipping option, the e-mail or the code. */
export function updateOrder(order: UpdateOrderInput): Promise<ShoppingCartResponse> {
  const body: UpdateOrderBody = { order };
  return apiRequest<ShoppingCartResponse>(apiPath(API.orders), { method: "PUT", body });
}

/** Changes the cart's shipping option, e-mail or code; `onCartSaved` receives the returned cart. */
export function useUpdateOrder(options: { onCartSaved: (cart: ShoppingCartResponse) => void }) {
  return useMutation({
    mutationKey: checkoutKeys.updateOrder(),
    mutationFn: updateOrder,
    meta: { isExpectedError: (error) => isApiError(error, 409) || isApiError(error, 422) },
    onSuccess: (cart) => options.onCartSaved(cart),
  });
}
