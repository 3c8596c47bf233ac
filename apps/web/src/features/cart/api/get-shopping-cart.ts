import { queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import { apiRequest } from "../../../lib/api-client.ts";
import { writeCartCount } from "../cart-count.ts";
import { cartKeys } from "./query-keys.ts";

/**
 * `GET /api/v1/shopping_cart`: the caller's cart, lines in `included` (spec sections 3 and 7). Every reply
 * also sets the cart count, so the badge follows the server (another device, a sale, a design withdrawn).
 */
export async function getShoppingCart(signal?: AbortSignal): Promise<ShoppingCartResponse> {
  const response = await apiRequest<ShoppingCartResponse>(apiPath(API.shoppingCart), { signal });
  writeCartCount(response.data.attributes.shoppingCartCount);
  return response;
}

export const shoppingCartQueryOptions = () =>
  queryOptions({
    queryKey: cartKeys.shoppingCart(),
    queryFn: ({ signal }) => getShoppingCart(signal),
    // Short: the popover and the cart page show prices that follow the catalogue (a sale may just have ended).
    staleTime: 10_000,
  });

/** The caller's cart (guest or customer). */
export function useShoppingCart(options: { enabled?: boolean } = {}) {
  return useQuery({ ...shoppingCartQueryOptions(), enabled: options.enabled ?? true });
}
