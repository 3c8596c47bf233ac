import { createHmac } from "node:crypto";
import type { CardBrand, CardDeclineCode, CardInput } from "@threadfolk/contract/card-rules";
import { normalizeCardNumber } from "@threadfolk/contract/card-rules";
import { IDENTIFIER_MAX_LENGTH } from "@threadfolk/contract/limits";
import { MINIMUM_CHARGE_CENTS } from "@threadfolk/contract/promo-codes";
import { textSchema } from "@threadfolk/contract/text";
import { z } from "zod";
import type { AppSecretPurpose } from "../../lib/app-secrets.ts";

/**
 * The card processor port (decisions 013 and 026): authorise-and-capture in one step, refund, and retrieve by
 * idempotency key. Every call takes the caller's idempotency key; the same key with the same request answers
 * the first result, never a second charge.
 *
 * Results are values (a decline is an answer, not an exception). Exceptions mean something else:
 * - `CardIdempotencyKeyReuseError`: the key was used with another request (the caller answers 422);
 * - `CardProcessorUnavailableError`: the outcome is unknown (timeout, lost reply, processor error). A charge
 *   may or may not have been made: the caller must reconcile with `retrieve` (or retry with the same key).
 *
 * The card number and CVC pass through in memory only: no implementation stores or logs them, and no error
 * message contains them. What may be kept is in `CardSummary`.
 */

export type { CardBrand, CardDeclineCode, CardInput };

/**
 * A card Stripe.js collected in the shopper's browser (decision 061): the PaymentMethod id (`pm_…`) only.
 * The number and CVC went from the browser to Stripe and never reach this server.
 */
export type TokenizedCard = { paymentMethodId: string };

/** What a charge is made with: the card's fields (the local test processor) or a PaymentMethod id (Stripe). */
export type ChargeSource = CardInput | TokenizedCard;

/** Whether the charge carries raw card data (only the local test processor takes it). */
export const isRawCard = (source: ChargeSource): source is CardInput => !("paymentMethodId" in source);

export type ChargeRequest = {
  idempotencyKey: string;
  amountCents: number;
  currency: "usd";
  card: ChargeSource;
  orderNumber: string;
  description: string;
};

/**
 * All that is ever kept about a card. `fingerprint` is an HMAC of the number with a server secret (local), or
 * Stripe's own card fingerprint (Stripe: the number never reaches us).
 */
export type CardSummary = { brand: CardBrand; last4: string; expMonth: number; expYear: number; fingerprint: string };

export type ChargeSucceeded = { status: "succeeded"; chargeId: string; amountCents: number } & CardSummary;
export type ChargeDeclined = {
  status: "declined";
  code: CardDeclineCode;
  /** The processor's explanation, safe to show (never contains card data). */
  message: string;
  /** The processor's record of the attempt, when it made one. */
  chargeId?: string;
};
export type ChargeResult = ChargeSucceeded | ChargeDeclined;

export type RefundRequest = { idempotencyKey: string; chargeId: string; amountCents: number };
export type RefundResult =
  | { status: "succeeded"; refundId: string; chargeId: string; amountCents: number }
  | {
      status: "rejected";
      code: "exceeds_charge" | "charge_not_found" | "charge_not_succeeded";
      message: string;
    };

export type RetrieveRequest = { idempotencyKey: string };
export type RetrieveResult = ChargeResult | { status: "not_found" };

/**
 * A processor's notification, once its signature is checked: `forged` (bad, missing or stale signature),
 * `ignored` (authentic, nothing the shop acts on) or `payment` (an attempt made with `idempotencyKey` was
 * decided).
 */
export type CardWebhookEvent =
  | { kind: "forged" }
  | { kind: "ignored"; eventId: string; type: string }
  | { kind: "payment"; eventId: string; type: string; idempotencyKey: string };

