import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { payOrderByCard } from "../api/pay-order-by-card.ts";
import { placeOrder } from "../api/place-order.ts";
import { checkoutKeys } from "../api/query-keys.ts";
import { type CardCheckoutStage, isExplainedRefusal, payForOrderByCard } from "../card-checkout.ts";
import type { CardPaymentSource } from "../stripe-card.ts";

/**
 * Place Order by card (or, `null`, by the gift card alone) as a mutation: one `mutate` per press (a new idempotency key each time), `isPending`
 * while the order is placed and paid, and `stage` for the spinner's words. Refusals with the server's words
 * (409, 422) are left to the page; anything else gets the general error toast (spec section 8).
 */
export function useCardCheckout() {
  const [stage, setStage] = useState<CardCheckoutStage>("placing");
  const mutation = useMutation({
    mutationKey: checkoutKeys.cardPayment(),
    mutationFn: (card: CardPaymentSource | null) =>
      payForOrderByCard(card, { placeOrder, payOrderByCard, onStage: setStage }),
    meta: { isExpectedError: isExplainedRefusal },
  });
  return { ...mutation, stage };
}
