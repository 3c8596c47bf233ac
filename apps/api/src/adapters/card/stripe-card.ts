import {
  CARD_BRANDS,
  CARD_DECLINE_MESSAGES,
  type CardBrand,
  type CardDeclineCode,
  checkCard,
  normalizeCardNumber,
} from "@threadfolk/contract/card-rules";
import { textSchema } from "@threadfolk/contract/text";
import { z } from "zod";
import {
  CardIdempotencyKeyReuseError,
  type CardProcessor,
  CardProcessorUnavailableError,
  type ChargeResult,
  cardFingerprint,
  parseChargeRequest,
  parseRefundRequest,
  parseRetrieveRequest,
  type RefundResult,
  type RetrieveResult,
} from "./card.ts";

/**
 * Stripe PaymentIntents with immediate capture (decision 026): one `POST /v1/payment_intents` per attempt,
 * form-encoded, with the card in `payment_method_data`, `confirm=true` and `capture_method=automatic`, and the
 * caller's idempotency key in the `Idempotency-Key` header (and in the metadata, so that `retrieve` can find
 * the attempt with the Search API after a lost reply). Refunds are `POST /v1/refunds` against the
 * PaymentIntent. The card number and CVC are sent to Stripe and nowhere else: no error message of this module
 * contains them, and the fingerprint is ours (an HMAC with our secret), kept in the metadata.
 */

export const STRIPE_DEFAULT_API_BASE = "https://api.stripe.com";

export type StripeCardOptions = {
  /** `sk_live_…`, `sk_test_…` or a restricted key with PaymentIntents and Refunds write access. */
  secretKey: string;
  apiBase: string;
  /** The longest wait per request; past it the outcome is unknown (CardProcessorUnavailableError). */
  timeoutMs: number;
  fingerprintKey: () => Promise<Buffer>;
  /** The clock the card rules judge the expiry by. */
  now?: () => Date;
};

/** Strings from Stripe, bounded like every string this project parses (decision 016). */
const stripeText = () => textSchema({ maxLength: 5000 });

const stripeErrorSchema = z.object({
  error: z.object({
    type: stripeText(),
    code: stripeText().optional(),
    decline_code: stripeText().optional(),
    param: stripeText().optional(),
    message: stripeText().optional(),
    payment_intent: z.object({ id: stripeText() }).loose().optional(),
  }),
});

const paymentErrorSchema = z
  .object({ code: stripeText().optional(), decline_code: stripeText().optional(), message: stripeText().optional() })
  .nullable()
  .optional();

const paymentIntentSchema = z.object({
  id: stripeText(),
  object: z.literal("payment_intent"),
  amount: z.number().int(),
  amount_received: z.number().int().optional(),
  status: stripeText(),
  metadata: z.record(stripeText(), stripeText()).optional(),
  last_payment_error: paymentErrorSchema,
  latest_charge: z
    .union([
      stripeText(),
      z.object({
        id: stripeText(),
        payment_method_details: z
          .object({
            card: z
              .object({
                brand: stripeText(),
                last4: stripeText(),
                exp_month: z.number().int(),
                exp_year: z.number().int(),
              })
              .nullable()
              .optional(),
          })
          .nullable()
          .optional(),
      }),
    ])
    .nullable()
    .optional(),
});
type PaymentIntent = z.infer<typeof paymentIntentSchema>;

const searchResultSchema = z.object({ object: z.literal("search_result"), data: z.array(paymentIntentSchema) });
const refundSchema = z.object({
  id: stripeText(),
  object: z.literal("refund"),
  amount: z.number().int(),
  status: stripeText().nullable(),
  payment_intent: stripeText().nullable().optional(),
});

