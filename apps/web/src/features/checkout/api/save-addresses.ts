import { useMutation } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import type { AddressesBody } from "@threadfolk/contract/checkout";
import { trackEvent } from "../../../lib/analytics.ts";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { checkoutKeys } from "./query-keys.ts";

export type SaveAddressesInput = {
  body: AddressesBody;
  /** True when the cart already has addresses: `PUT` replaces them; otherwise `POST` creates them. */
  isUpdate: boolean;
};

/** `POST` (create) or `PUT` (replace) apiPath(API.createAddresses): both addresses and the e-mail; answers the cart. */
export function saveAddresses({ body, isUpdate }: SaveAddressesInput): Promise<ShoppingCartResponse> {
  return apiRequest<ShoppingCartResponse>(apiPath(API.saveAddresses), { method: isUpdate ? "PUT" : "POST", body });
}

/** Refusals the checkout shows itself: the cart emptied elsewhere (409), field errors (422). */
export function isExpectedAddressError(error: unknown): boolean {
  return isApiError(error, 409) || isApiError(error, 422);
}

/**
 * Saves the checkout's addresses (spec section 4, address flow step 5) and records 'Input Addresses' or
 * 'Update Addresses' in 'Checkout Flow' (spec section 7). `onCartSaved` receives the returned cart.
 */
export function useSaveAddresses(options: { onCartSaved: (cart: ShoppingCartResponse) => void }) {
  return useMutation({
    mutationKey: checkoutKeys.saveAddresses(),
    mutationFn: saveAddresses,
    meta: { isExpectedError: isExpectedAddressError },
    onSuccess: (cart, { isUpdate, body }) => {
      trackEvent(isUpdate ? "Update Addresses" : "Input Addresses", "Checkout Flow", {
        orderNumber: cart.data.attributes.orderNumber ?? undefined,
        billingSameAsShipping: body.addresses.billingSameAsShipping ?? true,
      });
      options.onCartSaved(cart);
    },
  });
}
