import type { CardFormValues } from "@threadfolk/contract/card-form";

/**
 * What Place Order pays with: the spec's card fields (the local test processor) or, when Stripe takes the cards
 * (decision 061), the id of the PaymentMethod Stripe.js made from Stripe's own fields. The card number and CVC
 * then go from the shopper's browser to Stripe only.
 */
export type CardPaymentSource = CardFormValues | { paymentMethodId: string };

export const isStripePaymentMethod = (source: CardPaymentSource): source is { paymentMethodId: string } =>
  "paymentMethodId" in source;

/** What the payment step needs of Stripe.js: the parts of `Stripe` and its card element it uses. */
export type StripeTokenizer<Element> = {
  createPaymentMethod(options: {
    type: "card";
    card: Element;
  }): Promise<
    { paymentMethod: { id: string }; error?: undefined } | { paymentMethod?: undefined; error: { message?: string } }
  >;
};

/** Said when Stripe gives no reason of its own (its messages are shown as they come: they are written for shoppers). */
export const STRIPE_CARD_FALLBACK_MESSAGE = "Check your card details and try again";

/**
 * Turns what the shopper typed into Stripe's card fields into a PaymentMethod, in the browser: its id to send to
 * our server, or Stripe's message to show under the fields (an incomplete or invalid card never places an order).
 */
export async function createStripePaymentMethod<Element>(
  stripe: StripeTokenizer<Element>,
  card: Element,
): Promise<{ paymentMethodId: string } | { error: string }> {
  const result = await stripe.createPaymentMethod({ type: "card", card });
  if (result.error || !result.paymentMethod) {
    return { error: result.error?.message || STRIPE_CARD_FALLBACK_MESSAGE };
  }
  return { paymentMethodId: result.paymentMethod.id };
}