/** Stripe's `code` / `decline_code` of a card error, as the port's decline code. */
export function declineCodeFromStripe(error: { code?: string; decline_code?: string }): CardDeclineCode {
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
function resultOfIntent(intent: PaymentIntent, fingerprint: string | undefined): ChargeResult | undefined {
  if (intent.status === "succeeded") {
    const card = typeof intent.latest_charge === "object" ? intent.latest_charge?.payment_method_details?.card : null;
    const storedFingerprint = fingerprint ?? intent.metadata?.card_fingerprint;
    if (!card || !storedFingerprint) throw new Error(`Stripe PaymentIntent ${intent.id} lacks its card details`);
    return {
      status: "succeeded",
      chargeId: intent.id,
      amountCents: intent.amount_received ?? intent.amount,
      brand: brandOf(card.brand),
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      fingerprint: storedFingerprint,
    };
  }
  if (intent.status === "requires_payment_method" || intent.status === "canceled") {
    return declined(
      intent.last_payment_error ? declineCodeFromStripe(intent.last_payment_error) : "card_declined",
      intent.id,
    );
  }
  if (intent.status === "requires_action") return declined("authentication_required", intent.id);
  return undefined;
}

type StripeAnswer = { status: number; body: unknown };

export function createStripeCard(options: StripeCardOptions): CardProcessor {
  async function call(method: "GET" | "POST", path: string, form: URLSearchParams, idempotencyKey?: string) {
    const url = new URL(path, options.apiBase);
    if (method === "GET") url.search = form.toString();
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        ...(method === "POST" ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      // The request may have reached Stripe: the outcome is unknown. (The error names no card data.)
      throw new CardProcessorUnavailableError(`Stripe did not answer ${method} ${path}`, { cause: error });
    }
    const body: unknown = await response.json().catch(() => undefined);
    return { status: response.status, body } satisfies StripeAnswer;
  }

  /** Throws for every answer that is neither a result nor a card error. */
  function failure(answer: StripeAnswer, what: string): never {
    const parsed = stripeErrorSchema.safeParse(answer.body);
    const error = parsed.success ? parsed.data.error : undefined;
    const detail = redactDigits(error?.message ?? "no error body");
    if (answer.status === 409) {
      throw new CardProcessorUnavailableError(`Stripe is still running another request with this key: ${detail}`);
    }
    if (error?.type === "idempotency_error") throw new CardIdempotencyKeyReuseError(`Stripe: ${detail}`);
    if (answer.status === 409 || answer.status === 429 || answer.status >= 500 || !parsed.success) {
      throw new CardProcessorUnavailableError(`Stripe answered ${answer.status} to ${what}: ${detail}`);
    }
    throw new Error(`Stripe refused ${what} (${answer.status} ${error?.type ?? "unknown"}): ${detail}`);
  }

  return {
    name: "stripe",

    async authorizeAndCapture(input) {
      const request = parseChargeRequest(input);
      const number = normalizeCardNumber(request.card.number);
      const fingerprint = cardFingerprint(await options.fingerprintKey(), number);
      // The card rules first, as the local processor applies them: a card that breaks them is declined with
      // the same code, and Stripe never sees it (nothing could be charged to it anyway).
      const check = checkCard(request.card, (options.now ?? (() => new Date()))());
      if (!check.ok) return declined(check.code);
      const expiry = { month: check.expMonth, year: check.expYear };
      const form = new URLSearchParams();
      form.set("amount", String(request.amountCents));
      form.set("currency", request.currency);
      form.set("confirm", "true");
      form.set("capture_method", "automatic");
      form.append("payment_method_types[]", "card");
      form.set("error_on_requires_action", "true");
      form.set("payment_method_data[type]", "card");
      form.set("payment_method_data[card][number]", number);
      form.set("payment_method_data[card][exp_month]", String(expiry.month));
      form.set("payment_method_data[card][exp_year]", String(expiry.year));
      form.set("payment_method_data[card][cvc]", request.card.cvc);
      form.set("description", request.description);
      form.set("metadata[order_number]", request.orderNumber);
      form.set("metadata[idempotency_key]", request.idempotencyKey);
      form.set("metadata[card_fingerprint]", fingerprint);
      form.append("expand[]", "latest_charge");
      const answer = await call("POST", "/v1/payment_intents", form, request.idempotencyKey);
      if (answer.status === 200) {
        const intent = paymentIntentSchema.parse(answer.body);
        const result = resultOfIntent(intent, fingerprint);
        if (!result) throw new CardProcessorUnavailableError(`Stripe PaymentIntent ${intent.id} is ${intent.status}`);
        return result;
      }
      const error = stripeErrorSchema.safeParse(answer.body);
      if (answer.status === 402 && error.success && error.data.error.type === "card_error") {
        return declined(declineCodeFromStripe(error.data.error), error.data.error.payment_intent?.id);
      }
      return failure(answer, "the payment");
    },

    async refund(input): Promise<RefundResult> {
      const request = parseRefundRequest(input);
      const form = new URLSearchParams();
      form.set("payment_intent", request.chargeId);
      form.set("amount", String(request.amountCents));
      form.set("metadata[idempotency_key]", request.idempotencyKey);
      const answer = await call("POST", "/v1/refunds", form, request.idempotencyKey);
      if (answer.status === 200) {
        const refund = refundSchema.parse(answer.body);
        if (refund.status !== "succeeded" && refund.status !== "pending") {
          throw new Error(`Stripe refund ${refund.id} is ${refund.status}`);
        }
        return { status: "succeeded", refundId: refund.id, chargeId: request.chargeId, amountCents: refund.amount };
      }
      const parsed = stripeErrorSchema.safeParse(answer.body);
      const error = parsed.success ? parsed.data.error : undefined;
      if (error?.type === "invalid_request_error") {
        const message = redactDigits(error.message ?? "");
        if (error.code === "resource_missing") return { status: "rejected", code: "charge_not_found", message };
        if (error.code === "charge_already_refunded" || error.param === "amount") {
          return { status: "rejected", code: "exceeds_charge", message };
        }
        if (error.param === "payment_intent") return { status: "rejected", code: "charge_not_succeeded", message };
      }
      return failure(answer, "the refund");
    },

    async retrieve(input): Promise<RetrieveResult> {
      const request = parseRetrieveRequest(input);
      const quoted = request.idempotencyKey.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
      const form = new URLSearchParams();
      form.set("query", `metadata['idempotency_key']:'${quoted}'`);
      form.append("expand[]", "data.latest_charge");
      const answer = await call("GET", "/v1/payment_intents/search", form);
      if (answer.status !== 200) return failure(answer, "the search");
      const found = searchResultSchema.parse(answer.body).data;
      // One key makes one PaymentIntent (Stripe replays the rest); if ever more, a success wins.
      const results = found.map((intent) => resultOfIntent(intent, undefined));
      const succeeded = results.find((result) => result?.status === "succeeded");
      const any = succeeded ?? results.find((result) => result !== undefined);
      if (any) return any;
      if (found.length > 0) throw new CardProcessorUnavailableError("the Stripe payment is still undecided");
      return { status: "not_found" };
    },
  };
}
