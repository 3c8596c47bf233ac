import {
  CARD_BRANDS,
  CARD_DECLINE_MESSAGES,
  type CardBrand,
  type CardDeclineCode,
} from "@threadfolk/contract/card-rules";
import { createStripeClient, type Stripe } from "../../lib/stripe-client.ts";
import {
  CardIdempotencyKeyReuseError,
  type CardProcessor,
  CardProcessorUnavailableError,
  CardRequestError,
  type CardWebhookEvent,
  type ChargeResult,
  isRawCard,
  parseChargeRequest,
  parseRefundRequest,
  parseRetrieveRequest,
  type RefundResult,
  type RetrieveResult,
} from "./card.ts";

/**
 * Stripe PaymentIntents with immediate capture, through the official `stripe` package at a pinned API version
 * (decisions 026 and 061). The card was collected by Stripe.js in the shopper's browser: this adapter gets a
 * PaymentMethod id (`pm_…`) and never card data, which it refuses. One create-and-confirm per attempt with the
 * caller's idempotency key (also in the metadata, so that `retrieve` finds the attempt with the Search API
 * after a lost reply); refunds against the PaymentIntent; webhook events verified with the package.
 */

export type StripeCardOptions = {
  /** `sk_live_…`, `sk_test_…` or a restricted key with PaymentIntents and Refunds write access. */
  secretKey: string;
  apiBase: string;
  /** The longest wait per request; past it the outcome is unknown (CardProcessorUnavailableError). */
  timeoutMs: number;
  /** The endpoint's signing secret (`whsec_…`); without it webhook events are refused as forged. */
  webhookSecret?: string | undefined;
};

/** How old a signed webhook event may be (Stripe's own default tolerance, in seconds). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's `code` / `decline_code` of a card error, as the port's decline code. */
export function declineCodeFromStripe(error: {
  code?: string | undefined;
  decline_code?: string | undefined;
}): CardDeclineCode {
  const byCode: Record<string, CardDeclineCode> = {
    insufficient_funds: "insufficient_funds",
    expired_card: "expired_card",
    incorrect_cvc: "incorrect_cvc",
    invalid_cvc: "invalid_cvc",
    processing_error: "processing_error",
    incorrect_number: "incorrect_number",
    invalid_number: "incorrect_number",
    invalid_expiry_month: "invalid_expiry",
    invalid_expiry_year: "invalid_expiry",
    authentication_required: "authentication_required",
  };
  // A generic `card_declined` says more in its decline_code; lost, stolen and fraud codes stay `card_declined`
  // (Stripe advises not telling the shopper those).
  const specific = error.code === "card_declined" ? error.decline_code : error.code;
  return (specific && byCode[specific]) || "card_declined";
}

/** Long runs of digits are removed from anything Stripe says before it goes into an error message. */
const redactDigits = (text: string) => text.replace(/\d[\d\s-]{10,}\d/g, "[redacted]");

