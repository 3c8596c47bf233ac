import { CHECKOUT_MESSAGES } from "@threadfolk/contract/checkout";
import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { UNAVAILABLE_TOAST_ID } from "../components/unavailable-lines-redirect.tsx";
import { formFieldOfDetail, type ShippingFormValues } from "../shipping-form-values.ts";

/**
 * What a refused checkout call does: an empty cart (409, emptied in another tab) goes back to the cart page
 * with the server's message (another conflict only says its message); field errors (422) go under the fields they name, through `setFieldError`; a 422
 * naming no shown field says its message in a toast. Anything else has had the general error toast already
 * (the query client's mutation cache, spec section 8).
 */
export function useCheckoutRefusals() {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown, setFieldError?: (field: keyof ShippingFormValues, message: string) => void) => {
      if (isApiError(error, 409)) {
        // A design no longer available (detail field `order`): one toast, which the way back to the cart reuses.
        const isUnavailable = error.details.some((detail) => detail.field === "order");
        toast.error(error.message, isUnavailable ? { id: UNAVAILABLE_TOAST_ID } : undefined);
        if (error.message === CHECKOUT_MESSAGES.cartEmpty) void navigate(CLIENT_ROUTES.shoppingCart, { replace: true });
        return;
      }
      if (isApiError(error, 422)) {
        let isShown = false;
        for (const detail of error.details) {
          const field = formFieldOfDetail(detail.field);
          if (field && setFieldError) {
            setFieldError(field, detail.message);
            isShown = true;
          }
        }
        if (!isShown) toast.error(error.details[0]?.message ?? error.message);
      }
    },
    [navigate],
  );
}
