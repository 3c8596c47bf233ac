import { z } from "zod";
import {
  type CreatePayPalOrderInput,
  centsToValue,
  itemTotalCents,
  orderTotalCents,
  PAYPAL_CURRENCY,
  type PayPalCaptureResult,
  PayPalError,
  type PayPalGateway,
  type PayPalOrderDetails,
  type PayPalOrderStatus,
  type PayPalRefundResult,
  valueToCents,
} from "./paypal.ts";

/**
 * PayPal's REST API over fetch (decision 027): OAuth2 client credentials, Orders v2 create/show/capture,
 * Payments v2 show capture and refunds, webhook signature verification, and Shipment Tracking v1 (decision 066). The same code talks to PayPal (sandbox or
 * live) and to the in-app sandbox; only the base URL and credentials differ.
 */

export const PAYPAL_LIVE_API_BASE = "https://api-m.paypal.com";
export const PAYPAL_SANDBOX_API_BASE = "https://api-m.sandbox.paypal.com";
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;
/** PayPal's field limits that our values could exceed (item name 127, full name 300, lines 300, city 120, note 255). */
const LIMITS = { itemName: 127, fullName: 300, addressLine: 300, city: 120, postalCode: 60, noteToPayer: 255 } as const;

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().int().nonnegative() });
const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
const orderStatusSchema = z.enum(["CREATED", "SAVED", "APPROVED", "VOIDED", "COMPLETED", "PAYER_ACTION_REQUIRED"]);
const captureSchema = z.object({
  id: z.string().min(1),
  status: z.enum(["COMPLETED", "DECLINED", "PARTIALLY_REFUNDED", "PENDING", "REFUNDED", "FAILED"]),
  status_details: z.object({ reason: z.string() }).optional(),
  amount: moneySchema,
  invoice_id: z.string().optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
});
const orderSchema = z.object({
  id: z.string().min(1),
  status: orderStatusSchema,
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        invoice_id: z.string().optional(),
        amount: moneySchema,
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .min(1),
});
const refundSchema = z.object({
  id: z.string().min(1),
  status: z.enum(["CANCELLED", "FAILED", "PENDING", "COMPLETED"]),
  amount: moneySchema,
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
});
const createdSchema = z.object({ id: z.string().min(1), status: orderStatusSchema });
const errorSchema = z.object({
  name: z.string().optional(),
  error: z.string().optional(),
  details: z.array(z.object({ issue: z.string() })).optional(),
  debug_id: z.string().optional(),
});
const verificationSchema = z.object({ verification_status: z.enum(["SUCCESS", "FAILURE"]) });
/** Shipment Tracking's batch reply: the trackers added, and an error for each one not added. */
const trackerBatchSchema = z.object({
  tracker_identifiers: z
    .array(z.object({ transaction_id: z.string(), tracking_number: z.string().optional() }))
    .optional(),
  errors: z.array(errorSchema).optional(),
});
const trackerSchema = z.object({
  transaction_id: z.string(),
  tracking_number: z.string().optional(),
  status: z.string(),
});

/** The headers PayPal sends with a webhook notification, and the verify request's field each goes to. */
const WEBHOOK_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;

