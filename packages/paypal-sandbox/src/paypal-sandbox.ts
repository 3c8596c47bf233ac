import { createHash, randomBytes, randomUUID, sign, verify } from "node:crypto";
import { crc32 } from "node:zlib";
import { documentedIssues, type PayPalDescriptionName } from "./paypal-schemas.ts";
import { centsToValue, checkAmounts, type Money, valueToCents } from "./sandbox-amounts.ts";
import { header, paypalId, type Refusal, refuse, refuseIssue, SandboxRefusal } from "./sandbox-errors.ts";
import {
  checkBody,
  checkIssues,
  isoTime,
  mockCode,
  notFound,
  parameterIssues,
  parseJsonBody,
  type SandboxRequest,
  type SandboxResponse,
} from "./sandbox-requests.ts";
import {
  createSandboxStore,
  type SandboxCapture,
  type SandboxDatabase,
  type SandboxExecutor,
  type SandboxOrder,
  type SandboxRefund,
  type SandboxStore,
} from "./sandbox-store.ts";
import { createTrackingOperations, trackingOperationOf } from "./sandbox-tracking.ts";

/**
 * A local PayPal (decisions 027 and 055): the Orders v2 calls our adapter makes (create, show, capture), the
 * OAuth2 token, Payments v2 (show capture, refund capture, show refund),
 * `POST /v1/notifications/verify-webhook-signature` and Shipment Tracking v1 (`sandbox-tracking.ts`), answering as
 * PayPal does. Every request body and header is
 * checked against PayPal's published OpenAPI descriptions (the subsets in descriptions/, Apache-2.0, see its NOTICE)
 * and PayPal's business rules for amounts; a request that does not fit is answered with PayPal's error shape and
 * recorded in `refusals`. Orders, captures, refunds, tokens, replayable answers and the signing key live in the
 * database (sandbox-store.ts), so every app instance serves every order. A payer approves an order through
 * `approveOrder` (the local approval page calls it). `PayPal-Mock-Response` negative testing is honoured as in
 * PayPal's sandbox, plus two codes of our own for the capture outcomes PayPal's sandbox produces only with
 * special accounts: CAPTURE_DECLINED and CAPTURE_PENDING.
 *
 * This is a plain request handler (`handle`), mounted by `paypal-sandbox-server.ts` as a standalone 127.0.0.1
 * server (tests) or inside the app under a prefix.
 */

export const PAYPAL_SANDBOX_CLIENT_ID = "threadfolk-paypal-sandbox";
export const PAYPAL_SANDBOX_CLIENT_SECRET = "threadfolk-paypal-sandbox-secret";
export const PAYPAL_SANDBOX_WEBHOOK_ID = "THREADFOLKSANDBOXWEBHOOK";
/** The sandbox's one payer: 13 characters of PayPal's payer-id alphabet (`^[2-9A-HJ-NP-Z]{13}$`). */
export const PAYPAL_SANDBOX_PAYER_ID = "7KZ9QWXB3M2HN";
/** Our own mock codes (PayPal's sandbox reaches these capture outcomes with special test accounts instead). */
export const SANDBOX_MOCK_CAPTURE_DECLINED = "CAPTURE_DECLINED";
export const SANDBOX_MOCK_CAPTURE_PENDING = "CAPTURE_PENDING";

export type { SandboxRequest, SandboxResponse };

/**
 * The payer's answer on the approval page. Besides PayPal's own (approve, cancel, a declined funding source),
 * two approvals whose capture PayPal would hold for review or decline: what PayPal's sandbox does for special
 * test accounts, so that a shopper can try those paths from the UI too.
 */
export type ApprovalOutcome = "approve" | "cancel" | "funding_declined" | "capture_pending" | "capture_declined";

