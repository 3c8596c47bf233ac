import { ADD_PAYMENT_INFO_AFTER_CHARACTERS } from "@threadfolk/contract/card-form";
import {
  ORDER_MESSAGES,
  type OrderPaymentBody,
  type OrderPaymentResponse,
  type PlacedOrderResponse,
} from "@threadfolk/contract/orders";
import { z } from "zod";
import { ApiError, isApiError } from "../../lib/api-client.ts";
import { type CardPaymentSource, isStripePaymentMethod } from "./stripe-card.ts";

/**
 * Place Order with a card (spec section 4, card flow; issue 13): the cart is placed as an order, then paid with
 * the card under one idempotency key per press. Written over its two calls so that the flow, its retries and
 * how each answer is read are tested without a server.
 */

export type PaidOrder = OrderPaymentResponse["data"]["attributes"];

export type CardCheckoutOutcome =
  /** Paid: the order number, the purchase's event id and the new (empty) cart's count. */
  | { status: "paid"; payment: PaidOrder }
  /** The processor declined the card (HTTP 402): the shopper may correct the card and press again. */
  | { status: "declined"; message: string }
  /** A 2xx whose status is not 'success' (spec section 8): its message, with the support address. */
  | { status: "not-paid"; message: string };

export type CardCheckoutStage = "placing" | "paying";

export type CardCheckoutCalls = {
  placeOrder: (signal?: AbortSignal) => Promise<PlacedOrderResponse>;
  payOrderByCard: (
    body: OrderPaymentBody,
    idempotencyKey: string,
    signal?: AbortSignal,
  ) => Promise<OrderPaymentResponse>;
  /** A new key for this press (a random UUID). */
  createIdempotencyKey?: () => string;
  /** Waits before a retry (tests pass one that does not). */
  wait?: (milliseconds: number) => Promise<void>;
  /** Told when the flow moves on, for the spinner's words. */
  onStage?: (stage: CardCheckoutStage) => void;
  signal?: AbortSignal;
};

/** Waits before each retry of a call whose answer was lost; after the last one the failure stands. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;

/** True for a request that never got an answer (fetch's TypeError: offline, connection reset, DNS). */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) && error instanceof TypeError;
}

/** True when the server is still working on this very key (a reply lost while the charge was under way). */
function isSameKeyInFlight(error: unknown): boolean {
  return isApiError(error, 409) && error.message === ORDER_MESSAGES.idempotencyKeyInFlight;
}

export const defaultWait = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/** Calls `call` again (after the delays) while `isRetryable` says its failure may go away; else rethrows. */
export async function withRetries<T>(
  call: () => Promise<T>,
  isRetryable: (error: unknown) => boolean,
  wait: (milliseconds: number) => Promise<void>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isRetryable(error)) throw error;
      await wait(delay);
    }
  }
}

const declineMessageSchema = z.object({ data: z.object({ attributes: z.object({ message: z.string().min(1) }) }) });

/**
 * The processor's words in a 402's body (`data.attributes.message`, spec section 8), read even when the rest of
 * the body is not the whole payment reply; the error's own message otherwise.
 */
export function declineMessageOf(error: ApiError): string {
  const reply = declineMessageSchema.safeParse(error.body);
  return reply.success ? reply.data.data.attributes.message : error.message;
}

/** An order its gift card no longer pays in full (the cart changed since the page showed it): say so, ask again. */
export const GIFT_CARD_NO_LONGER_COVERS = "Your gift card no longer pays this whole order: choose how to pay the rest";

/**
 * One press of Place Order: `POST /orders`, then `POST /order_payments` with the card and a new
 * `Idempotency-Key`; with no card (`null`: the gift card pays the whole order, decision 034), the payment is
 * posted without `credit_card_params`, unless the placed order says something is left to pay. A call whose reply was lost is repeated (placing an unchanged cart answers the same order;
 * the payment is repeated with the same key, so the server answers the stored result instead of charging again),
 * as is a payment the server says is still being processed under that key. Answers the outcome; any other
 * failure (a refusal to place the order, a conflict, a server error) is thrown as it came.
 */
export async function payForOrderByCard(
  card: CardPaymentSource | null,
  calls: CardCheckoutCalls,
): Promise<CardCheckoutOutcome> {
  const wait = calls.wait ?? defaultWait;
  const idempotencyKey = (calls.createIdempotencyKey ?? (() => globalThis.crypto.randomUUID()))();
  calls.onStage?.("placing");
  const order = await withRetries(() => calls.placeOrder(calls.signal), isNetworkFailure, wait);
  const processorPaymentId = order.data.attributes.processorPaymentId;
  // A placed order always carries one; without it there is nothing the payment could name.
  if (!processorPaymentId)
    throw new ApiError({ status: 500, code: "unknown", message: "The placed order has no processor payment id" });
  if (card === null && order.data.attributes.amountDueCents > 0)
    throw new ApiError({ status: 409, code: "conflict", message: GIFT_CARD_NO_LONGER_COVERS });
  const body: OrderPaymentBody = card
    ? isStripePaymentMethod(card)
      ? { orderPayment: { processorPaymentId }, paymentMethodId: card.paymentMethodId }
      : {
          orderPayment: { processorPaymentId },
          creditCardParams: {
            creditCardNumber: card.creditCardNumber,
            expirationDate: card.expirationDate,
            cvc: card.cvc,
          },
        }
    : { orderPayment: { processorPaymentId } };
  calls.onStage?.("paying");
  try {
    const reply = await withRetries(
      () => calls.payOrderByCard(body, idempotencyKey, calls.signal),
      (error) => isNetworkFailure(error) || isSameKeyInFlight(error),
      wait,
    );
    const { attributes } = reply.data;
    if (attributes.status === "success") return { status: "paid", payment: attributes };
    return { status: "not-paid", message: attributes.message };
  } catch (error) {
    if (isApiError(error, 402)) return { status: "declined", message: declineMessageOf(error) };
    throw error;
  }
}

/**
 * What a card field keeps of what was typed or pasted: its digits, at most `maxLength` of them ('4242 4242 4242
 * 4242' and '07/28' become '4242424242424242' and '0728'), so the input never holds more than the spec allows.
 */
export function keepDigits(value: string, maxLength: number): string {
  return value.replace(/\D/g, "").slice(0, maxLength);
}

/**
 * The processor's outcome is unknown (its reply was lost; the server reconciles the attempt): the server's
 * message says so and that nobody is charged twice, which tells the shopper more than the general error toast.
 */
export function isProcessorUnavailable(error: unknown): error is ApiError {
  return isApiError(error, 503) && error.message === ORDER_MESSAGES.processorUnavailable;
}

/**
 * Refusals the payment step explains itself with the server's message: a cart that cannot be placed (409/422:
 * 'Add a shipping address…', a design no longer available) or paid (an order that changed, already paid, a
 * payment under way), through `useCheckoutRefusals`, and a processor that did not answer. Other failures get
 * the general error toast of spec section 8 (a 429 says when to try again).
 */
export function isExplainedRefusal(error: unknown): error is ApiError {
  return isApiError(error, 409) || isApiError(error, 422) || isProcessorUnavailable(error);
}

/**
 * Spec section 4: typing more than 15 characters of a card number records 'Add Payment Info', once per visit of
 * the payment step. Answers the function to call with the number on every change; `record` gets no card data.
 */
export function createPaymentInfoReporter(record: () => void): (cardNumber: string) => void {
  let isRecorded = false;
  return (cardNumber) => {
    if (isRecorded || cardNumber.length <= ADD_PAYMENT_INFO_AFTER_CHARACTERS) return;
    isRecorded = true;
    record();
  };
}
