import { generateKeyPairSync, randomBytes, randomUUID, sign, verify } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { PAYPAL_SANDBOX_DESCRIPTIONS_FOLDER } from "../../../lib/paths.ts";
import { centsToValue, valueToCents } from "../paypal.ts";
import { createOpenApiValidator, type OpenApiDescription, type SchemaIssue } from "./openapi-validator.ts";

/**
 * A local PayPal (decision 027): the Orders v2 calls our adapter makes (create, show, capture), the OAuth2 token,
 * `GET /v2/payments/captures/{id}` and `POST /v1/notifications/verify-webhook-signature`, answering as PayPal
 * does. Every request body and header is checked against PayPal's published OpenAPI descriptions (the subsets in
 * this folder, Apache-2.0, see NOTICE) and PayPal's business rules for amounts; a request that does not fit is
 * answered with PayPal's error shape and recorded in `refusals`. Orders live in memory. A payer approves an
 * order through `approveOrder` (the local approval page calls it). `PayPal-Mock-Response` negative testing is
 * honoured as in PayPal's sandbox, plus two codes of our own for the capture outcomes PayPal's sandbox produces
 * only with special accounts: CAPTURE_DECLINED and CAPTURE_PENDING.
 *
 * This is a plain request handler (`handle`), mounted by `paypal-sandbox-server.ts` as a standalone 127.0.0.1
 * server (tests) or inside the app under a prefix.
 */

export const PAYPAL_SANDBOX_CLIENT_ID = "threadfolk-paypal-sandbox";
export const PAYPAL_SANDBOX_CLIENT_SECRET = "threadfolk-paypal-sandbox-secret";
export const PAYPAL_SANDBOX_WEBHOOK_ID = "THREADFOLKSANDBOXWEBHOOK";
/** Our own mock codes (PayPal's sandbox reaches these capture outcomes with special test accounts instead). */
export const SANDBOX_MOCK_CAPTURE_DECLINED = "CAPTURE_DECLINED";
export const SANDBOX_MOCK_CAPTURE_PENDING = "CAPTURE_PENDING";

export type SandboxRequest = {
  method: string;
  /** Path and query below the sandbox's mount point, e.g. /v2/checkout/orders/5O190127TN364715T. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

export type SandboxResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * The payer's answer on the approval page. Besides PayPal's own (approve, cancel, a declined funding source),
 * two approvals whose capture PayPal would hold for review or decline: what PayPal's sandbox does for special
 * test accounts, so that a shopper can try those paths from the UI too.
 */
export type ApprovalOutcome = "approve" | "cancel" | "funding_declined" | "capture_pending" | "capture_declined";

type Money = { currency_code: string; value: string };

type StoredCapture = {
  id: string;
  orderId: string;
  status: "COMPLETED" | "DECLINED" | "PENDING" | "REFUNDED" | "PARTIALLY_REFUNDED" | "FAILED";
  reason: string | null;
  amount: Money;
  invoiceId: string | null;
  createTime: string;
  updateTime: string;
  /** Its refunds, oldest first. */
  refundIds: string[];
};

type StoredRefund = {
  id: string;
  captureId: string;
  status: "COMPLETED" | "PENDING" | "FAILED" | "CANCELLED";
  amount: Money;
  noteToPayer: string | null;
  invoiceId: string | null;
  createTime: string;
  updateTime: string;
};

type StoredOrder = {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED" | "VOIDED";
  request: Record<string, unknown>;
  purchaseUnit: Record<string, unknown>;
  amount: Money;
  createTime: string;
  updateTime: string;
  /** The payer's funding source will be refused at capture (the approval page's 'funding declined'). */
  fundingDeclined: boolean;
  /** The capture outcome the approval chose (capture_pending / capture_declined), as a mock code would. */
  captureMock?: string | undefined;
  captureIds: string[];
};

export type PayPalSandboxOptions = {
  clientId?: string;
  clientSecret?: string;
  /** The webhook id notifications are signed for (PAYPAL_WEBHOOK_ID when the app runs the sandbox). */
  webhookId?: string;
  /** Seconds each access token lives (PayPal: about 9 hours). */
  tokenLifetimeSeconds?: number;
  /** Where the sandbox is reachable, for HATEOAS links and the certificate URL (e.g. http://127.0.0.1:4010). */
  publicBaseUrl?: string;
  now?: () => number;
};

type Refusal = {
  status: number;
  name: string;
  message: string;
  details: SchemaIssue[] | { issue: string; description: string; field?: string }[];
};

/** The sandbox keeps at most this many orders, idempotent answers and tokens (the oldest go first). */
const MAX_ORDERS = 10_000;
/** Requests and refusals kept for tests and for looking into a problem (the newest). */
const MAX_RECORDED = 500;

/** Sets a key in an insertion-ordered map, dropping the oldest entry past MAX_ORDERS. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.set(key, value);
  if (map.size > MAX_ORDERS) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}

const UNPROCESSABLE = {
  name: "UNPROCESSABLE_ENTITY",
  message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
};

const ERROR_MESSAGES: Record<number, { name: string; message: string }> = {
  400: { name: "INVALID_REQUEST", message: "Request is not well-formed, syntactically incorrect, or violates schema." },
  401: {
    name: "AUTHENTICATION_FAILURE",
    message: "Authentication failed due to missing authorization header, or invalid authentication credentials.",
  },
  404: { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." },
  415: { name: "UNSUPPORTED_MEDIA_TYPE", message: "The server does not support the request payload's media type." },
  422: {
    name: "UNPROCESSABLE_ENTITY",
    message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
  },
};

/** Issue codes PayPal answers with 400 rather than 422 (its `400` schema). */
const BAD_REQUEST_ISSUES = new Set([
  "INVALID_ARRAY_MAX_ITEMS",
  "INVALID_ARRAY_MIN_ITEMS",
  "INVALID_COUNTRY_CODE",
  "INVALID_PARAMETER_SYNTAX",
  "INVALID_STRING_LENGTH",
  "INVALID_PARAMETER_VALUE",
  "MISSING_REQUIRED_PARAMETER",
  "NOT_SUPPORTED",
  "PAYPAL_REQUEST_ID_REQUIRED",
  "MALFORMED_REQUEST_JSON",
]);

class SandboxRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(
      `${refusal.status} ${refusal.details.map((detail) => `${detail.issue}${detail.field ? ` at ${detail.field}` : ""}`).join(", ")}`,
    );
  }
}

