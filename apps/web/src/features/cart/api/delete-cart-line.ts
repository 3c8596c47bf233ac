import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { DeleteCartLineResponse } from "@threadfolk/contract/cart";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { writeCartCount } from "../cart-count.ts";
import { cartKeys } from "./query-keys.ts";

type DeleteCartLineInput = { lineId: number; displayName: string };

/** `DELETE /api/v1/order_line_items/{id}`: the reply carries the new shoppingCartCount (spec section 7). */
function deleteCartLine({ lineId }: DeleteCartLineInput): Promise<DeleteCartLineResponse> {
  return apiRequest<DeleteCartLineResponse>(apiPath(API.updateCartLine, { id: lineId }), { method: "DELETE" });
}

/** The toast after a removal (the spec's client alerted 'success'; docs/spec-deviations.md). */
export function removedFromCartMessage(displayName: string): string {
  return `Removed ${displayName} from your cart`;
}

/**
 * Removes a line (spec sections 4 and 8: the reply's shoppingCartCount is stored). A toast says so instead of
 * the spec's browser alerts; a failure gets the general error toast, and a line already gone just leaves the
 * cart, which is read again either way.
 */
export function useDeleteCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartKeys.lineChanges(),
    mutationFn: deleteCartLine,
    // Removed already (another tab, another device): the refetch shows the cart without it.
    meta: { isExpectedError: (error) => isApiError(error, 404) },
    onSuccess: (reply, input) => {
      writeCartCount(reply.shoppingCartCount);
      toast.success(removedFromCartMessage(input.displayName));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.shoppingCart() }),
  });
}
