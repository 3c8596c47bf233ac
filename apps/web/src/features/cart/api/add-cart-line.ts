import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { AddCartLineBody, CartLineResponse } from "@threadfolk/contract/cart";
import type { ProductColor } from "@threadfolk/contract/colors";
import type { Size } from "@threadfolk/contract/sizes";
import { trackEvent } from "../../../lib/analytics.ts";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { readCartCount, writeCartCount } from "../cart-count.ts";
import { cartKeys } from "./query-keys.ts";

export type AddCartLineInput = {
  variantId: number;
  size: Size;
  color: ProductColor;
  quantity: number;
  /** The design, for the toast and the analytics event. */
  design: { uuid: string; displayName: string };
};

/** `POST /api/v1/order_line_items` (spec section 7): the same variant, size and colour adds to its line. */
function addCartLine(input: AddCartLineInput): Promise<CartLineResponse> {
  const body: AddCartLineBody = {
    orderLineItem: {
      sellerDesignProductVariantId: input.variantId,
      size: input.size,
      color: input.color,
      quantity: input.quantity,
    },
  };
  return apiRequest<CartLineResponse>(apiPath(API.addCartLine), { method: "POST", body });
}

/** The success toast: it names the design (and how many when more than one). */
export function addedToCartMessage(displayName: string, quantity: number): string {
  return quantity > 1 ? `Added ${quantity} × ${displayName} to your cart` : `Added ${displayName} to your cart`;
}

/** Which buy control a refusal is about, from the field the server names (`order_line_item.size`). */
export type AddCartLineErrorTarget = "size" | "quantity" | "color" | "form";

export function addCartLineErrorTarget(field: string): AddCartLineErrorTarget {
  const last = field.split(".").at(-1);
  return last === "size" || last === "quantity" || last === "color" ? last : "form";
}

/** A refused add's messages by control (the server's words: "A line holds at most 10; your cart already has 8 of this item"). */
export function addCartLineErrors(error: unknown): Partial<Record<AddCartLineErrorTarget, string>> {
  if (!isApiError(error, 422)) return {};
  const errors: Partial<Record<AddCartLineErrorTarget, string>> = {};
  for (const detail of error.details) errors[addCartLineErrorTarget(detail.field)] ??= detail.message;
  if (Object.keys(errors).length === 0) errors.form = error.message;
  return errors;
}

/**
 * Adds to the cart from the design page. The badge counts the new items at once (optimistic) and takes the
 * server's count when it answers; a refusal takes them off again. Success toasts the design's name with a
 * 'View Cart' button and records 'Added to Cart'; a 422 is the page's to show under its controls.
 */
export function useAddCartLine(options: { onViewCart: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCartLine,
    meta: { isExpectedError: (error) => isApiError(error, 422) },
    onMutate: (input) => {
      writeCartCount(readCartCount() + input.quantity);
    },
    onSuccess: (reply, input) => {
      writeCartCount(reply.shoppingCartCount);
      toast.success(addedToCartMessage(input.design.displayName, input.quantity), {
        action: { label: "View Cart", onClick: options.onViewCart },
      });
      trackEvent("Added to Cart", "Checkout Flow", {
        designUuid: input.design.uuid,
        sellerDesignProductVariantId: input.variantId,
        size: input.size,
        color: input.color,
        quantity: input.quantity,
        unitPriceCents: reply.data.attributes.salesPriceCents ?? reply.data.attributes.priceCents,
      });
    },
    onError: (_error, input) => {
      // Only what this add counted is taken off: another add may have been counted meanwhile.
      writeCartCount(readCartCount() - input.quantity);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
