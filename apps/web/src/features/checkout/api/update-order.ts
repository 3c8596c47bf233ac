import { useMutation } from "@tanstack/react-query";
import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import type { UpdateOrderBody } from "@threadfolk/contract/checkout";
import type { ShippingServiceKey } from "@threadfolk/contract/shipping";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { checkoutKeys } from "./query-keys.ts";

export type UpdateOrderInput = { selectedShippingServiceKey: ShippingServiceKey } | { email: string };

/** `PUT /api/v1/orders` (no id in the path: the caller's cart) with the shipping option or the e-mail. */
export function updateOrder(order: UpdateOrderInput): Promise<ShoppingCartResponse> {
  const body: UpdateOrderBody = { order };
  return apiRequest<ShoppingCartResponse>("/api/v1/orders", { method: "PUT", body });
}

/** Changes the cart's shipping option or e-mail; `onCartSaved` receives the returned cart. */
export function useUpdateOrder(options: { onCartSaved: (cart: ShoppingCartResponse) => void }) {
  return useMutation({
    mutationKey: checkoutKeys.updateOrder(),
    mutationFn: updateOrder,
    meta: { isExpectedError: (error) => isApiError(error, 409) || isApiError(error, 422) },
    onSuccess: (cart) => options.onCartSaved(cart),
  });
}
