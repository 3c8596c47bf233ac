import { PAYPAL_SANDBOX_LABEL, type PaymentMethod, type PaymentSettingsResponse } from "@threadfolk/contract/orders";
import { lazy, Suspense } from "react";
import { Button } from "../../../components/button.tsx";
import { LockIcon } from "../../../components/icons/icons.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import type { CardPaymentSource } from "../stripe-card.ts";
import { CardPaymentForm } from "./card-payment-form.tsx";
import { PaymentMethodOptions } from "./payment-method-options.tsx";
import type { PayPalButtonsSlotProps } from "./paypal-buttons-slot.tsx";

// Its own chunk: Stripe.js and its card element are fetched only when Stripe takes the cards (decision 061).
const StripeCardForm = lazy(async () => ({
  default: (await import("./stripe-card-form.tsx")).StripeCardForm,
}));

// Its own chunk: PayPal's code is fetched only when PayPal is chosen.
const PayPalButtonsSlot = lazy(async () => ({
  default: (await import("./paypal-buttons-slot.tsx")).PayPalButtonsSlot,
}));

type PaymentMethodSectionProps = {
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  /** `GET /payment_settings`, once read (undefined while loading or when it could not be read). */
  settings: PaymentSettingsResponse["data"]["attributes"] | undefined;
  isPaying: boolean;
  isPlaceOrderDisabled: boolean;
  onCardNumberChange: (cardNumber: string) => void;
  /** The card's fields (local test processor) or the PaymentMethod Stripe.js made (Stripe). */
  onPlaceOrder: (card: CardPaymentSource) => void;
  paypal: PayPalButtonsSlotProps;
  /**
   * The gift card applied to the order (decision 034): what it pays, and what is left ('$0.00' when it pays
   * everything: then neither the card fields nor PayPal are shown, only Place Order). Null without one.
   */
  giftCard?: { code: string; pays: string; amountDue: string; paysAll: boolean } | null;
  /** Place Order when the gift card pays the whole order: the payment is posted without a card. */
  onPlaceOrderByGiftCard?: () => void;
};

/**
 * The payment step's 'Payment Method' (spec section 2): the method radio group, then the card fields with
 * Place Order, or the area where PayPal's buttons mount. A gift card that pays part says what is left to pay; one
 * that pays everything replaces both methods with its own Place Order.
 */
export function PaymentMethodSection({
  method,
  onMethodChange,
  settings,
  isPaying,
  isPlaceOrderDisabled,
  onCardNumberChange,
  onPlaceOrder,
  paypal,
  giftCard = null,
  onPlaceOrderByGiftCard,
}: PaymentMethodSectionProps) {
  return (
    <section
      aria-labelledby="payment-method-heading"
      className="rounded-2xl bg-white p-5 ring-1 ring-neutral-900/10 md:p-6"
    >
      <h2 id="payment-method-heading" className="font-display text-xl font-extrabold tracking-tight text-neutral-950">
        Payment Method
      </h2>
      {giftCard?.paysAll ? (
        <div className="mt-4 space-y-5">
          <p
            role="note"
            className="rounded-xl bg-emerald-50 px-4 py-3 text-[15px] text-emerald-950 ring-1 ring-emerald-200"
          >
            Your gift card <span className="font-mono font-bold">{giftCard.code}</span> pays the whole order (
            {giftCard.pays}). No card or PayPal is needed.
          </p>
          <Button
            busy={isPaying}
            disabled={isPlaceOrderDisabled}
            className="w-full"
            onClick={() => onPlaceOrderByGiftCard?.()}
          >
            {!isPaying && <LockIcon className="size-4" />}
            Place Order
          </Button>
        </div>
      ) : (
        <div className="mt-4 space-y-5">
          {giftCard && (
            <p
              role="note"
              className="rounded-xl bg-emerald-50 px-4 py-3 text-[15px] text-emerald-950 ring-1 ring-emerald-200"
            >
              Your gift card <span className="font-mono font-bold">{giftCard.code}</span> pays {giftCard.pays}. Amount
              due: <span className="font-bold">{giftCard.amountDue}</span>
            </p>
          )}
          <PaymentMethodOptions value={method} onChange={onMethodChange} disabled={isPaying} />
          {method === "visa" && settings?.cardProcessor === "stripe" && settings.stripePublishableKey ? (
            <Suspense fallback={<Spinner label="Loading the secure card form" className="h-12" />}>
              <StripeCardForm
                publishableKey={settings.stripePublishableKey}
                isPaying={isPaying}
                isDisabled={isPlaceOrderDisabled}
                onPlaceOrder={onPlaceOrder}
              />
            </Suspense>
          ) : method === "visa" && settings?.cardProcessor !== "local" ? (
            // Until the settings say which processor takes the card, no field that could send card data here.
            <Spinner label="Loading the card form" className="h-12" />
          ) : method === "visa" ? (
            <CardPaymentForm
              cardNotice={settings?.cardNotice}
              isTestProcessor={settings?.cardProcessor === "local"}
              isPaying={isPaying}
              isDisabled={isPlaceOrderDisabled}
              onCardNumberChange={onCardNumberChange}
              onPlaceOrder={onPlaceOrder}
            />
          ) : (
            <section aria-label="PayPal" className="rounded-xl bg-neutral-50 p-4 ring-1 ring-neutral-200">
              {settings?.paypal.sandbox && (
                <p role="note" className="mb-3 text-sm font-bold text-amber-900">
                  {PAYPAL_SANDBOX_LABEL}: no real money moves
                </p>
              )}
              <Suspense fallback={<Spinner label="Loading PayPal" className="h-12" />}>
                <PayPalButtonsSlot onApproved={paypal.onApproved} onError={paypal.onError} />
              </Suspense>
            </section>
          )}
        </div>
      )}
    </section>
  );
}
