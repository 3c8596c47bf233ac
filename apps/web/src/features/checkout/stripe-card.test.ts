import { describe, expect, it } from "vitest";
import { createStripePaymentMethod, isStripePaymentMethod, STRIPE_CARD_FALLBACK_MESSAGE } from "./stripe-card.ts";

/** A stand-in for Stripe.js's `createPaymentMethod`: records what it was asked, answers what it is told to. */
function tokenizer(
  answer: Awaited<ReturnType<Parameters<typeof createStripePaymentMethod>[0]["createPaymentMethod"]>>,
) {
  const asked: unknown[] = [];
  return {
    asked,
    stripe: {
      async createPaymentMethod(options: { type: "card"; card: string }) {
        asked.push(options);
        return answer;
      },
    },
  };
}

describe("createStripePaymentMethod", () => {
  it("asks Stripe for a card PaymentMethod from its own card element and answers only the id", async () => {
    const { stripe, asked } = tokenizer({ paymentMethod: { id: "pm_1Abc" } });
    expect(await createStripePaymentMethod(stripe, "card-element")).toEqual({ paymentMethodId: "pm_1Abc" });
    expect(asked).toEqual([{ type: "card", card: "card-element" }]);
  });

  it("answers Stripe's own message for an incomplete or refused card, so no order is placed", async () => {
    const incomplete = tokenizer({ error: { message: "Your card number is incomplete." } });
    expect(await createStripePaymentMethod(incomplete.stripe, "card-element")).toEqual({
      error: "Your card number is incomplete.",
    });
    const silent = tokenizer({ error: {} });
    expect(await createStripePaymentMethod(silent.stripe, "card-element")).toEqual({
      error: STRIPE_CARD_FALLBACK_MESSAGE,
    });
  });

  it("tells a PaymentMethod from the local processor's card fields", () => {
    expect(isStripePaymentMethod({ paymentMethodId: "pm_1" })).toBe(true);
    expect(isStripePaymentMethod({ creditCardNumber: "4242424242424242", expirationDate: "1230", cvc: "123" })).toBe(
      false,
    );
  });
});