/** The Orders v2 create body, exactly as spec section 4 says (decision 027). */
export function buildCreateOrderBody(input: CreatePayPalOrderInput) {
  if (input.currency !== PAYPAL_CURRENCY) throw new RangeError("PayPal orders are in USD");
  if (itemTotalCents(input.items) !== input.itemTotalCents) {
    throw new RangeError("itemTotalCents is not the sum of the items' unit amount × quantity");
  }
  const totalCents = orderTotalCents(input);
  if (totalCents <= 0) throw new RangeError("A PayPal order must be for more than $0");
  const money = (cents: number) => ({ currency_code: PAYPAL_CURRENCY, value: centsToValue(cents) });
  const { shipping } = input;
  return {
    intent: "CAPTURE",
    purchase_units: [
      {
        reference_id: input.orderNumber,
        invoice_id: input.orderNumber,
        amount: {
          ...money(totalCents),
          breakdown: {
            item_total: money(input.itemTotalCents),
            shipping: money(input.shippingCents),
            tax_total: money(input.taxCents),
            discount: money(input.discountCents),
          },
        },
        items: input.items.map((item) => ({
          name: item.name.slice(0, LIMITS.itemName),
          unit_amount: money(item.unitAmountCents),
          quantity: String(item.quantity),
          category: "PHYSICAL_GOODS",
        })),
        shipping: {
          name: { full_name: shipping.fullName.slice(0, LIMITS.fullName) },
          address: {
            address_line_1: shipping.address1.slice(0, LIMITS.addressLine),
            ...(shipping.address2 ? { address_line_2: shipping.address2.slice(0, LIMITS.addressLine) } : {}),
            admin_area_2: shipping.city.slice(0, LIMITS.city),
            admin_area_1: shipping.state,
            postal_code: shipping.zip.slice(0, LIMITS.postalCode),
            country_code: "US",
          },
        },
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          shipping_preference: "SET_PROVIDED_ADDRESS",
          user_action: "PAY_NOW",
          payment_method_preference: "IMMEDIATE_PAYMENT_REQUIRED",
        },
      },
    },
  };
}

function toCaptureResult(
  capture: z.infer<typeof captureSchema>,
  order: { id: string; status: PayPalOrderStatus },
): PayPalCaptureResult {
  return {
    captureId: capture.id,
    status: capture.status,
    statusReason: capture.status_details?.reason ?? null,
    amountCents: valueToCents(capture.amount.value),
    currency: capture.amount.currency_code,
    paypalOrderId: order.id,
    orderStatus: order.status,
    invoiceId: capture.invoice_id ?? null,
  };
}

