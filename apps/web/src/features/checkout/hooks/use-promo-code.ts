import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import { PROMO_CODE_MESSAGES } from "@threadfolk/contract/promo-codes";
import { useState } from "react";
import { toast } from "../../../lib/toast.ts";
import { useUpdateOrder } from "../api/update-order.ts";
import { promoCodeRefusalOf } from "../promo-code.ts";

/**
 * Applying and removing the cart's code (`PUT /orders` with `promo_code`; decision 034). The cart the server
 * answers is stored through `onCartSaved`, so the summary shows the new totals at once. A refused code keeps its
 * reason in `refusal`, for under the field; any other refusal goes to `onOtherRefusal` (the checkout's handling).
 */
export function usePromoCode(options: {
  onCartSaved: (cart: ShoppingCartResponse) => void;
  onOtherRefusal: (error: unknown) => void;
}) {
  const update = useUpdateOrder({ onCartSaved: options.onCartSaved });
  const [refusal, setRefusal] = useState<string | null>(null);

  const change = (promoCode: string, successText: string, onDone?: () => void) => {
    setRefusal(null);
    update.mutate(
      { promoCode },
      {
        onSuccess: () => {
          toast.success(successText);
          onDone?.();
        },
        onError: (error) => {
          const message = promoCodeRefusalOf(error);
          if (message) setRefusal(message);
          else options.onOtherRefusal(error);
        },
      },
    );
  };

  const pending = update.isPending ? update.variables : undefined;
  return {
    /** Applies `code` (already checked by `checkPromoCodeInput`); `onApplied` runs once the cart has it. */
    apply: (code: string, onApplied?: () => void) => change(code, PROMO_CODE_MESSAGES.applied, onApplied),
    remove: () => change("", PROMO_CODE_MESSAGES.removed),
    refusal,
    clearRefusal: () => setRefusal(null),
    isPending: update.isPending,
    /** Which change is on its way, for the button that spins. */
    pendingAction: pending && "promoCode" in pending ? (pending.promoCode === "" ? "remove" : "apply") : null,
  } as const;
}

export type PromoCodeControls = ReturnType<typeof usePromoCode>;
