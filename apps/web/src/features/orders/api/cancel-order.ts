import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import { CANCELLATION_MESSAGES, type PlacedOrderResponse } from "@threadfolk/contract/orders";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { ordersKeys } from "./query-keys.ts";

/**
 * `POST /api/v1/orders/{order_number}/cancellation` (empty body): cancels a paid order in its cancellation window
 * and refunds it in full; 200 with the cancelled order, 409 with the reason when it is too late. A guest sends the
 * `token` of the order's e-mailed link, as for reading it.
 */
function cancelOrder(input: { orderNumber: string; token: string | null }): Promise<PlacedOrderResponse> {
  return apiRequest<PlacedOrderResponse>(apiPath(API.cancelOrder, { order_number: input.orderNumber }), {
    method: "POST",
    params: input.token ? { token: input.token } : undefined,
  });
}

/** Too late (or already cancelled): the server's reason is the message. */
function isRefusal(error: unknown): boolean {
  return isApiError(error, 409);
}

/**
 * Cancels the order shown: the reply becomes the cached order (the page shows it cancelled at once) with the
 * 'cancelled' toast; a refusal shows the server's reason and reads the order again (its window has closed).
 */
export function useCancelOrder(options: { orderNumber: string; token: string | null }) {
  const queryClient = useQueryClient();
  const detailKey = ordersKeys.detail(options.orderNumber, options.token);
  return useMutation({
    mutationFn: () => cancelOrder(options),
    meta: { isExpectedError: isRefusal },
    onSuccess: (order) => {
      queryClient.setQueryData(detailKey, order);
      toast.success(CANCELLATION_MESSAGES.cancelled);
      // The Orders tab's list shows the state too.
      return queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
    },
    onError: (error) => {
      if (!isRefusal(error)) return;
      toast.error(error.message);
      return queryClient.invalidateQueries({ queryKey: detailKey });
    },
  });
}