/** The capture a refund belongs to: its `up` link (`…/v2/payments/captures/{id}`), as PayPal answers it. */
function refundedCaptureId(refund: z.infer<typeof refundSchema>): string | undefined {
  const up = refund.links?.find((link) => link.rel === "up")?.href;
  const match = up ? /\/v2\/payments\/captures\/([^/?#]+)/.exec(up) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

function toRefundResult(body: unknown, knownCaptureId?: string): PayPalRefundResult {
  const refund = refundSchema.parse(body);
  const captureId = knownCaptureId ?? refundedCaptureId(refund);
  if (!captureId) throw new PayPalError(502, "INVALID_RESPONSE", [], null);
  return {
    refundId: refund.id,
    status: refund.status,
    amountCents: valueToCents(refund.amount.value),
    captureId,
  };
}

function toOrderDetails(body: unknown): PayPalOrderDetails {
  const order = orderSchema.parse(body);
  const [unit] = order.purchase_units;
  if (!unit) throw new PayPalError(502, "INVALID_RESPONSE", [], null);
  return {
    id: order.id,
    status: order.status,
    referenceId: unit.reference_id ?? null,
    invoiceId: unit.invoice_id ?? null,
    amountCents: valueToCents(unit.amount.value),
    currency: unit.amount.currency_code,
    captures: (unit.payments?.captures ?? []).map((capture) => toCaptureResult(capture, order)),
  };
}

export type PayPalApiOptions = {
  /** PAYPAL_API_BASE: PayPal's sandbox, live, or the in-app sandbox's URL. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The longest one call may take, token included. */
  timeoutMs: number;
  /** `paypal_sandbox` when baseUrl is the in-app sandbox (shown to shoppers as 'PayPal sandbox'). */
  name?: PayPalGateway["name"];
  /** Extra headers on every Orders call; tests pass PayPal-Mock-Response here. */
  extraHeaders?: () => Record<string, string>;
  /** The HTTP client; the in-app sandbox passes one that answers in the process instead of over the network. */
  fetch?: typeof fetch;
  now?: () => number;
};

export function createPayPalApiGateway(options: PayPalApiOptions): PayPalGateway {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const now = options.now ?? Date.now;
  const fetch = options.fetch ?? globalThis.fetch;
  let token: { value: string; renewAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  async function readJson(response: Response): Promise<unknown> {
    const text = await response.text();
    if (text === "") return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw new PayPalError(response.status, "INVALID_RESPONSE", [], response.headers.get("paypal-debug-id"));
    }
  }

  async function requestToken(signal: AbortSignal): Promise<string> {
    const response = await fetch(`${baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
      signal,
    });
    const body = await readJson(response);
    if (!response.ok) {
      const parsed = errorSchema.safeParse(body);
      throw new PayPalError(
        response.status,
        parsed.data?.error ?? "AUTHENTICATION_FAILURE",
        [],
        response.headers.get("paypal-debug-id"),
      );
    }
    const parsed = tokenSchema.parse(body);
    token = {
      value: parsed.access_token,
      renewAt: now() + Math.max(0, parsed.expires_in * 1000 - TOKEN_RENEWAL_MARGIN_MS),
    };
    return parsed.access_token;
  }

  function accessToken(signal: AbortSignal): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    pendingToken ??= requestToken(signal).finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  async function call(
    method: "GET" | "POST" | "PUT",
    path: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<unknown> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    for (let attempt = 1; ; attempt += 1) {
      const bearer = await accessToken(signal);
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: "application/json",
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
          ...options.extraHeaders?.(),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: init.body }),
        signal,
      });
      const body = await readJson(response);
      if (response.ok) return body;
      // A revoked or expired token: forget it and try once more with a new one.
      if (response.status === 401 && attempt === 1) {
        token = undefined;
        continue;
      }
      const parsed = errorSchema.safeParse(body);
      throw new PayPalError(
        response.status,
        parsed.data?.name ?? parsed.data?.error ?? `HTTP_${response.status}`,
        parsed.data?.details?.map((detail) => detail.issue) ?? [],
        parsed.data?.debug_id ?? response.headers.get("paypal-debug-id"),
      );
    }
  }

  async function getOrder(paypalOrderId: string): Promise<PayPalOrderDetails> {
    return toOrderDetails(await call("GET", `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`));
  }

  /** A capture's tracker (`<capture id>-<tracking number>`) as PayPal has it, or undefined when it has none. */
  async function findTracker(captureId: string, trackingNumber: string) {
    try {
      const tracker = trackerSchema.parse(
        await call("GET", `/v1/shipping/trackers/${encodeURIComponent(`${captureId}-${trackingNumber}`)}`),
      );
      return tracker.transaction_id === captureId && tracker.tracking_number === trackingNumber ? tracker : undefined;
    } catch (error) {
      if (error instanceof PayPalError && error.httpStatus === 404) return undefined;
      throw error;
    }
  }

  /** The order's one capture: PayPal's answer holds it under purchase_units[0].payments.captures. */
  function onlyCapture(details: PayPalOrderDetails): PayPalCaptureResult {
    const capture = details.captures.at(-1);
    if (!capture) throw new PayPalError(502, "CAPTURE_MISSING", [], null);
    return capture;
  }

  return {
    name: options.name ?? "paypal",
    async createOrder(input) {
      const body = JSON.stringify(buildCreateOrderBody(input));
      const created = createdSchema.parse(
        await call("POST", "/v2/checkout/orders", { body, headers: { "paypal-request-id": input.requestId } }),
      );
      return { id: created.id, status: created.status };
    },
    async captureOrder({ paypalOrderId, requestId }) {
      try {
        const answer = await call("POST", `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`, {
          body: "{}",
          headers: { "paypal-request-id": requestId, prefer: "return=representation" },
        });
        return onlyCapture(toOrderDetails(answer));
      } catch (error) {
        // Captured already (a double click, another tab, a retry after a lost reply): answer that capture.
        if (error instanceof PayPalError && error.hasIssue("ORDER_ALREADY_CAPTURED"))
          return onlyCapture(await getOrder(paypalOrderId));
        throw error;
      }
    },
    getOrder,
    async getCapture(captureId) {
      const capture = captureSchema.parse(await call("GET", `/v2/payments/captures/${encodeURIComponent(captureId)}`));
      const orderId = capture.supplementary_data?.related_ids?.order_id;
      // The capture resource does not carry the order's status; read it when PayPal names the order.
      const order = orderId ? await getOrder(orderId) : undefined;
      return toCaptureResult(capture, { id: orderId ?? "", status: order?.status ?? "COMPLETED" });
    },
    async refundCapture({ captureId, amountCents, requestId, noteToPayer }) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        throw new RangeError("A PayPal refund must be for more than $0");
      const body = JSON.stringify({
        amount: { currency_code: PAYPAL_CURRENCY, value: centsToValue(amountCents) },
        ...(noteToPayer ? { note_to_payer: noteToPayer.slice(0, LIMITS.noteToPayer) } : {}),
      });
      // The full representation carries the amount; PayPal's minimal answer has only id, status and links.
      const answer = await call("POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        body,
        headers: { "paypal-request-id": requestId, prefer: "return=representation" },
      });
      return toRefundResult(answer, captureId);
    },
    async getRefund(refundId) {
      return toRefundResult(await call("GET", `/v2/payments/refunds/${encodeURIComponent(refundId)}`));
    },
    async verifyWebhookSignature({ headers, body, webhookId }) {
      const lowerCased = new Map(
        Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value[0] : value]),
      );
      const fields: Record<string, string> = {};
      for (const [field, headerName] of Object.entries(WEBHOOK_HEADERS)) {
        const value = lowerCased.get(headerName);
        if (!value) return false;
        fields[field] = value;
      }
      try {
        JSON.parse(body);
      } catch {
        return false;
      }
      // The event goes to PayPal byte for byte as it came: the signature covers the body as sent.
      const payload = `{${Object.entries({ ...fields, webhook_id: webhookId })
        .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`)
        .join(",")},"webhook_event":${body}}`;
      const answer = verificationSchema.parse(
        await call("POST", "/v1/notifications/verify-webhook-signature", { body: payload }),
      );
      return answer.verification_status === "SUCCESS";
    },
    async addTracking({ captureId, trackingNumber, carrier, status, notifyPayer }) {
      const tracker = {
        transaction_id: captureId,
        tracking_number: trackingNumber,
        tracking_number_type: "CARRIER_PROVIDED",
        status,
        carrier,
        notify_buyer: notifyPayer ?? false,
      };
      const batch = trackerBatchSchema.parse(
        await call("POST", "/v1/shipping/trackers-batch", { body: JSON.stringify({ trackers: [tracker] }) }),
      );
      const added = batch.tracker_identifiers?.some(
        (identifier) => identifier.transaction_id === captureId && identifier.tracking_number === trackingNumber,
      );
      if (added) return;
      // Not added: the batch's `errors` say why, a tracker that exists (a retry, a second call) or a refusal.
      // PayPal's description documents no issue code for the first, so what PayPal then has decides.
      const existing = await findTracker(captureId, trackingNumber);
      if (!existing) {
        const [refusal] = batch.errors ?? [];
        throw new PayPalError(
          refusal?.name === "RESOURCE_NOT_FOUND" ? 404 : 422,
          refusal?.name ?? "TRACKER_NOT_ADDED",
          refusal?.details?.map((detail) => detail.issue) ?? [],
          refusal?.debug_id ?? null,
        );
      }
      if (existing.status !== status) {
        await call("PUT", `/v1/shipping/trackers/${encodeURIComponent(`${captureId}-${trackingNumber}`)}`, {
          body: JSON.stringify(tracker),
        });
      }
    },
  };
}