const brandOf = (brand: string): CardBrand =>
  (CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : "unknown";

function declined(code: CardDeclineCode, chargeId?: string): ChargeResult {
  return { status: "declined", code, message: CARD_DECLINE_MESSAGES[code], ...(chargeId ? { chargeId } : {}) };
}

/** The attempt a PaymentIntent records, in the port's terms (`undefined`: still undecided). */
function resultOfIntent(intent: Stripe.PaymentIntent): ChargeResult | undefined {
  if (intent.status === "succeeded") {
    const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    if (!card) throw new Error(`Stripe PaymentIntent ${intent.id} lacks its card details`);
    return {
      status: "succeeded",
      chargeId: intent.id,
      amountCents: intent.amount_received || intent.amount,
      brand: brandOf(card.brand ?? "unknown"),
      last4: card.last4 ?? "",
      expMonth: card.exp_month ?? 0,
      expYear: card.exp_year ?? 0,
      // Stripe's fingerprint of the number (ours needs the number, which this server never sees).
      fingerprint: card.fingerprint ?? "",
    };
  }
  if (intent.status === "requires_payment_method" || intent.status === "canceled") {
    const error = intent.last_payment_error;
    return declined(
      error ? declineCodeFromStripe({ code: error.code, decline_code: error.decline_code }) : "card_declined",
      intent.id,
    );
  }
  if (intent.status === "requires_action") return declined("authentication_required", intent.id);
  return undefined;
}

/** Throws the port's error for a failure that is neither a result nor a card error. */
function failure(error: unknown, what: string): never {
  if (!(error instanceof Error)) throw error;
  const stripeError = error as Partial<Stripe.errors.StripeError>;
  const detail = redactDigits(error.message);
  if (error.name === "StripeConnectionError" || stripeError.type === "StripeConnectionError") {
    throw new CardProcessorUnavailableError(`Stripe did not answer ${what}: ${detail}`, { cause: error });
  }
  if (stripeError.statusCode === 409) {
    throw new CardProcessorUnavailableError(`Stripe is still running another request with this key: ${detail}`);
  }
  if (stripeError.type === "StripeIdempotencyError") throw new CardIdempotencyKeyReuseError(`Stripe: ${detail}`);
  const status = stripeError.statusCode ?? 0;
  if (status === 429 || status >= 500 || stripeError.type === "StripeAPIError") {
    throw new CardProcessorUnavailableError(`Stripe answered ${status} to ${what}: ${detail}`);
  }
  throw new Error(`Stripe refused ${what} (${status} ${stripeError.type ?? error.name}): ${detail}`);
}

export function createStripeCard(options: StripeCardOptions): CardProcessor {
  const stripe = createStripeClient(options);

  return {
    name: "stripe",

    async authorizeAndCapture(input) {
      const request = parseChargeRequest(input);
      if (isRawCard(request.card)) {
        // Card data reaches Stripe from the shopper's browser only (Stripe.js); never from this server.
        throw new CardRequestError("charge request", "card: Stripe takes a PaymentMethod id here, never card data");
      }
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            payment_method: request.card.paymentMethodId,
            confirm: true,
            capture_method: "automatic",
            // Card only, no redirects: nothing needs a return URL. A card that wants 3-D Secure fails as
            // `authentication_required` instead of waiting for a challenge (decision 061, what is left).
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            error_on_requires_action: true,
            description: request.description,
            metadata: { order_number: request.orderNumber, idempotency_key: request.idempotencyKey },
            expand: ["latest_charge"],
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        const cardError = error as Partial<Stripe.errors.StripeCardError>;
        if (cardError.type === "StripeCardError") {
          return declined(
            declineCodeFromStripe({ code: cardError.code, decline_code: cardError.decline_code }),
            cardError.payment_intent?.id,
          );
        }
        return failure(error, "the payment");
      }
      const result = resultOfIntent(intent);
      if (!result) throw new CardProcessorUnavailableError(`Stripe PaymentIntent ${intent.id} is ${intent.status}`);
      return result;
    },

    async refund(input): Promise<RefundResult> {
      const request = parseRefundRequest(input);
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.chargeId,
            amount: request.amountCents,
            metadata: { idempotency_key: request.idempotencyKey },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status !== "succeeded" && refund.status !== "pending") {
          throw new Error(`Stripe refund ${refund.id} is ${refund.status}`);
        }
        return { status: "succeeded", refundId: refund.id, chargeId: request.chargeId, amountCents: refund.amount };
      } catch (error) {
        const refused = error as Partial<Stripe.errors.StripeError>;
        if (refused.type === "StripeInvalidRequestError") {
          const message = redactDigits(refused.message ?? "");
          if (refused.code === "resource_missing") return { status: "rejected", code: "charge_not_found", message };
          if (refused.code === "charge_already_refunded" || refused.param === "amount") {
            return { status: "rejected", code: "exceeds_charge", message };
          }
          if (refused.param === "payment_intent") return { status: "rejected", code: "charge_not_succeeded", message };
        }
        return failure(error, "the refund");
      }
    },

    async retrieve(input): Promise<RetrieveResult> {
      const request = parseRetrieveRequest(input);
      const quoted = request.idempotencyKey.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
      let found: Stripe.PaymentIntent[];
      try {
        const page = await stripe.paymentIntents.search({
          query: `metadata['idempotency_key']:'${quoted}'`,
          expand: ["data.latest_charge"],
        });
        found = page.data;
      } catch (error) {
        return failure(error, "the search");
      }
      // One key makes one PaymentIntent (Stripe replays the rest); if ever more, a success wins.
      const results = found.map((intent) => resultOfIntent(intent));
      const succeeded = results.find((result) => result?.status === "succeeded");
      const any = succeeded ?? results.find((result) => result !== undefined);
      if (any) return any;
      if (found.length > 0) throw new CardProcessorUnavailableError("the Stripe payment is still undecided");
      return { status: "not_found" };
    },

    parseWebhook({ body, signature }): CardWebhookEvent {
      if (!options.webhookSecret || !signature) return { kind: "forged" };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          body,
          signature,
          options.webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        // A bad or missing signature, a stale timestamp, or a body that is not the one signed.
        return { kind: "forged" };
      }
      if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") {
        return { kind: "ignored", eventId: event.id, type: event.type };
      }
      const idempotencyKey = event.data.object.metadata?.idempotency_key;
      if (!idempotencyKey) return { kind: "ignored", eventId: event.id, type: event.type };
      return { kind: "payment", eventId: event.id, type: event.type, idempotencyKey };
    },
  };
}
