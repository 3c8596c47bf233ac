import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { CartLineResponse, UpdateCartLineBody } from "@threadfolk/contract/cart";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { writeCartCount } from "../cart-count.ts";
import { cartKeys } from "./query-keys.ts";

type UpdateCartLineInput = { lineId: number; quantity: number };

/** `PUT /api/v1/order_line_items/{id}` with `orderLineItem` (the id supplies the path, spec section 7). */
function updateCartLine({ lineId, quantity }: UpdateCartLineInput): Promise<CartLineResponse> {
  const body: UpdateCartLineBody = { orderLineItem: { id: lineId, quantity } };
  return apiRequest<CartLineResponse>(apiPath(API.updateCartLine, { id: lineId }), { method: "PUT", body });
}

/** A refusal the shopper can act on (the line is gone, the design withdrawn, a quantity out of range). */
function isExplainedRefusal(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 422);
}

/**
 * Sets a line's quantity on the cart page. The count follows the reply, and the mutation settles once the
 * cart has been read again, so the line, its price and the totals change together. A line that is gone or
 * refused says why in a toast (the server's words) and the cart is read again.
 */
export function useUpdateCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartKeys.lineChanges(),
    mutationFn: updateCartLine,
    meta: { isExpectedError: isExplainedRefusal },
    onSuccess: (reply) => writeCartCount(reply.shoppingCartCount),
    onError: (error) => {
      if (isApiError(error) && isExplainedRefusal(error)) toast.error(error.details[0]?.message ?? error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.shoppingCart() }),
  });
}
