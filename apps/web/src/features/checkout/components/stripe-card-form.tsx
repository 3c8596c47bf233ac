import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { LockIcon } from "../../../components/icons/icons.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { createStripePaymentMethod } from "../stripe-card.ts";

export type StripeCardFormProps = {
  /** The account's publishable key (`GET /payment_settings`). */
  publishableKey: string;
  isPaying: boolean;
  isDisabled: boolean;
  /** Called with the PaymentMethod Stripe made; the card itself never passes through this page's code. */
  onPlaceOrder: (source: { paymentMethodId: string }) => void;
};

/** Said when Stripe.js cannot be loaded (offline, blocked): nothing can be paid by card until it loads. */
export const STRIPE_UNAVAILABLE_MESSAGE =
  "The secure card form could not be loaded. Check your connection and reload the page";

/**
 * The card fields when Stripe takes the cards (decision 061): Stripe's own card element (a frame served by
 * Stripe), loaded with Stripe.js only here, on the payment step, and only in Stripe mode. Place Order first asks
 * Stripe for a PaymentMethod; Stripe's message shows under the fields when the card is incomplete or invalid.
 */
export function StripeCardForm({ publishableKey, isPaying, isDisabled, onPlaceOrder }: StripeCardFormProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ client: Stripe; card: StripeCardElement } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isTokenizing, setIsTokenizing] = useState(false);
  const errorId = useId();

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let cancelled = false;
    loadStripe(publishableKey)
      .then((client) => {
        if (cancelled || !client || !mountRef.current) {
          if (!client) setLoadFailed(true);
          return;
        }
        card = client.elements().create("card", { hidePostalCode: true });
        card.mount(mountRef.current);
        card.on("change", (event) => setError(event.error?.message ?? null));
        setStripe({ client, card });
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || isTokenizing) return;
    setIsTokenizing(true);
    try {
      const result = await createStripePaymentMethod(stripe.client, stripe.card);
      if ("error" in result) setError(result.error);
      else {
        setError(null);
        onPlaceOrder(result);
      }
    } finally {
      setIsTokenizing(false);
    }
  };

  if (loadFailed) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-[15px] text-red-900 ring-1 ring-red-200">
        {STRIPE_UNAVAILABLE_MESSAGE}
      </p>
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-label="Card details" className="space-y-4">
      <div>
        <p className="mb-1.5 text-sm font-semibold text-neutral-900">Card</p>
        {!stripe && <Spinner label="Loading the secure card form" className="h-12" />}
        <div
          ref={mountRef}
          aria-describedby={error ? errorId : undefined}
          className={`rounded-xl bg-white px-3 py-3.5 ring-1 ring-neutral-300 ${stripe ? "" : "hidden"}`}
        />
        {error && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        )}
        <p className="mt-1.5 text-xs text-neutral-600">
          Your card details go straight to Stripe, our payment processor.
        </p>
      </div>
      <Button type="submit" busy={isPaying || isTokenizing} disabled={isDisabled || !stripe} className="w-full">
        {!(isPaying || isTokenizing) && <LockIcon className="size-4" />}
        Place Order
      </Button>
    </form>
  );
}
