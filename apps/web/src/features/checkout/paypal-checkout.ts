import {
  ORDER_MESSAGES,
  type OrderPaymentResponse,
  type PayPalOrderPaymentBody,
  type PayPalOrderResponse,
  type PlacedOrderResponse,
} from "@threadfolk/contract/orders";
import { ApiError, isApiError } from "../../lib/api-client.ts";
import { declineMessageOf, defaultWait, isNetworkFailure, type PaidOrder, withRetries } from "./card-checkout.ts";

/**
 * Paying with PayPal (spec section 4, wallet; issue 13, decision 032), written over its calls so that the flow
 * and how each answer is read are tested without a server or a browser. PayPal's buttons ask `createOrder` for
 * an order id: the cart is placed (`POST /orders`), then its PayPal order made (`POST /pay_pal_orders`). Once
 * the payer approves, `POST /pay_pal_order_payments` has the server capture it and decide.
 */

/** The part of PayPal's JS SDK (or the in-app sandbox's stand-in) the checkout uses. */
export type PayPalSdk = { Buttons: (options: PayPalButtonsOptions) => PayPalButtons };
export type PayPalButtons = {
  render: (container: HTMLElement) => Promise<void>;
  close: () => Promise<void>;
  isEligible: () => boolean;
};
export type PayPalApproval = { orderID: string; payerID?: string | null };
export type PayPalButtonsOptions = {
  style?: {
    layout?: "vertical" | "horizontal";
    color?: string;
    shape?: "pill" | "rect";
    label?: string;
    height?: number;
  };
  createOrder: () => Promise<string>;
  onApprove: (data: PayPalApproval) => Promise<void>;
  onCancel?: (data: { orderID: string | null }) => void;
  onError?: (error: unknown) => void;
};

/** PayPal's (or our server's) failure, as spec section 8 reports it to the failures call. */
export type PayPalFailure = { name: string; message: string };

/** The SDK's URL with what spec section 9 fixes: USD, intent capture (the server captures). */
export function paypalSdkScriptUrl(paypal: { sdkUrl: string; clientId: string }): string {
  const query = new URLSearchParams({ "client-id": paypal.clientId, currency: "USD", intent: "capture" });
  return `${paypal.sdkUrl}?${query.toString()}`;
}

export type PayPalCheckoutCalls = {
  placeOrder: (signal?: AbortSignal) => Promise<PlacedOrderResponse>;
  createPayPalOrder: (processorPaymentId: string, signal?: AbortSignal) => Promise<PayPalOrderResponse>;
  payOrderByPayPal: (body: PayPalOrderPaymentBody, signal?: AbortSignal) => Promise<OrderPaymentResponse>;
  /** Waits before a retry (tests pass one that does not). */
  wait?: (milliseconds: number) => Promise<void>;
  signal?: AbortSignal;
};

/** The buttons' `createOrder`: the cart placed as an order, then its PayPal order; answers both ids. */
export async function startPayPalOrder(
  calls: PayPalCheckoutCalls,
): Promise<{ paypalOrderId: string; orderNumber: string }> {
  const wait = calls.wait ?? defaultWait;
  // Placing an unchanged cart answers the same order, and the same quote the same PayPal order: safe to repeat.
  const order = await withRetries(() => calls.placeOrder(calls.signal), isNetworkFailure, wait);
  const { processorPaymentId, orderNumber } = order.data.attributes;
  if (!processorPaymentId)
    throw new ApiError({ status: 500, code: "unknown", message: "The placed order has no processor payment id" });
  const created = await withRetries(
    () => calls.createPayPalOrder(processorPaymentId, calls.signal),
    isNetworkFailure,
    wait,
  );
  return { paypalOrderId: created.data.id, orderNumber: created.data.attributes.orderNumber ?? orderNumber };
}