function refuse(status: number, details: Refusal["details"]): never {
  const { name, message } = ERROR_MESSAGES[status] ?? UNPROCESSABLE;
  throw new SandboxRefusal({ status, name, message, details });
}

function refuseIssue(issue: string, description: string, field?: string): never {
  refuse(BAD_REQUEST_ISSUES.has(issue) ? 400 : 422, [{ issue, description, ...(field ? { field } : {}) }]);
}

function header(headers: SandboxRequest["headers"], name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  if (value === undefined) {
    const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    const found = key === undefined ? undefined : headers[key];
    return Array.isArray(found) ? found[0] : found;
  }
  return Array.isArray(value) ? value[0] : value;
}

/** PayPal-style ids: 17 upper-case letters and digits. */
function paypalId(): string {
  const alphabet = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
  const bytes = randomBytes(17);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

function readDescription(file: string): OpenApiDescription {
  return JSON.parse(fs.readFileSync(path.join(PAYPAL_SANDBOX_DESCRIPTIONS_FOLDER, file), "utf8")) as OpenApiDescription;
}

let descriptions:
  | {
      orders: ReturnType<typeof createOpenApiValidator>;
      webhooks: ReturnType<typeof createOpenApiValidator>;
      payments: ReturnType<typeof createOpenApiValidator>;
    }
  | undefined;

function validators() {
  descriptions ??= {
    orders: createOpenApiValidator(readDescription("checkout-orders-v2.json")),
    webhooks: createOpenApiValidator(readDescription("notifications-webhooks-v1.json")),
    payments: createOpenApiValidator(readDescription("payments-payment-v2.json")),
  };
  return descriptions;
}

/** The signed text of a webhook notification, as PayPal documents it. */
function signedText(transmissionId: string, transmissionTime: string, webhookId: string, body: string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(body, "utf8"))}`;
}

export function createPayPalSandbox(options: PayPalSandboxOptions = {}) {
  const clientId = options.clientId ?? PAYPAL_SANDBOX_CLIENT_ID;
  const clientSecret = options.clientSecret ?? PAYPAL_SANDBOX_CLIENT_SECRET;
  const webhookId = options.webhookId ?? PAYPAL_SANDBOX_WEBHOOK_ID;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 32_400;
  const now = options.now ?? Date.now;
  let publicBaseUrl = options.publicBaseUrl ?? "http://127.0.0.1";

  const tokens = new Map<string, number>();
  const orders = new Map<string, StoredOrder>();
  const captures = new Map<string, StoredCapture>();
  const refunds = new Map<string, StoredRefund>();
  /** PayPal-Request-Id -> the stored answer of the first request with it (per operation). */
  const idempotentAnswers = new Map<string, SandboxResponse>();
  const refusals: string[] = [];
  const received: { method: string; path: string; headers: SandboxRequest["headers"]; body: unknown }[] = [];

  /** The oldest orders (with their captures) are forgotten past MAX_ORDERS: the in-app sandbox runs for weeks. */
  function forgetOldOrders(): void {
    while (orders.size > MAX_ORDERS) {
      const oldest = orders.values().next().value;
      if (!oldest) return;
      for (const captureId of oldest.captureIds) {
        for (const refundId of captures.get(captureId)?.refundIds ?? []) refunds.delete(refundId);
        captures.delete(captureId);
      }
      orders.delete(oldest.id);
    }
  }

  const keyId = `CERT-${paypalId()}`;
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

  const isoNow = () => new Date(now()).toISOString().replace(/\.\d{3}Z$/, "Z");

  function json(status: number, body: unknown, extraHeaders: Record<string, string> = {}): SandboxResponse {
    return {
      status,
      headers: {
        "content-type": "application/json",
        "paypal-debug-id": randomBytes(7).toString("hex"),
        ...extraHeaders,
      },
      body: JSON.stringify(body),
    };
  }

  function requireBearer(request: SandboxRequest): void {
    const authorization = header(request.headers, "authorization") ?? "";
    const token = /^Bearer (\S+)$/.exec(authorization)?.[1];
    const expiresAt = token === undefined ? undefined : tokens.get(token);
    if (expiresAt === undefined || expiresAt <= now())
      refuse(401, [{ issue: "INVALID_ACCESS_TOKEN", description: "Invalid or expired access token" }]);
  }

  function parseJsonBody(request: SandboxRequest, required: boolean): unknown {
    const contentType = header(request.headers, "content-type") ?? "";
    if (request.body === "" && !required) return undefined;
    if (!contentType.toLowerCase().startsWith("application/json"))
      refuse(415, [{ issue: "UNSUPPORTED_MEDIA_TYPE", description: "Send application/json" }]);
    try {
      return JSON.parse(request.body);
    } catch {
      refuseIssue("MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
    }
  }

  function checkIssues(issues: SchemaIssue[]): void {
    if (issues.length > 0) refuse(400, issues);
  }

  function mockCode(request: SandboxRequest): string | undefined {
    const raw = header(request.headers, "paypal-mock-response");
    if (raw === undefined) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      refuseIssue("INVALID_PARAMETER_SYNTAX", "PayPal-Mock-Response must be JSON", "PayPal-Mock-Response");
    }
    const code = (parsed as { mock_application_codes?: unknown }).mock_application_codes;
    if (typeof code !== "string" || !/^[A-Z_]+$/.test(code)) {
      refuseIssue("INVALID_PARAMETER_VALUE", "mock_application_codes must name an error", "PayPal-Mock-Response");
    }
    return code;
  }

  function checkCommonHeaders(request: SandboxRequest, parameters: string[]): void {
    const { orders: validator } = validators();
    const names: Record<string, string> = {
      paypal_request_id: "PayPal-Request-Id",
      prefer: "Prefer",
      paypal_client_metadata_id: "PayPal-Client-Metadata-Id",
      paypal_partner_attribution_id: "PayPal-Partner-Attribution-Id",
      paypal_auth_assertion: "PayPal-Auth-Assertion",
    };
    const issues = parameters.flatMap((parameter) => {
      const name = names[parameter] ?? parameter;
      return validator.validateParameter(parameter, header(request.headers, name), name);
    });
    checkIssues(issues);
  }

  function link(pathname: string, rel: string, method: string) {
    return { href: `${publicBaseUrl}${pathname}`, rel, method };
  }

  function presentCapture(capture: StoredCapture) {
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.reason ? { status_details: { reason: capture.reason } } : {}),
      amount: capture.amount,
      ...(capture.invoiceId ? { invoice_id: capture.invoiceId } : {}),
      final_capture: true,
      seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
      links: [
        link(`/v2/payments/captures/${capture.id}`, "self", "GET"),
        link(`/v2/payments/captures/${capture.id}/refund`, "refund", "POST"),
        link(`/v2/checkout/orders/${capture.orderId}`, "up", "GET"),
      ],
      supplementary_data: { related_ids: { order_id: capture.orderId } },
      create_time: capture.createTime,
      update_time: capture.updateTime,
    };
  }

  function presentOrder(order: StoredOrder) {
    const orderCaptures = order.captureIds.map((id) => captures.get(id)).filter((capture) => capture !== undefined);
    const approved = order.status !== "CREATED";
    return {
      id: order.id,
      intent: "CAPTURE",
      status: order.status,
      ...(approved
        ? {
            payment_source: {
              paypal: {
                email_address: "sandbox-buyer@example.com",
                account_id: "SANDBOXBUYER01",
                account_status: "VERIFIED",
                name: { given_name: "Sandbox", surname: "Buyer" },
                address: { country_code: "US" },
              },
            },
            payer: {
              name: { given_name: "Sandbox", surname: "Buyer" },
              email_address: "sandbox-buyer@example.com",
              payer_id: "SANDBOXBUYER01",
              address: { country_code: "US" },
            },
          }
        : {}),
      purchase_units: [
        {
          ...order.purchaseUnit,
          ...(orderCaptures.length > 0
            ? { payments: { captures: orderCaptures.map((capture) => presentCapture(capture)) } }
            : {}),
        },
      ],
      create_time: order.createTime,
      update_time: order.updateTime,
      links: [
        link(`/v2/checkout/orders/${order.id}`, "self", "GET"),
        ...(order.status === "CREATED"
          ? [{ href: `${publicBaseUrl}/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" }]
          : []),
        ...(order.status === "APPROVED" ? [link(`/v2/checkout/orders/${order.id}/capture`, "capture", "POST")] : []),
      ],
    };
  }

  /** PayPal's amount rules for one purchase unit (its 422 issues). */
  function checkAmounts(unit: Record<string, unknown>): Money {
    const amount = unit.amount as Money & { breakdown?: Record<string, Money> };
    const field = "/purchase_units/0/amount";
    const all: [string, Money][] = [[`${field}/value`, amount]];
    for (const [name, part] of Object.entries(amount.breakdown ?? {}))
      all.push([`${field}/breakdown/${name}/value`, part]);
    const items = (unit.items as { unit_amount: Money; quantity: string; tax?: Money }[] | undefined) ?? [];
    items.forEach((item, index) => {
      all.push([`/purchase_units/0/items/${index}/unit_amount/value`, item.unit_amount]);
      if (item.tax) all.push([`/purchase_units/0/items/${index}/tax/value`, item.tax]);
    });
    for (const [at, money] of all) {
      if (money.currency_code !== amount.currency_code)
        refuseIssue("CURRENCY_MISMATCH", "Currency codes must match", at);
      if (money.value.startsWith("-")) refuseIssue("CANNOT_BE_NEGATIVE", "Must be greater than or equal to 0.", at);
      if (/\.\d{3,}$/.test(money.value))
        refuseIssue("DECIMAL_PRECISION", "Only two decimal place precision is supported.", at);
    }
    if (amount.currency_code !== "USD")
      refuseIssue("INVALID_CURRENCY_CODE", "This sandbox's merchant sells in USD only.", `${field}/currency_code`);
    const cents = (money: Money | undefined) => (money ? BigInt(valueToCents(money.value)) : 0n);
    const total = cents(amount);
    if (total <= 0n) refuseIssue("CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero.", `${field}/value`);
    const breakdown = amount.breakdown;
    if (items.length > 0 && !breakdown?.item_total)
      refuseIssue("ITEM_TOTAL_REQUIRED", "item_total is required with items", `${field}/breakdown/item_total`);
    if (items.some((item) => item.tax) && !breakdown?.tax_total)
      refuseIssue("TAX_TOTAL_REQUIRED", "tax_total is required with item taxes", `${field}/breakdown/tax_total`);
    if (breakdown) {
      const sum =
        cents(breakdown.item_total) +
        cents(breakdown.tax_total) +
        cents(breakdown.shipping) +
        cents(breakdown.handling) +
        cents(breakdown.insurance) -
        cents(breakdown.shipping_discount) -
        cents(breakdown.discount);
      if (sum !== total) {
        refuseIssue(
          "AMOUNT_MISMATCH",
          "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
          `${field}/value`,
        );
      }
      if (items.length > 0) {
        const itemSum = items.reduce((acc, item) => acc + cents(item.unit_amount) * BigInt(item.quantity), 0n);
        if (itemSum !== cents(breakdown.item_total)) {
          refuseIssue(
            "ITEM_TOTAL_MISMATCH",
            "Should equal sum of (unit_amount * quantity) across all items.",
            `${field}/breakdown/item_total/value`,
          );
        }
        if (breakdown.tax_total && items.some((item) => item.tax)) {
          const taxSum = items.reduce((acc, item) => acc + cents(item.tax) * BigInt(item.quantity), 0n);
          if (taxSum !== cents(breakdown.tax_total))
            refuseIssue(
              "TAX_TOTAL_MISMATCH",
              "Should equal sum of (tax * quantity) across all items.",
              `${field}/breakdown/tax_total/value`,
            );
        }
      }
    }
    return { currency_code: amount.currency_code, value: amount.value };
  }

  function createOrder(request: SandboxRequest): SandboxResponse {
    checkCommonHeaders(request, [
      "paypal_request_id",
      "paypal_partner_attribution_id",
      "paypal_client_metadata_id",
      "prefer",
    ]);
    const body = parseJsonBody(request, true);
    checkIssues(validators().orders.validateSchema("order_request", body));
    const requestId = header(request.headers, "paypal-request-id");
    const idempotencyKey = requestId === undefined ? undefined : `create:${requestId}`;
    const replay = idempotencyKey === undefined ? undefined : idempotentAnswers.get(idempotencyKey);
    // PayPal answers a repeated PayPal-Request-Id with the first order, 200 instead of 201.
    if (replay) return { ...replay, status: replay.status === 201 ? 200 : replay.status };
    const code = mockCode(request);
    if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
    const order = body as Record<string, unknown> & {
      intent: string;
      purchase_units: Record<string, unknown>[];
      payment_source?: Record<string, unknown>;
    };
    if (order.intent !== "CAPTURE")
      refuseIssue("NOT_SUPPORTED", "This sandbox captures immediately (intent CAPTURE) only.", "/intent");
    const [unit] = order.purchase_units;
    if (!unit || order.purchase_units.length !== 1) {
      refuseIssue("NOT_SUPPORTED", "This sandbox takes one purchase unit.", "/purchase_units");
    }
    const amount = checkAmounts(unit);
    const experience = (
      order.payment_source?.paypal as { experience_context?: { shipping_preference?: string } } | undefined
    )?.experience_context;
    const shipping = unit.shipping as { address?: { admin_area_2?: string } } | undefined;
    if (experience?.shipping_preference === "SET_PROVIDED_ADDRESS" && !shipping?.address) {
      refuseIssue(
        "SHIPPING_ADDRESS_INVALID",
        "SET_PROVIDED_ADDRESS needs purchase_units[0].shipping.address.",
        "/purchase_units/0/shipping/address",
      );
    }
    if (shipping?.address && !shipping.address.admin_area_2)
      refuseIssue(
        "CITY_REQUIRED",
        "The specified country requires a city (address.admin_area_2).",
        "/purchase_units/0/shipping/address/admin_area_2",
      );
    if (order.payment_source && requestId === undefined)
      refuseIssue("PAYPAL_REQUEST_ID_REQUIRED", "A PayPal-Request-Id is required with a payment_source.");
    const time = isoNow();
    const stored: StoredOrder = {
      id: paypalId(),
      status: "CREATED",
      request: order,
      purchaseUnit: { reference_id: "default", ...unit },
      amount,
      createTime: time,
      updateTime: time,
      fundingDeclined: false,
      captureIds: [],
    };
    remember(orders, stored.id, stored);
    forgetOldOrders();
    const prefer = header(request.headers, "prefer");
    const representation = prefer === "return=representation";
    const answer = json(
      201,
      representation
        ? presentOrder(stored)
        : { id: stored.id, status: stored.status, links: presentOrder(stored).links },
    );
    if (idempotencyKey) remember(idempotentAnswers, idempotencyKey, answer);
    return answer;
  }

  function findOrder(id: string): StoredOrder {
    checkIssues(validators().orders.validateParameter("id", id, "order_id"));
    const order = orders.get(id);
    if (!order)
      refuse(404, [
        {
          issue: "INVALID_RESOURCE_ID",
          description: "Specified resource ID does not exist. Please check the resource ID and try again.",
          field: "order_id",
        },
      ]);
    return order;
  }

  function showOrder(request: SandboxRequest, id: string): SandboxResponse {
    const code = mockCode(request);
    if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
    return json(200, presentOrder(findOrder(id)));
  }

  function recordCapture(order: StoredOrder, status: StoredCapture["status"], reason: string | null): StoredCapture {
    const time = isoNow();
    const capture: StoredCapture = {
      id: paypalId(),
      orderId: order.id,
      status,
      reason,
      amount: order.amount,
      invoiceId: typeof order.purchaseUnit.invoice_id === "string" ? order.purchaseUnit.invoice_id : null,
      createTime: time,
      updateTime: time,
      refundIds: [],
    };
    captures.set(capture.id, capture);
    order.captureIds.push(capture.id);
    // PayPal completes the order whatever the capture's outcome: the capture's status is what counts.
    order.status = "COMPLETED";
    order.updateTime = time;
    return capture;
  }

  function captureOrder(request: SandboxRequest, id: string): SandboxResponse {
    checkCommonHeaders(request, ["paypal_request_id", "prefer", "paypal_client_metadata_id", "paypal_auth_assertion"]);
    const body = parseJsonBody(request, false);
    if (body !== undefined) checkIssues(validators().orders.validateSchema("order_capture_request", body));
    const requestId = header(request.headers, "paypal-request-id");
    const idempotencyKey = requestId === undefined ? undefined : `capture:${id}:${requestId}`;
    const replay = idempotencyKey === undefined ? undefined : idempotentAnswers.get(idempotencyKey);
    if (replay) return replay;
    const order = findOrder(id);
    settleCapture(order, mockCode(request) ?? order.captureMock);
    const response = json(201, presentOrder(order));
    if (idempotencyKey) remember(idempotentAnswers, idempotencyKey, response);
    return response;
  }

  /** Captures an approved order, or refuses as PayPal would (the mock code decides negative cases). */
  function settleCapture(order: StoredOrder, code: string | undefined): void {
    if (order.status === "COMPLETED")
      refuseIssue(
        "ORDER_ALREADY_CAPTURED",
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    if (order.status !== "APPROVED") {
      refuseIssue(
        "ORDER_NOT_APPROVED",
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    }
    if (code === "ORDER_ALREADY_CAPTURED") {
      // A concurrent request (another tab, a retry whose reply was lost) captured first: the capture exists.
      recordCapture(order, "COMPLETED", null);
      refuseIssue(
        "ORDER_ALREADY_CAPTURED",
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (code === SANDBOX_MOCK_CAPTURE_DECLINED) {
      recordCapture(order, "DECLINED", null);
      return;
    }
    if (code === SANDBOX_MOCK_CAPTURE_PENDING) {
      recordCapture(order, "PENDING", "PENDING_REVIEW");
      return;
    }
    if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
    if (order.fundingDeclined) {
      // The payer chooses another funding source on the same order (the buttons' restart): approve again.
      order.status = "CREATED";
      order.fundingDeclined = false;
      refuseIssue(
        "INSTRUMENT_DECLINED",
        "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    recordCapture(order, "COMPLETED", null);
  }

  function notFound(): never {
    refuse(404, [
      {
        issue: "INVALID_RESOURCE_ID",
        description: "Specified resource ID does not exist. Please check the resource ID and try again.",
      },
    ]);
  }

  function findCapture(id: string): StoredCapture {
    const capture = /^[A-Z0-9]{1,36}$/.test(id) ? captures.get(id) : undefined;
    if (!capture) notFound();
    return capture;
  }

  function showCapture(request: SandboxRequest, id: string): SandboxResponse {
    const code = mockCode(request);
    if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
    return json(200, presentCapture(findCapture(id)));
  }

  /** Cents refunded of a capture so far (refunds that did not fail or get cancelled). */
  function refundedCents(capture: StoredCapture): bigint {
    let total = 0n;
    for (const refundId of capture.refundIds) {
      const refund = refunds.get(refundId);
      if (refund && (refund.status === "COMPLETED" || refund.status === "PENDING"))
        total += BigInt(valueToCents(refund.amount.value));
    }
    return total;
  }

  function presentRefund(refund: StoredRefund) {
    const capture = captures.get(refund.captureId);
    const refunded = capture ? refundedCents(capture) : 0n;
    return {
      id: refund.id,
      amount: refund.amount,
      status: refund.status,
      ...(refund.invoiceId ? { invoice_id: refund.invoiceId } : {}),
      ...(refund.noteToPayer ? { note_to_payer: refund.noteToPayer } : {}),
      seller_payable_breakdown: {
        gross_amount: refund.amount,
        net_amount: refund.amount,
        total_refunded_amount: { currency_code: refund.amount.currency_code, value: centsToValue(Number(refunded)) },
      },
      links: [
        link(`/v2/payments/refunds/${refund.id}`, "self", "GET"),
        link(`/v2/payments/captures/${refund.captureId}`, "up", "GET"),
      ],
      create_time: refund.createTime,
      update_time: refund.updateTime,
    };
  }

  /**
   * Records a refund of `amount` (what is left when undefined) as PayPal's rules allow: a capture that is
   * COMPLETED or PARTIALLY_REFUNDED, in its currency, at most what earlier refunds left of it.
   */
  function recordRefund(capture: StoredCapture, amount: Money | undefined, noteToPayer: string | null): StoredRefund {
    if (capture.status === "REFUNDED")
      refuseIssue("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded");
    if (capture.status !== "COMPLETED" && capture.status !== "PARTIALLY_REFUNDED")
      refuseIssue("REFUND_NOT_ALLOWED", "Capture cannot be refunded.");
    const left = BigInt(valueToCents(capture.amount.value)) - refundedCents(capture);
    let cents = left;
    if (amount) {
      const field = "/amount/value";
      if (amount.currency_code !== capture.amount.currency_code)
        refuseIssue(
          "REFUND_CAPTURE_CURRENCY_MISMATCH",
          "Refund must be in the same currency as the capture",
          "/amount/currency_code",
        );
      if (amount.value.startsWith("-")) refuseIssue("CANNOT_BE_NEGATIVE", "Must be greater than or equal to 0.", field);
      if (/\.\d{3,}$/.test(amount.value))
        refuseIssue("DECIMAL_PRECISION", "Only two decimal place precision is supported.", field);
      cents = BigInt(valueToCents(amount.value));
      if (cents <= 0n) refuseIssue("CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero.", field);
      if (cents > left)
        refuseIssue(
          "REFUND_AMOUNT_EXCEEDED",
          "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
        );
    }
    const time = isoNow();
    const refund: StoredRefund = {
      id: paypalId(),
      captureId: capture.id,
      status: "COMPLETED",
      amount: { currency_code: capture.amount.currency_code, value: centsToValue(Number(cents)) },
      noteToPayer,
      invoiceId: capture.invoiceId,
      createTime: time,
      updateTime: time,
    };
    refunds.set(refund.id, refund);
    capture.refundIds.push(refund.id);
    capture.status = cents === left ? "REFUNDED" : "PARTIALLY_REFUNDED";
    capture.updateTime = time;
    return refund;
  }

  function refundCaptureRequest(request: SandboxRequest, captureId: string): SandboxResponse {
    const payments = validators().payments;
    const issues = [
      ...payments.validateParameter(
        "paypal_request_id",
        header(request.headers, "paypal-request-id"),
        "PayPal-Request-Id",
      ),
      ...payments.validateParameter("prefer", header(request.headers, "prefer"), "Prefer"),
    ];
    checkIssues(issues);
    const body = parseJsonBody(request, false) as { amount?: Money; note_to_payer?: string } | undefined;
    if (body !== undefined) checkIssues(payments.validateSchema("refund_request", body));
    const requestId = header(request.headers, "paypal-request-id");
    const idempotencyKey = requestId === undefined ? undefined : `refund:${captureId}:${requestId}`;
    const replay = idempotencyKey === undefined ? undefined : idempotentAnswers.get(idempotencyKey);
    if (replay) return replay;
    const capture = findCapture(captureId);
    const code = mockCode(request);
    if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
    const refund = recordRefund(capture, body?.amount, body?.note_to_payer ?? null);
    const presented = presentRefund(refund);
    const representation = header(request.headers, "prefer") === "return=representation";
    const answer = json(
      201,
      representation ? presented : { id: presented.id, status: presented.status, links: presented.links },
    );
    if (idempotencyKey) remember(idempotentAnswers, idempotencyKey, answer);
    return answer;
  }

  function showRefund(request: SandboxRequest, id: string): SandboxResponse {
    const code = mockCode(request);
    if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
    const refund = /^[A-Z0-9]{1,36}$/.test(id) ? refunds.get(id) : undefined;
    if (!refund) notFound();
    return json(200, presentRefund(refund));
  }

  function issueToken(request: SandboxRequest): SandboxResponse {
    const authorization = header(request.headers, "authorization") ?? "";
    const basic = /^Basic (\S+)$/.exec(authorization)?.[1];
    const expected = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
    if (basic !== expected) {
      return json(401, { error: "invalid_client", error_description: "Client Authentication failed" });
    }
    const contentType = header(request.headers, "content-type") ?? "";
    const form = new URLSearchParams(request.body);
    if (
      !contentType.startsWith("application/x-www-form-urlencoded") ||
      form.get("grant_type") !== "client_credentials"
    ) {
      return json(400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
    }
    const token = `A21AA${randomBytes(32).toString("base64url")}`;
    for (const [issued, expiresAt] of tokens) if (expiresAt <= now()) tokens.delete(issued);
    remember(tokens, token, now() + tokenLifetimeSeconds * 1000);
    return json(200, {
      scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund",
      access_token: token,
      token_type: "Bearer",
      app_id: "APP-THREADFOLKSANDBOX",
      expires_in: tokenLifetimeSeconds,
      nonce: `${isoNow()}${randomBytes(8).toString("hex")}`,
    });
  }

  function verifyWebhookSignature(request: SandboxRequest): SandboxResponse {
    const body = parseJsonBody(request, true);
    const issues = validators().webhooks.validateSchema("verify_webhook_signature", body);
    if (issues.length > 0) refuse(400, issues);
    const input = body as {
      auth_algo: string;
      cert_url: string;
      transmission_id: string;
      transmission_sig: string;
      transmission_time: string;
      webhook_id: string;
      webhook_event: unknown;
    };
    // PayPal checks the signature over the event as it re-serialises it; compact JSON in key order, as sent.
    const eventText = JSON.stringify(input.webhook_event);
    const certificateId = input.cert_url.split("/").pop();
    const valid =
      input.auth_algo === "SHA256withRSA" &&
      certificateId === keyId &&
      verify(
        "sha256",
        Buffer.from(signedText(input.transmission_id, input.transmission_time, input.webhook_id, eventText)),
        publicKey,
        Buffer.from(input.transmission_sig, "base64"),
      );
    return json(200, { verification_status: valid ? "SUCCESS" : "FAILURE" });
  }

  function route(request: SandboxRequest): SandboxResponse {
    const url = new URL(request.url, "http://sandbox.invalid");
    const pathname = url.pathname.replace(/\/+$/, "");
    const method = request.method.toUpperCase();
    if (method === "POST" && pathname === "/v1/oauth2/token") return issueToken(request);
    const certificate = /^\/v1\/notifications\/certs\/([A-Za-z0-9-]+)$/.exec(pathname);
    if (method === "GET" && certificate) {
      if (certificate[1] !== keyId) refuse(404, [{ issue: "INVALID_RESOURCE_ID", description: "Unknown certificate" }]);
      return {
        status: 200,
        headers: { "content-type": "application/x-pem-file" },
        body: publicKey.export({ type: "spki", format: "pem" }).toString(),
      };
    }
    requireBearer(request);
    if (method === "POST" && pathname === "/v2/checkout/orders") return createOrder(request);
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(pathname);
    if (orderMatch) {
      const id = decodeURIComponent(orderMatch[1] ?? "");
      if (orderMatch[2] && method === "POST") return captureOrder(request, id);
      if (!orderMatch[2] && method === "GET") return showOrder(request, id);
    }
    const captureMatch = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(pathname);
    if (captureMatch) {
      const id = decodeURIComponent(captureMatch[1] ?? "");
      if (captureMatch[2] && method === "POST") return refundCaptureRequest(request, id);
      if (!captureMatch[2] && method === "GET") return showCapture(request, id);
    }
    const refundMatch = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(pathname);
    if (refundMatch && method === "GET") return showRefund(request, decodeURIComponent(refundMatch[1] ?? ""));
    if (method === "POST" && pathname === "/v1/notifications/verify-webhook-signature")
      return verifyWebhookSignature(request);
    refuse(404, [{ issue: "INVALID_RESOURCE_ID", description: `This sandbox has no ${method} ${pathname}` }]);
  }

  function signNotification(event: Record<string, unknown>, forWebhookId = webhookId) {
    const body = JSON.stringify(event);
    const transmissionTime = isoNow();
    // The description's pattern for transmission_sig wants a word character first; base64 starts with + or / when
    // the signature's top six bits are 111110 or 111111 (rare, possible with some keys), so a new transmission id
    // is drawn until the signature fits.
    let transmissionId: string;
    let signature: string;
    do {
      transmissionId = randomUUID();
      signature = sign(
        "sha256",
        Buffer.from(signedText(transmissionId, transmissionTime, forWebhookId, body)),
        privateKey,
      ).toString("base64");
    } while (!/^\w/.test(signature));
    return {
      headers: {
        "content-type": "application/json",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": transmissionTime,
        "paypal-transmission-sig": signature,
        "paypal-cert-url": `${publicBaseUrl}/v1/notifications/certs/${keyId}`,
        "paypal-auth-algo": "SHA256withRSA",
      },
      body,
    };
  }

  return {
    clientId,
    clientSecret,
    webhookId,
    /** Requests refused as not fitting PayPal's description or rules (each names the rule); tests expect none. */
    refusals,
    /** Every request with its parsed body, for tests that check what the adapter sent. */
    received,
    setPublicBaseUrl(url: string) {
      publicBaseUrl = url.replace(/\/+$/, "");
    },
    async handle(request: SandboxRequest): Promise<SandboxResponse> {
      let parsedBody: unknown = request.body;
      try {
        parsedBody = request.body ? JSON.parse(request.body) : undefined;
      } catch {
        // a form or malformed body is recorded as text
      }
      received.push({ method: request.method, path: request.url, headers: request.headers, body: parsedBody });
      if (received.length > MAX_RECORDED) received.splice(0, received.length - MAX_RECORDED);
      try {
        return route(request);
      } catch (error) {
        if (!(error instanceof SandboxRefusal)) throw error;
        const { status, name, message, details } = error.refusal;
        const rule = `${request.method} ${request.url}: ${error.message}`;
        // Business outcomes a test asks for on purpose are not refusals of a malformed request.
        if (status === 400 || status === 401 || status === 415) {
          refusals.push(rule);
          if (refusals.length > MAX_RECORDED) refusals.splice(0, refusals.length - MAX_RECORDED);
        }
        return json(status, { name, message, details, debug_id: randomBytes(7).toString("hex") });
      }
    },
    /** The payer's answer on the approval page: approve, cancel (the order stays CREATED) or a declined funding source. */
    approveOrder(id: string, outcome: ApprovalOutcome): { id: string; status: StoredOrder["status"] } {
      const order = orders.get(id);
      if (!order) throw new Error(`No PayPal sandbox order ${id}`);
      if (order.status !== "CREATED")
        throw new Error(`PayPal sandbox order ${id} is ${order.status}, not awaiting approval`);
      // A payer who cancels leaves the order as it was (CREATED), as PayPal does; the buttons may open it again.
      if (outcome !== "cancel") {
        order.status = "APPROVED";
        order.fundingDeclined = outcome === "funding_declined";
        order.captureMock =
          outcome === "capture_pending"
            ? SANDBOX_MOCK_CAPTURE_PENDING
            : outcome === "capture_declined"
              ? SANDBOX_MOCK_CAPTURE_DECLINED
              : undefined;
        order.updateTime = isoNow();
      }
      return { id: order.id, status: order.status };
    },
    /** The order as the approval page shows it (amount and purchase unit), or undefined. */
    findOrder(id: string) {
      const order = orders.get(id);
      return order ? presentOrder(order) : undefined;
    },
    /** Settles a PENDING capture (PayPal's review ends) and answers the signed PAYMENT.CAPTURE.* notification. */
    settlePendingCapture(captureId: string, outcome: "COMPLETED" | "DECLINED") {
      const capture = captures.get(captureId);
      if (capture?.status !== "PENDING") throw new Error(`No pending PayPal sandbox capture ${captureId}`);
      capture.status = outcome;
      capture.reason = null;
      capture.updateTime = isoNow();
      return this.captureNotification(
        captureId,
        outcome === "COMPLETED" ? "PAYMENT.CAPTURE.COMPLETED" : "PAYMENT.CAPTURE.DECLINED",
      );
    },
    /**
     * Gives back what is left of a capture, as the merchant would from PayPal's dashboard, and answers the
     * signed PAYMENT.CAPTURE.REFUNDED notification (its resource is the refund, whose `up` link names the capture).
     */
    refundCapture(captureId: string) {
      const capture = captures.get(captureId);
      if (capture?.status !== "COMPLETED" && capture?.status !== "PARTIALLY_REFUNDED")
        throw new Error(`No refundable PayPal sandbox capture ${captureId}`);
      const refund = recordRefund(capture, undefined, null);
      const event = {
        id: `WH-${paypalId()}`,
        event_version: "1.0",
        create_time: isoNow(),
        resource_type: "refund",
        resource_version: "2.0",
        event_type: "PAYMENT.CAPTURE.REFUNDED",
        summary: `A $ ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`,
        resource: presentRefund(refund),
        links: [link(`/v1/notifications/webhooks-events/${refund.id}`, "self", "GET")],
      };
      return signNotification(event);
    },
    /** A signed webhook notification about a capture, as PayPal would POST it to our listener. */
    captureNotification(captureId: string, eventType: string, forWebhookId?: string) {
      const capture = captures.get(captureId);
      if (!capture) throw new Error(`No PayPal sandbox capture ${captureId}`);
      const event = {
        id: `WH-${paypalId()}`,
        event_version: "1.0",
        create_time: isoNow(),
        resource_type: "capture",
        resource_version: "2.0",
        event_type: eventType,
        summary: `Payment ${capture.status.toLowerCase()} for $ ${capture.amount.value} ${capture.amount.currency_code}`,
        resource: presentCapture(capture),
        links: [link(`/v1/notifications/webhooks-events/${capture.id}`, "self", "GET")],
      };
      return signNotification(event, forWebhookId);
    },
  };
}

export type PayPalSandbox = ReturnType<typeof createPayPalSandbox>;