export type CardProcessor = {
  /** `local` (the offline test processor) or `stripe`. */
  readonly name: "local" | "stripe";
  authorizeAndCapture(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** The attempt made with this key, for reconciliation after a lost reply. */
  retrieve(request: RetrieveRequest): Promise<RetrieveResult>;
  /** Checks and reads a webhook notification (the exact bytes received); absent: the processor sends none. */
  parseWebhook?(request: { body: string; signature: string | undefined }): CardWebhookEvent;
};

/** The key was used before with another request (amount, currency, order, card or expiry). */
export class CardIdempotencyKeyReuseError extends Error {
  constructor(message = "This idempotency key was used with a different request") {
    super(message);
    this.name = "CardIdempotencyKeyReuseError";
  }
}

/** The processor could not be reached or did not answer: the outcome is unknown; reconcile with `retrieve`. */
export class CardProcessorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CardProcessorUnavailableError";
  }
}

/** Stripe's own limit; the local processor uses the same one. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Stripe's minimum charge in USD (50 cents); the local processor uses the same one (the contract's constant). */
export { MINIMUM_CHARGE_CENTS };
/** The highest amount one charge may have ($999,999.99, Stripe's limit for USD). */
export const MAXIMUM_CHARGE_CENTS = 99_999_999;

const idempotencyKeySchema = textSchema({ maxLength: IDEMPOTENCY_KEY_MAX_LENGTH }).regex(
  /^[\x21-\x7e]+$/,
  "must be 1 to 255 printable ASCII characters",
);
const amountSchema = z.number().int().min(MINIMUM_CHARGE_CENTS).max(MAXIMUM_CHARGE_CENTS);

/**
 * The shape of a charge request (not the card rules: a card that breaks them is a decline, answered by the
 * processor). The card fields are bounded strings only; their zod errors never echo the values.
 */
const chargeRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  amountCents: amountSchema,
  currency: z.literal("usd"),
  card: z.union([
    z.strictObject({
      number: textSchema({ maxLength: 32 }),
      expMonthYear: textSchema({ maxLength: 8 }),
      cvc: textSchema({ maxLength: 8 }),
    }),
    z.strictObject({ paymentMethodId: textSchema({ maxLength: 255 }).regex(/^pm_[A-Za-z0-9_]+$/) }),
  ]),
  orderNumber: textSchema({ maxLength: IDENTIFIER_MAX_LENGTH }).min(1),
  description: textSchema({ maxLength: 500 }),
}) satisfies z.ZodType<ChargeRequest>;

const refundRequestSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  chargeId: textSchema({ maxLength: 255 }).min(1),
  amountCents: z.number().int().min(1).max(MAXIMUM_CHARGE_CENTS),
}) satisfies z.ZodType<RefundRequest>;

const retrieveRequestSchema = z.strictObject({ idempotencyKey: idempotencyKeySchema });

/** A request outside the port's contract (a programming error of the caller, not a decline). */
export class CardRequestError extends Error {
  constructor(what: string, issues: z.core.$ZodIssue[] | string) {
    // Paths and messages only: zod's messages never include the input value (it is not reported by default).
    const detail =
      typeof issues === "string"
        ? issues
        : issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ");
    super(`invalid ${what}: ${detail}`);
    this.name = "CardRequestError";
  }
}

function parseWith<T>(schema: z.ZodType<T>, what: string, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CardRequestError(what, parsed.error.issues);
  return parsed.data;
}

export const parseChargeRequest = (request: ChargeRequest) => parseWith(chargeRequestSchema, "charge request", request);
export const parseRefundRequest = (request: RefundRequest) => parseWith(refundRequestSchema, "refund request", request);
export const parseRetrieveRequest = (request: RetrieveRequest) =>
  parseWith(retrieveRequestSchema, "retrieve request", request);

/** The app secret the card fingerprints are keyed with. */
export const CARD_FINGERPRINT_SECRET: AppSecretPurpose = {
  label: "threadfolk card fingerprint v1",
  settingKey: "card_fingerprint_key",
};

/**
 * The card's fingerprint: HMAC-SHA256 of its digits with the server secret, hex. The same card gives the same
 * fingerprint on every instance (to spot a card reused across declines or customers); without the secret the
 * number cannot be recovered by trying all numbers with the shown last four.
 */
export function cardFingerprint(secret: Buffer, number: string): string {
  return createHmac("sha256", secret).update(normalizeCardNumber(number)).digest("hex");
}