export type PayPalPaymentOutcome =
  /** Captured and paid. */
  | { status: "paid"; payment: PaidOrder }
  /** PayPal holds the capture for review (HTTP 202): the order waits for PayPal's word; its message says so. */
  | { status: "pending"; payment: PaidOrder }
  /** The capture or the funding source was declined (HTTP 402): the buttons can be pressed again. */
  | { status: "declined"; message: string }
  /** A 2xx whose status is not 'success' (spec section 8). */
  | { status: "not-paid"; message: string };

/**
 * The buttons' `onApprove`: the server captures `paypalOrderId` and answers what the capture says. The spec's
 * wallet params carry what the client knows; the server reads the capture from PayPal and trusts none of them.
 * A reply that never came is asked again: the server answers a PayPal order it already settled with the
 * stored result, so a retry never captures twice. Other failures are thrown as they came.
 */
export async function capturePayPalOrder(
  approval: { paypalOrderId: string; orderNumber?: string | undefined; payerId?: string | null | undefined },
  calls: PayPalCheckoutCalls,
): Promise<PayPalPaymentOutcome> {
  const body: PayPalOrderPaymentBody = {
    requestId: approval.paypalOrderId,
    requestIntent: "CAPTURE",
    paymentCurrancy: "USD",
    ...(approval.orderNumber
      ? { purchaseUnitsReferenceId: approval.orderNumber, invoiceId: approval.orderNumber }
      : {}),
    ...(approval.payerId ? { payerId: approval.payerId } : {}),
  };
  try {
    const reply = await withRetries(
      () => calls.payOrderByPayPal(body, calls.signal),
      isNetworkFailure,
      calls.wait ?? defaultWait,
    );
    const { attributes } = reply.data;
    if (attributes.status !== "success") return { status: "not-paid", message: attributes.message };
    // The 202 of a held capture carries status 'success' (the order is placed) and the contract's message.
    if (attributes.message === ORDER_MESSAGES.paypalPending) return { status: "pending", payment: attributes };
    return { status: "paid", payment: attributes };
  } catch (error) {
    if (isApiError(error, 402)) return { status: "declined", message: declineMessageOf(error) };
    throw error;
  }
}

const FAILURE_NAME_MAX = 200;
const FAILURE_MESSAGE_MAX = 2000;

/** What a failure is reported as (spec section 8): the SDK's error name, or our server's error code. */
export function paypalFailureOf(error: unknown): PayPalFailure {
  const cut = (text: string, length: number) => (text.length > length ? text.slice(0, length) : text);
  if (error instanceof ApiError) {
    return { name: cut(error.code || "ApiError", FAILURE_NAME_MAX), message: cut(error.message, FAILURE_MESSAGE_MAX) };
  }
  if (error instanceof Error) {
    return {
      name: cut(error.name || "Error", FAILURE_NAME_MAX),
      message: cut(error.message || "PayPal failed", FAILURE_MESSAGE_MAX),
    };
  }
  return { name: "Error", message: cut(String(error ?? "PayPal failed") || "PayPal failed", FAILURE_MESSAGE_MAX) };
}

const loadingSdks = new Map<string, Promise<PayPalSdk>>();

/**
 * Loads PayPal's JS SDK (or the stand-in) from `url` once per page; a failed load is forgotten so that a new try
 * loads it again. Called only when PayPal is the chosen method.
 */
export function loadPayPalSdk(url: string): Promise<PayPalSdk> {
  const loading = loadingSdks.get(url);
  if (loading) return loading;
  const promise = new Promise<PayPalSdk>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.dataset.paypalSdk = "";
    const fail = (message: string) => {
      loadingSdks.delete(url);
      script.remove();
      reject(new Error(message));
    };
    script.addEventListener("load", () => {
      const sdk = (window as { paypal?: Partial<PayPalSdk> }).paypal;
      if (typeof sdk?.Buttons === "function") resolve(sdk as PayPalSdk);
      else fail("PayPal's SDK loaded without its buttons");
    });
    script.addEventListener("error", () => fail("PayPal's SDK could not be loaded"));
    document.head.append(script);
  });
  loadingSdks.set(url, promise);
  return promise;
}