export type PayPalSandboxOptions = {
  /** Where the sandbox keeps its books: the host app's database (its tables are `./schema.ts`), shared by every instance. */
  db: SandboxDatabase;
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

/** Requests and refusals kept in this process for tests and for looking into a problem (the newest). */
const MAX_RECORDED = 500;

/** The signed text of a webhook notification, as PayPal documents it. */
function signedText(transmissionId: string, transmissionTime: string, webhookId: string, body: string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(body, "utf8"))}`;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const HEADER_NAMES: Record<string, string> = {
  paypal_request_id: "PayPal-Request-Id",
  prefer: "Prefer",
  paypal_client_metadata_id: "PayPal-Client-Metadata-Id",
  paypal_partner_attribution_id: "PayPal-Partner-Attribution-Id",
  paypal_auth_assertion: "PayPal-Auth-Assertion",
};

function checkHeaders(request: SandboxRequest, description: "orders" | "payments", parameters: string[]): void {
  checkIssues(
    parameters.flatMap((parameter) => {
      const name = HEADER_NAMES[parameter] ?? parameter;
      return parameterIssues(description, parameter, header(request.headers, name), { field: name });
    }),
  );
}

/** The operation of PayPal's descriptions a request is for, to word its refusals as that operation documents. */
function operationOf(method: string, pathname: string): [PayPalDescriptionName, string] | undefined {
  if (method === "POST" && pathname === "/v2/checkout/orders") return ["orders", "/v2/checkout/orders"];
  if (method === "GET" && /^\/v2\/checkout\/orders\/[^/]+$/.test(pathname))
    return ["orders", "/v2/checkout/orders/{id}"];
  if (method === "POST" && /^\/v2\/checkout\/orders\/[^/]+\/capture$/.test(pathname))
    return ["orders", "/v2/checkout/orders/{id}/capture"];
  if (method === "GET" && /^\/v2\/payments\/captures\/[^/]+$/.test(pathname))
    return ["payments", "/v2/payments/captures/{capture_id}"];
  if (method === "POST" && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(pathname))
    return ["payments", "/v2/payments/captures/{capture_id}/refund"];
  if (method === "GET" && /^\/v2\/payments\/refunds\/[^/]+$/.test(pathname))
    return ["payments", "/v2/payments/refunds/{refund_id}"];
  if (method === "POST" && pathname === "/v1/notifications/verify-webhook-signature")
    return ["webhooks", "/v1/notifications/verify-webhook-signature"];
  const tracking = trackingOperationOf(method, pathname);
  return tracking ? ["tracking", tracking] : undefined;
}

/** A refusal's details in the words the operation's error reply documents for each issue (when it gives any). */
function documentedDetails(request: SandboxRequest, status: number, details: Refusal["details"]): Refusal["details"] {
  const pathname = new URL(request.url, "http://sandbox.invalid").pathname.replace(/\/+$/, "");
  const operation = operationOf(request.method.toUpperCase(), pathname);
  if (!operation) return details;
  const documented = documentedIssues(operation[0], operation[1], request.method, status);
  return details.map((detail) => {
    const text = documented.get(detail.issue);
    return text === undefined ? detail : { ...detail, description: text };
  });
}

const ALREADY_CAPTURED = "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.";

export function createPayPalSandbox(options: PayPalSandboxOptions) {
  const clientId = options.clientId ?? PAYPAL_SANDBOX_CLIENT_ID;
  const clientSecret = options.clientSecret ?? PAYPAL_SANDBOX_CLIENT_SECRET;
  const webhookId = options.webhookId ?? PAYPAL_SANDBOX_WEBHOOK_ID;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 32_400;
  const now = options.now ?? Date.now;
  const store: SandboxStore = createSandboxStore(options.db);
  let publicBaseUrl = options.publicBaseUrl ?? "http://127.0.0.1";

  const refusals: string[] = [];
  const received: { method: string; path: string; headers: SandboxRequest["headers"]; body: unknown }[] = [];

  const currentTime = () => new Date(now());

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

  async function requireBearer(request: SandboxRequest): Promise<void> {
    const authorization = header(request.headers, "authorization") ?? "";
    const token = /^Bearer (\S+)$/.exec(authorization)?.[1];
    const expiresAt = token === undefined ? undefined : await store.tokenExpiry(sha256(token));
    if (expiresAt === undefined || expiresAt.getTime() <= now()) refuse(401, []);
  }

  function link(pathname: string, rel: string, method: string) {
    return { href: `${publicBaseUrl}${pathname}`, rel, method };
  }

  const handleTracking = createTrackingOperations({ store, json, link, currentTime });

  function presentCapture(capture: SandboxCapture) {
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
      create_time: isoTime(capture.createdAt),
      update_time: isoTime(capture.updatedAt),
    };
  }

  async function presentOrder(executor: SandboxExecutor, order: SandboxOrder) {
    const orderCaptures = await store.capturesOfOrder(executor, order.id);
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
                account_id: PAYPAL_SANDBOX_PAYER_ID,
                account_status: "VERIFIED",
                name: { given_name: "Sandbox", surname: "Buyer" },
                address: { country_code: "US" },
              },
            },
            payer: {
              name: { given_name: "Sandbox", surname: "Buyer" },
              email_address: "sandbox-buyer@example.com",
              payer_id: PAYPAL_SANDBOX_PAYER_ID,
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
      create_time: isoTime(order.createdAt),
      update_time: isoTime(order.updatedAt),
      links: [
        link(`/v2/checkout/orders/${order.id}`, "self", "GET"),
        ...(order.status === "CREATED"
          ? [{ href: `${publicBaseUrl}/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" }]
          : []),
        ...(order.status === "APPROVED" ? [link(`/v2/checkout/orders/${order.id}/capture`, "capture", "POST")] : []),
      ],
    };
  }

  /**
   * Answers a request that carries a PayPal-Request-Id once: a repeat (on any instance, even at the same moment)
   * gets the stored answer of the first. `run` works in one transaction: a refusal it throws undoes its changes;
   * a refusal it returns (one that follows a change PayPal keeps) is thrown after they are committed. Only an
   * answer is stored for replay.
   */
  async function once(
    key: string | undefined,
    run: (tx: SandboxExecutor) => Promise<SandboxResponse | SandboxRefusal>,
    replayStatus: (status: number) => number = (status) => status,
  ): Promise<SandboxResponse> {
    const outcome = await store.inTransaction(key, async (tx) => {
      const replay = key === undefined ? undefined : await store.findAnswer(tx, key);
      if (replay) return { ...replay, status: replayStatus(replay.status) };
      const result = await run(tx);
      if (key !== undefined && !(result instanceof SandboxRefusal))
        await store.saveAnswer(tx, key, result, currentTime());
      return result;
    });
    if (outcome instanceof SandboxRefusal) throw outcome;
    return outcome;
  }

  async function createOrder(request: SandboxRequest): Promise<SandboxResponse> {
    checkHeaders(request, "orders", [
      "paypal_request_id",
      "paypal_partner_attribution_id",
      "paypal_client_metadata_id",
      "prefer",
    ]);
    const body = parseJsonBody(request, true);
    checkBody("orders", "order_request", body);
    const requestId = header(request.headers, "paypal-request-id");
    const code = mockCode(request);
    const order = body as Record<string, unknown> & {
      intent: string;
      purchase_units: Record<string, unknown>[];
      payment_source?: Record<string, unknown>;
    };
    // PayPal answers a repeated PayPal-Request-Id with the first order, 200 instead of 201.
    return once(
      requestId === undefined ? undefined : `create:${requestId}`,
      async (tx) => {
        if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
        const amount = checkOrderRequest(order, requestId);
        const time = currentTime();
        const stored: SandboxOrder = {
          id: paypalId(),
          status: "CREATED",
          purchaseUnit: { reference_id: "default", ...order.purchase_units[0] },
          amount,
          fundingDeclined: false,
          captureMock: null,
          createdAt: time,
          updatedAt: time,
        };
        await store.insertOrder(tx, stored);
        const presented = await presentOrder(tx, stored);
        const representation = header(request.headers, "prefer") === "return=representation";
        return json(201, representation ? presented : { id: stored.id, status: stored.status, links: presented.links });
      },
      (status) => (status === 201 ? 200 : status),
    );
  }

  /** PayPal's rules for a create-order body beyond its schema; answers the order's amount. */
  function checkOrderRequest(
    order: { intent: string; purchase_units: Record<string, unknown>[]; payment_source?: Record<string, unknown> },
    requestId: string | undefined,
  ): Money {
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
    return amount;
  }

  async function findOrder(executor: SandboxExecutor, id: string, options: { lock?: boolean } = {}) {
    checkIssues(parameterIssues("orders", "id", id, { field: "order_id", location: "path" }));
    const order = await store.findOrder(executor, id, options);
    if (!order) notFound("order_id");
    return order;
  }

  async function showOrder(request: SandboxRequest, id: string): Promise<SandboxResponse> {
    const code = mockCode(request);
    if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
    return json(200, await presentOrder(store.db, await findOrder(store.db, id)));
  }

  async function recordCapture(
    tx: SandboxExecutor,
    order: SandboxOrder,
    status: SandboxCapture["status"],
    reason: string | null,
  ): Promise<void> {
    const time = currentTime();
    await store.insertCapture(tx, {
      id: paypalId(),
      orderId: order.id,
      status,
      reason,
      amount: order.amount,
      invoiceId: typeof order.purchaseUnit.invoice_id === "string" ? order.purchaseUnit.invoice_id : null,
      createdAt: time,
      updatedAt: time,
    });
    // PayPal completes the order whatever the capture's outcome: the capture's status is what counts.
    await store.updateOrder(tx, order.id, { status: "COMPLETED", updatedAt: time });
  }

  async function captureOrder(request: SandboxRequest, id: string): Promise<SandboxResponse> {
    checkHeaders(request, "orders", [
      "paypal_request_id",
      "prefer",
      "paypal_client_metadata_id",
      "paypal_auth_assertion",
    ]);
    const body = parseJsonBody(request, false);
    if (body !== undefined) checkBody("orders", "order_capture_request", body);
    const requestId = header(request.headers, "paypal-request-id");
    const code = mockCode(request);
    return once(requestId === undefined ? undefined : `capture:${id}:${requestId}`, async (tx) => {
      const order = await findOrder(tx, id, { lock: true });
      const refusal = await settleCapture(tx, order, code ?? order.captureMock ?? undefined);
      if (refusal) return refusal;
      return json(201, await presentOrder(tx, (await store.findOrder(tx, id)) ?? order));
    });
  }

  /**
   * Captures an approved, locked order, or refuses as PayPal would (the mock code decides negative cases).
   * Answers a refusal to throw after the transaction commits, when the refusal follows a change.
   */
  async function settleCapture(
    tx: SandboxExecutor,
    order: SandboxOrder,
    code: string | undefined,
  ): Promise<SandboxRefusal | undefined> {
    if (order.status === "COMPLETED") refuseIssue("ORDER_ALREADY_CAPTURED", ALREADY_CAPTURED);
    if (order.status !== "APPROVED") {
      refuseIssue(
        "ORDER_NOT_APPROVED",
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
      );
    }
    if (code === "ORDER_ALREADY_CAPTURED") {
      // A concurrent request (another tab, a retry whose reply was lost) captured first: the capture exists.
      await recordCapture(tx, order, "COMPLETED", null);
      return refusalOf(() => refuseIssue("ORDER_ALREADY_CAPTURED", ALREADY_CAPTURED));
    }
    if (code === SANDBOX_MOCK_CAPTURE_DECLINED) {
      await recordCapture(tx, order, "DECLINED", null);
      return undefined;
    }
    if (code === SANDBOX_MOCK_CAPTURE_PENDING) {
      await recordCapture(tx, order, "PENDING", "PENDING_REVIEW");
      return undefined;
    }
    if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
    if (order.fundingDeclined) {
      // The payer chooses another funding source on the same order (the buttons' restart): approve again.
      await store.updateOrder(tx, order.id, { status: "CREATED", fundingDeclined: false, updatedAt: currentTime() });
      return refusalOf(() =>
        refuseIssue(
          "INSTRUMENT_DECLINED",
          "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
        ),
      );
    }
    await recordCapture(tx, order, "COMPLETED", null);
    return undefined;
  }

  function refusalOf(refusing: () => never): SandboxRefusal {
    try {
      refusing();
    } catch (error) {
      if (error instanceof SandboxRefusal) return error;
      throw error;
    }
  }

  async function findCapture(executor: SandboxExecutor, id: string, options: { lock?: boolean } = {}) {
    const capture = /^[A-Z0-9]{1,36}$/.test(id) ? await store.findCapture(executor, id, options) : undefined;
    if (!capture) notFound();
    return capture;
  }

  async function showCapture(request: SandboxRequest, id: string): Promise<SandboxResponse> {
    const code = mockCode(request);
    if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
    return json(200, presentCapture(await findCapture(store.db, id)));
  }

  async function presentRefund(executor: SandboxExecutor, refund: SandboxRefund) {
    const refunded = await store.refundedCents(executor, refund.captureId);
    return {
      id: refund.id,
      amount: refund.amount,
      status: refund.status,
      ...(refund.invoiceId ? { invoice_id: refund.invoiceId } : {}),
      ...(refund.noteToPayer ? { note_to_payer: refund.noteToPayer } : {}),
      seller_payable_breakdown: {
        gross_amount: refund.amount,
        net_amount: refund.amount,
        total_refunded_amount: { currency_code: refund.amount.currency_code, value: centsToValue(refunded) },
      },
      links: [
        link(`/v2/payments/refunds/${refund.id}`, "self", "GET"),
        link(`/v2/payments/captures/${refund.captureId}`, "up", "GET"),
      ],
      create_time: isoTime(refund.createdAt),
      update_time: isoTime(refund.updatedAt),
    };
  }

  /**
   * Records a refund of a locked capture, of `amount` (what is left when undefined), as PayPal's rules allow: a
   * capture that is COMPLETED or PARTIALLY_REFUNDED, in its currency, at most what earlier refunds left of it.
   */
  async function recordRefund(
    tx: SandboxExecutor,
    capture: SandboxCapture,
    amount: Money | undefined,
    noteToPayer: string | null,
  ): Promise<SandboxRefund> {
    if (capture.status === "REFUNDED")
      refuseIssue("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded");
    if (capture.status !== "COMPLETED" && capture.status !== "PARTIALLY_REFUNDED")
      refuseIssue("REFUND_NOT_ALLOWED", "Capture cannot be refunded.");
    const left = valueToCents(capture.amount.value) - (await store.refundedCents(tx, capture.id));
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
      cents = valueToCents(amount.value);
      if (cents <= 0) refuseIssue("CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero.", field);
      if (cents > left)
        refuseIssue(
          "REFUND_AMOUNT_EXCEEDED",
          "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
        );
    }
    const time = currentTime();
    const refund: SandboxRefund = {
      id: paypalId(),
      captureId: capture.id,
      status: "COMPLETED",
      amount: { currency_code: capture.amount.currency_code, value: centsToValue(cents) },
      amountCents: cents,
      noteToPayer,
      invoiceId: capture.invoiceId,
      createdAt: time,
      updatedAt: time,
    };
    await store.insertRefund(tx, refund);
    await store.updateCapture(tx, capture.id, {
      status: cents === left ? "REFUNDED" : "PARTIALLY_REFUNDED",
      updatedAt: time,
    });
    return refund;
  }

  async function refundCaptureRequest(request: SandboxRequest, captureId: string): Promise<SandboxResponse> {
    checkHeaders(request, "payments", ["paypal_request_id", "prefer", "paypal_auth_assertion"]);
    const body = parseJsonBody(request, false) as { amount?: Money; note_to_payer?: string } | undefined;
    if (body !== undefined) checkBody("payments", "refund_request", body);
    const requestId = header(request.headers, "paypal-request-id");
    const code = mockCode(request);
    return once(requestId === undefined ? undefined : `refund:${captureId}:${requestId}`, async (tx) => {
      const capture = await findCapture(tx, captureId, { lock: true });
      if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
      const refund = await recordRefund(tx, capture, body?.amount, body?.note_to_payer ?? null);
      const presented = await presentRefund(tx, refund);
      const representation = header(request.headers, "prefer") === "return=representation";
      return json(
        201,
        representation ? presented : { id: presented.id, status: presented.status, links: presented.links },
      );
    });
  }

  async function showRefund(request: SandboxRequest, id: string): Promise<SandboxResponse> {
    const code = mockCode(request);
    if (code) refuseIssue(code, "Simulated by PayPal-Mock-Response");
    const refund = /^[A-Z0-9]{1,36}$/.test(id) ? await store.findRefund(store.db, id) : undefined;
    if (!refund) notFound();
    return json(200, await presentRefund(store.db, refund));
  }

  async function issueToken(request: SandboxRequest): Promise<SandboxResponse> {
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
    await store.saveToken(sha256(token), new Date(now() + tokenLifetimeSeconds * 1000), currentTime());
    return json(200, {
      scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund",
      access_token: token,
      token_type: "Bearer",
      app_id: "APP-THREADFOLKSANDBOX",
      expires_in: tokenLifetimeSeconds,
      nonce: `${isoTime(currentTime())}${randomBytes(8).toString("hex")}`,
    });
  }

  async function verifyWebhookSignature(request: SandboxRequest): Promise<SandboxResponse> {
    const body = parseJsonBody(request, true);
    checkBody("webhooks", "verify_webhook_signature", body);
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
    const key = await store.signingKey();
    const valid =
      input.auth_algo === "SHA256withRSA" &&
      certificateId === key.id &&
      verify(
        "sha256",
        Buffer.from(signedText(input.transmission_id, input.transmission_time, input.webhook_id, eventText)),
        key.publicKeyPem,
        Buffer.from(input.transmission_sig, "base64"),
      );
    return json(200, { verification_status: valid ? "SUCCESS" : "FAILURE" });
  }

  async function route(request: SandboxRequest): Promise<SandboxResponse> {
    const url = new URL(request.url, "http://sandbox.invalid");
    const pathname = url.pathname.replace(/\/+$/, "");
    const method = request.method.toUpperCase();
    if (method === "POST" && pathname === "/v1/oauth2/token") return issueToken(request);
    const certificate = /^\/v1\/notifications\/certs\/([A-Za-z0-9-]+)$/.exec(pathname);
    if (method === "GET" && certificate) {
      const key = await store.signingKey();
      if (certificate[1] !== key.id) notFound();
      return { status: 200, headers: { "content-type": "application/x-pem-file" }, body: key.publicKeyPem };
    }
    await requireBearer(request);
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
    const tracked = await handleTracking(request, method, pathname);
    if (tracked) return tracked;
    notFound();
  }

  async function signNotification(event: Record<string, unknown>, forWebhookId = webhookId) {
    const body = JSON.stringify(event);
    const transmissionTime = isoTime(currentTime());
    const key = await store.signingKey();
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
        key.privateKeyPem,
      ).toString("base64");
    } while (!/^\w/.test(signature));
    return {
      headers: {
        "content-type": "application/json",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": transmissionTime,
        "paypal-transmission-sig": signature,
        "paypal-cert-url": `${publicBaseUrl}/v1/notifications/certs/${key.id}`,
        "paypal-auth-algo": "SHA256withRSA",
      },
      body,
    };
  }

  /** A signed webhook notification about a capture, as PayPal would POST it to our listener. */
  async function captureNotification(captureId: string, eventType: string, forWebhookId?: string) {
    const capture = await store.findCapture(store.db, captureId);
    if (!capture) throw new Error(`No PayPal sandbox capture ${captureId}`);
    const event = {
      id: `WH-${paypalId()}`,
      event_version: "1.0",
      create_time: isoTime(currentTime()),
      resource_type: "capture",
      resource_version: "2.0",
      event_type: eventType,
      summary: `Payment ${capture.status.toLowerCase()} for $ ${capture.amount.value} ${capture.amount.currency_code}`,
      resource: presentCapture(capture),
      links: [link(`/v1/notifications/webhooks-events/${capture.id}`, "self", "GET")],
    };
    return signNotification(event, forWebhookId);
  }

  return {
    clientId,
    clientSecret,
    webhookId,
    /** Requests refused as not fitting PayPal's description or rules (each names the rule); tests expect none. */
    refusals,
    /** Every request this process handled, with its parsed body, for tests that check what the adapter sent. */
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
        return await route(request);
      } catch (error) {
        if (!(error instanceof SandboxRefusal)) throw error;
        const { status, name, message } = error.refusal;
        const details = documentedDetails(request, status, error.refusal.details);
        const rule = `${request.method} ${request.url}: ${error.message}`;
        // Business outcomes a test asks for on purpose are not refusals of a malformed request.
        if (status === 400 || status === 401 || status === 415) {
          refusals.push(rule);
          if (refusals.length > MAX_RECORDED) refusals.splice(0, refusals.length - MAX_RECORDED);
        }
        return json(status, {
          name,
          message,
          ...(details.length > 0 ? { details } : {}),
          debug_id: randomBytes(7).toString("hex"),
        });
      }
    },
    /** The payer's answer on the approval page: approve, cancel (the order stays CREATED) or a declined funding source. */
    async approveOrder(id: string, outcome: ApprovalOutcome): Promise<{ id: string; status: SandboxOrder["status"] }> {
      return store.inTransaction(undefined, async (tx) => {
        const order = await store.findOrder(tx, id, { lock: true });
        if (!order) throw new Error(`No PayPal sandbox order ${id}`);
        if (order.status !== "CREATED")
          throw new Error(`PayPal sandbox order ${id} is ${order.status}, not awaiting approval`);
        // A payer who cancels leaves the order as it was (CREATED), as PayPal does; the buttons may open it again.
        if (outcome === "cancel") return { id: order.id, status: order.status };
        await store.updateOrder(tx, id, {
          status: "APPROVED",
          fundingDeclined: outcome === "funding_declined",
          captureMock:
            outcome === "capture_pending"
              ? SANDBOX_MOCK_CAPTURE_PENDING
              : outcome === "capture_declined"
                ? SANDBOX_MOCK_CAPTURE_DECLINED
                : null,
          updatedAt: currentTime(),
        });
        return { id: order.id, status: "APPROVED" as const };
      });
    },
    /** The order as the approval page shows it (amount and purchase unit), or undefined. */
    async findOrder(id: string) {
      const order = await store.findOrder(store.db, id);
      return order ? presentOrder(store.db, order) : undefined;
    },
    /** Settles a PENDING capture (PayPal's review ends) and answers the signed PAYMENT.CAPTURE.* notification. */
    async settlePendingCapture(captureId: string, outcome: "COMPLETED" | "DECLINED") {
      await store.inTransaction(undefined, async (tx) => {
        const capture = await store.findCapture(tx, captureId, { lock: true });
        if (capture?.status !== "PENDING") throw new Error(`No pending PayPal sandbox capture ${captureId}`);
        await store.updateCapture(tx, captureId, { status: outcome, reason: null, updatedAt: currentTime() });
      });
      return captureNotification(
        captureId,
        outcome === "COMPLETED" ? "PAYMENT.CAPTURE.COMPLETED" : "PAYMENT.CAPTURE.DECLINED",
      );
    },
    /**
     * Gives back what is left of a capture, as the merchant would from PayPal's dashboard, and answers the
     * signed PAYMENT.CAPTURE.REFUNDED notification (its resource is the refund, whose `up` link names the capture).
     */
    async refundCapture(captureId: string) {
      const resource = await store.inTransaction(undefined, async (tx) => {
        const capture = await store.findCapture(tx, captureId, { lock: true });
        if (capture?.status !== "COMPLETED" && capture?.status !== "PARTIALLY_REFUNDED")
          throw new Error(`No refundable PayPal sandbox capture ${captureId}`);
        return presentRefund(tx, await recordRefund(tx, capture, undefined, null));
      });
      return signNotification({
        id: `WH-${paypalId()}`,
        event_version: "1.0",
        create_time: isoTime(currentTime()),
        resource_type: "refund",
        resource_version: "2.0",
        event_type: "PAYMENT.CAPTURE.REFUNDED",
        summary: `A $ ${resource.amount.value} ${resource.amount.currency_code} capture payment was refunded`,
        resource,
        links: [link(`/v1/notifications/webhooks-events/${resource.id}`, "self", "GET")],
      });
    },
    captureNotification,
    /** Any event (a Payouts item event, say) signed as PayPal signs its notifications, for tests. */
    signNotification,
  };
}

export type PayPalSandbox = ReturnType<typeof createPayPalSandbox>;
