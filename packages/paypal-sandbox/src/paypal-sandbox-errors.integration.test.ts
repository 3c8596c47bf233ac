import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../apps/api/src/db/client.ts";
import { createTestDatabase } from "../../../apps/api/test/test-database.ts";
import { createPayPalSandbox, type PayPalSandbox, type SandboxResponse } from "./paypal-sandbox.ts";
import {
  createPayPalSchemas,
  describeSchemaErrors,
  documentedIssues,
  type PayPalDescriptionName,
  prepareRequestSchemas,
  toPayPalIssues,
} from "./paypal-schemas.ts";

/**
 * The sandbox's refusals as PayPal documents them (decision 065): requests that break PayPal's schemas are
 * refused by Ajv with INVALID_REQUEST and a `details` entry per field, and every error body — schema refusals
 * and business rules alike — fits the error reply PayPal's description documents for that operation and status
 * (its issue names and their descriptions are enums there), checked with Ajv against the published schemas;
 * Orders' success replies fit the published order schema too.
 */

type ErrorBody = {
  name: string;
  message: string;
  details?: { field?: string; value?: string; location?: string; issue: string; description?: string }[];
  debug_id: string;
};

/** The published schemas as they are (not closed): what PayPal's replies must fit. */
const published = createPayPalSchemas();

let database: DatabaseHandle;
let sandbox: PayPalSandbox;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // Ajv compiles PayPal's schemas on first use (decision 065): here, not within the first request's timeout.
  prepareRequestSchemas();
  sandbox = createPayPalSandbox({ db: database.db });
  const issued = await sandbox.handle({
    method: "POST",
    url: "/v1/oauth2/token",
    headers: {
      authorization: `Basic ${Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  token = (JSON.parse(issued.body) as { access_token: string }).access_token;
});

afterAll(async () => {
  await database.close();
});

beforeEach(() => {
  sandbox.refusals.length = 0;
});

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response: SandboxResponse = await sandbox.handle({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: JSON.parse(response.body) as ErrorBody & Record<string, unknown> };
}

/** The reply fits the published error schema of the operation for its status (or its `default`). */
function expectDocumented(
  description: PayPalDescriptionName,
  template: string,
  method: string,
  reply: { status: number; body: unknown },
) {
  const validate = published.reply(description, template, method, reply.status);
  expect(validate(reply.body), describeSchemaErrors(validate.errors).join("; ")).toBe(true);
}

const usd = (value: string) => ({ currency_code: "USD", value });
const order = (unit: Record<string, unknown>) => ({ intent: "CAPTURE", purchase_units: [unit] });

async function approvedOrder() {
  const created = await call("POST", "/v2/checkout/orders", order({ amount: usd("25.00") }));
  expect(created.status).toBe(201);
  const id = String(created.body.id);
  await sandbox.approveOrder(id, "approve");
  return id;
}

describe("requests that break PayPal's schemas", () => {
  it("answers INVALID_REQUEST with a detail per field, as Orders' create documents it", async () => {
    const cases: Array<[unknown, { issue: string; field: string; value?: string }]> = [
      [{ purchase_units: [{ amount: usd("1.00") }] }, { issue: "MISSING_REQUIRED_PARAMETER", field: "/intent" }],
      [
        { intent: "CAPTURE", purchase_units: [] },
        { issue: "INVALID_ARRAY_MIN_ITEMS", field: "/purchase_units" },
      ],
      [order({ amount: usd("1,00") }), { issue: "INVALID_PARAMETER_SYNTAX", field: "/purchase_units/0/amount/value" }],
      [
        order({ amount: { currency_code: "USDX", value: "1.00" } }),
        { issue: "INVALID_STRING_LENGTH", field: "/purchase_units/0/amount/currency_code", value: "USDX" },
      ],
      [
        { intent: "SELL", purchase_units: [{ amount: usd("1.00") }] },
        { issue: "INVALID_PARAMETER_VALUE", field: "/intent", value: "SELL" },
      ],
      [
        order({ amount: usd("1.00"), invoice_number: "R1" }),
        { issue: "NOT_SUPPORTED", field: "/purchase_units/0/invoice_number" },
      ],
      [order({ amount: 100 }), { issue: "INVALID_PARAMETER_SYNTAX", field: "/purchase_units/0/amount" }],
    ];
    for (const [body, expected] of cases) {
      const reply = await call("POST", "/v2/checkout/orders", body);
      expect(reply.status, expected.issue).toBe(400);
      expect(reply.body).toMatchObject({
        name: "INVALID_REQUEST",
        message: "Request is not well-formed, syntactically incorrect, or violates schema.",
      });
      expect(reply.body.details).toContainEqual(
        expect.objectContaining({
          ...expected,
          location: "body",
          description: documentedIssues("orders", "/v2/checkout/orders", "POST", 400).get(expected.issue),
        }),
      );
      expectDocumented("orders", "/v2/checkout/orders", "POST", reply);
    }
    expect(sandbox.refusals).toHaveLength(cases.length);
  });

  it("reports every broken field of one body, not only the first", async () => {
    const reply = await call("POST", "/v2/checkout/orders", {
      intent: "CAPTURE",
      purchase_units: [{ amount: { currency_code: "US", value: "x" }, description: "d".repeat(128) }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.details?.map((detail) => [detail.issue, detail.field])).toEqual(
      expect.arrayContaining([
        ["INVALID_STRING_LENGTH", "/purchase_units/0/amount/currency_code"],
        ["INVALID_PARAMETER_SYNTAX", "/purchase_units/0/amount/value"],
        ["INVALID_STRING_LENGTH", "/purchase_units/0/description"],
      ]),
    );
    expectDocumented("orders", "/v2/checkout/orders", "POST", reply);
  });

  it("accepts every property an object inherits through allOf, and refuses one it does not declare", async () => {
    // amount_with_breakdown is money (currency_code, value) plus breakdown: all three fit, a fourth does not.
    const breakdown = { item_total: usd("2.00") };
    const fits = await call("POST", "/v2/checkout/orders", order({ amount: { ...usd("2.00"), breakdown } }));
    expect(fits.status).toBe(201);
    const extra = await call(
      "POST",
      "/v2/checkout/orders",
      order({ amount: { ...usd("2.00"), breakdown, discount: usd("1.00") } }),
    );
    expect(extra.status).toBe(400);
    expect(extra.body.details).toEqual([
      expect.objectContaining({ issue: "NOT_SUPPORTED", field: "/purchase_units/0/amount/discount" }),
    ]);
  });

  it("refuses a malformed body, header, capture body, refund body and webhook verification", async () => {
    const malformed = await call("POST", "/v2/checkout/orders", "{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body.details).toEqual([
      expect.objectContaining({ issue: "MALFORMED_REQUEST_JSON", description: "The request JSON is not well formed." }),
    ]);
    expectDocumented("orders", "/v2/checkout/orders", "POST", malformed);

    const longRequestId = await call("POST", "/v2/checkout/orders", order({ amount: usd("1.00") }), {
      "paypal-request-id": "r".repeat(109),
    });
    expect(longRequestId.status).toBe(400);
    expect(longRequestId.body.details).toEqual([
      expect.objectContaining({ issue: "INVALID_STRING_LENGTH", field: "PayPal-Request-Id" }),
    ]);
    expectDocumented("orders", "/v2/checkout/orders", "POST", longRequestId);

    const id = await approvedOrder();
    const capture = await call("POST", `/v2/checkout/orders/${id}/capture`, { payment_source: { token: {} } });
    expect(capture.status).toBe(400);
    expect(capture.body.details?.map((detail) => detail.issue)).toContain("MISSING_REQUIRED_PARAMETER");
    expectDocumented("orders", "/v2/checkout/orders/{id}/capture", "POST", capture);

    const badId = await call("GET", "/v2/checkout/orders/not-an-id");
    expect(badId.status).toBe(400);
    expect(badId.body.details).toEqual([
      expect.objectContaining({ issue: "INVALID_PARAMETER_SYNTAX", field: "order_id", location: "path" }),
    ]);

    const refund = await call("POST", "/v2/payments/captures/0ANYCAPTURE00000/refund", {
      amount: { currency_code: "USD", value: "1.5.0" },
    });
    expect(refund.status).toBe(400);
    expect(refund.body.details).toEqual([
      expect.objectContaining({ issue: "INVALID_PARAMETER_SYNTAX", field: "/amount/value", value: "1.5.0" }),
    ]);
    expectDocumented("payments", "/v2/payments/captures/{capture_id}/refund", "POST", refund);

    const verification = await call("POST", "/v1/notifications/verify-webhook-signature", {
      auth_algo: "SHA256withRSA",
      cert_url: "https://example.com/cert",
      transmission_id: "a1b2",
      transmission_sig: "c3d4",
      transmission_time: "2026-11-28T07:00:00Z",
      webhook_event: {},
    });
    expect(verification.status).toBe(400);
    expect(verification.body.details).toEqual([
      expect.objectContaining({
        issue: "MISSING_REQUIRED_PARAMETER",
        field: "/webhook_id",
        description: "/webhook_id is required",
      }),
    ]);
    expectDocumented("webhooks", "/v1/notifications/verify-webhook-signature", "POST", verification);
  });
});

describe("the sandbox's error bodies are PayPal's documented ones", () => {
  it("ORDER_NOT_APPROVED and ORDER_ALREADY_CAPTURED on capture", async () => {
    const created = await call("POST", "/v2/checkout/orders", order({ amount: usd("10.00") }));
    const notApproved = await call("POST", `/v2/checkout/orders/${String(created.body.id)}/capture`);
    expect(notApproved.status).toBe(422);
    expect(notApproved.body.name).toBe("UNPROCESSABLE_ENTITY");
    expect(notApproved.body.details?.[0]?.issue).toBe("ORDER_NOT_APPROVED");
    expectDocumented("orders", "/v2/checkout/orders/{id}/capture", "POST", notApproved);

    const id = await approvedOrder();
    expect((await call("POST", `/v2/checkout/orders/${id}/capture`)).status).toBe(201);
    const again = await call("POST", `/v2/checkout/orders/${id}/capture`);
    expect(again.status).toBe(422);
    expect(again.body.details?.[0]?.issue).toBe("ORDER_ALREADY_CAPTURED");
    expectDocumented("orders", "/v2/checkout/orders/{id}/capture", "POST", again);
  });

  it("INSTRUMENT_DECLINED through PayPal-Mock-Response", async () => {
    const id = await approvedOrder();
    const declined = await call("POST", `/v2/checkout/orders/${id}/capture`, undefined, {
      "paypal-mock-response": JSON.stringify({ mock_application_codes: "INSTRUMENT_DECLINED" }),
    });
    expect(declined.status).toBe(422);
    expect(declined.body.details?.[0]?.issue).toBe("INSTRUMENT_DECLINED");
    expectDocumented("orders", "/v2/checkout/orders/{id}/capture", "POST", declined);
  });

  it("the amount rules' issues, with MULTI_CURRENCY_ORDER for mixed currencies", async () => {
    const breakdown = (parts: Record<string, { currency_code: string; value: string }>) => parts;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: usd("1.005") }, "DECIMAL_PRECISION"],
      [{ amount: usd("0.00") }, "CANNOT_BE_ZERO_OR_NEGATIVE"],
      [{ amount: usd("-1.00") }, "CANNOT_BE_NEGATIVE"],
      [{ amount: { ...usd("10.00"), breakdown: breakdown({ item_total: usd("9.00") }) } }, "AMOUNT_MISMATCH"],
      [
        {
          amount: { ...usd("10.00"), breakdown: breakdown({ item_total: { currency_code: "EUR", value: "10.00" } }) },
        },
        "MULTI_CURRENCY_ORDER",
      ],
      [
        { amount: usd("19.99"), items: [{ name: "Tee", unit_amount: usd("19.99"), quantity: "1" }] },
        "ITEM_TOTAL_REQUIRED",
      ],
      [
        {
          amount: { ...usd("19.99"), breakdown: breakdown({ item_total: usd("19.99") }) },
          items: [{ name: "Tee", unit_amount: usd("9.99"), quantity: "1" }],
        },
        "ITEM_TOTAL_MISMATCH",
      ],
      [{ amount: { currency_code: "EUR", value: "1.00" } }, "INVALID_CURRENCY_CODE"],
    ];
    for (const [unit, issue] of cases) {
      const reply = await call("POST", "/v2/checkout/orders", order(unit));
      expect(reply.status, issue).toBe(422);
      expect(reply.body.details?.map((detail) => detail.issue)).toEqual([issue]);
      expectDocumented("orders", "/v2/checkout/orders", "POST", reply);
    }
  });

  it("401 without a valid token and 404 for an unknown order, capture or refund", async () => {
    const unauthorised = await sandbox.handle({
      method: "GET",
      url: "/v2/checkout/orders/0NOSUCHORDER0000",
      headers: { authorization: "Bearer stale" },
      body: "",
    });
    expect(unauthorised.status).toBe(401);
    const unauthorisedBody = JSON.parse(unauthorised.body) as ErrorBody;
    expect(unauthorisedBody).toMatchObject({ name: "AUTHENTICATION_FAILURE" });
    expect(unauthorisedBody.details).toBeUndefined();
    expectDocumented("orders", "/v2/checkout/orders/{id}", "GET", {
      status: 401,
      body: unauthorisedBody,
    });

    const missing: Array<[PayPalDescriptionName, string, string]> = [
      ["orders", "/v2/checkout/orders/{id}", "/v2/checkout/orders/0NOSUCHORDER0000"],
      ["payments", "/v2/payments/captures/{capture_id}", "/v2/payments/captures/0NOSUCHCAPTURE00"],
      ["payments", "/v2/payments/refunds/{refund_id}", "/v2/payments/refunds/0NOSUCHREFUND000"],
    ];
    for (const [description, template, url] of missing) {
      const reply = await call("GET", url);
      expect(reply.status, url).toBe(404);
      expect(reply.body.details?.[0]?.issue).toBe("INVALID_RESOURCE_ID");
      expectDocumented(description, template, "GET", reply);
    }
  });
});

describe("Orders' success replies fit PayPal's published schemas", () => {
  it("create (minimal and full representation, and its replay), show before and after approval, capture", async () => {
    const body = order({
      amount: { ...usd("10.00"), breakdown: { item_total: usd("10.00") } },
      items: [{ name: "Tee", unit_amount: usd("10.00"), quantity: "1" }],
      invoice_id: `R${Date.now()}`,
      shipping: {
        name: { full_name: "Ada Lovelace" },
        address: {
          address_line_1: "1 State Street",
          admin_area_2: "Albany",
          admin_area_1: "NY",
          postal_code: "12207",
          country_code: "US",
        },
      },
    });
    const requestId = `fits-${Date.now()}`;
    const minimal = await call("POST", "/v2/checkout/orders", body);
    expect(minimal.status).toBe(201);
    expectDocumented("orders", "/v2/checkout/orders", "POST", minimal);
    const full = await call("POST", "/v2/checkout/orders", body, {
      "paypal-request-id": requestId,
      prefer: "return=representation",
    });
    expect(full.status).toBe(201);
    expectDocumented("orders", "/v2/checkout/orders", "POST", full);
    const replay = await call("POST", "/v2/checkout/orders", body, {
      "paypal-request-id": requestId,
      prefer: "return=representation",
    });
    expect(replay.status).toBe(200);
    expectDocumented("orders", "/v2/checkout/orders", "POST", replay);
    const id = String(full.body.id);
    expectDocumented("orders", "/v2/checkout/orders/{id}", "GET", await call("GET", `/v2/checkout/orders/${id}`));
    await sandbox.approveOrder(id, "approve");
    const approved = await call("GET", `/v2/checkout/orders/${id}`);
    expectDocumented("orders", "/v2/checkout/orders/{id}", "GET", approved);
    const captured = await call("POST", `/v2/checkout/orders/${id}/capture`);
    expect(captured.status).toBe(201);
    expectDocumented("orders", "/v2/checkout/orders/{id}/capture", "POST", captured);

    // The check sees the payer id: one outside PayPal's alphabet (0, 1, I, O) does not fit.
    const wrongPayer = structuredClone(approved.body) as unknown as { payer: { payer_id: string } };
    wrongPayer.payer.payer_id = "0OI1SANDBOXID";
    const validate = published.reply("orders", "/v2/checkout/orders/{id}", "GET", 200);
    expect(validate(wrongPayer)).toBe(false);
  });
});

describe("Shipment Tracking's requests and replies", () => {
  const BATCH = "/v1/shipping/trackers-batch";
  const tracker = (captureId: string, overrides: Record<string, unknown> = {}) => ({
    transaction_id: captureId,
    tracking_number: "1Z999AA10123456784",
    status: "SHIPPED",
    carrier: "UPS",
    ...overrides,
  });

  async function capturedCapture(): Promise<string> {
    const id = await approvedOrder();
    const captured = await call("POST", `/v2/checkout/orders/${id}/capture`);
    const units = captured.body.purchase_units as { payments: { captures: { id: string }[] } }[];
    const captureId = units[0]?.payments.captures[0]?.id;
    if (!captureId) throw new Error("no capture");
    return captureId;
  }

  it("refuses trackers that break the description or PayPal's rules, with a detail per field", async () => {
    const captureId = await capturedCapture();
    const cases: Array<[unknown, { issue: string; field: string }]> = [
      [
        { trackers: [tracker(captureId, { carrier: "UPSX" })] },
        { issue: "INVALID_PARAMETER_VALUE", field: "/trackers/0/carrier" },
      ],
      [
        { trackers: [tracker(captureId, { status: undefined })] },
        { issue: "MISSING_REQUIRED_PARAMETER", field: "/trackers/0/status" },
      ],
      [{ trackers: [tracker(captureId, { weight: 2 })] }, { issue: "NOT_SUPPORTED", field: "/trackers/0/weight" }],
      [{ trackers: [] }, { issue: "INVALID_ARRAY_MIN_ITEMS", field: "/trackers" }],
      [{}, { issue: "MISSING_REQUIRED_PARAMETER", field: "/trackers" }],
      [
        { trackers: [tracker(captureId, { carrier: undefined })] },
        { issue: "MISSING_REQUIRED_PARAMETER", field: "/trackers/0/carrier" },
      ],
      [
        { trackers: [tracker(captureId, { tracking_number: "1Z 999" })] },
        { issue: "INVALID_PARAMETER_SYNTAX", field: "/trackers/0/tracking_number" },
      ],
    ];
    for (const [body, expected] of cases) {
      const reply = await call("POST", BATCH, body);
      expect(reply.status, expected.field).toBe(400);
      expect(reply.body).toMatchObject({ name: "INVALID_REQUEST" });
      expect(reply.body.details).toContainEqual(expect.objectContaining(expected));
      expectDocumented("tracking", BATCH, "POST", reply);
    }
    expect(sandbox.refusals).toHaveLength(cases.length);
  });

  it("adds a tracker, answers a duplicate and an unknown capture in the batch's errors, shows and updates it", async () => {
    const captureId = await capturedCapture();
    const batch = await call("POST", BATCH, {
      trackers: [tracker(captureId), tracker(captureId), tracker("0NOSUCHCAPTURE00")],
    });
    expect(batch.status).toBe(200);
    expectDocumented("tracking", BATCH, "POST", batch);
    expect(batch.body.tracker_identifiers).toEqual([
      expect.objectContaining({ transaction_id: captureId, tracking_number: "1Z999AA10123456784" }),
    ]);
    expect(batch.body.errors).toEqual([
      expect.objectContaining({
        name: "RESOURCE_CONFLICT",
        details: [expect.objectContaining({ field: "/trackers/1/tracking_number", location: "body" })],
      }),
      expect.objectContaining({
        name: "RESOURCE_NOT_FOUND",
        details: [expect.objectContaining({ field: "/trackers/2/transaction_id", issue: "INVALID_RESOURCE_ID" })],
      }),
    ]);

    const path = `/v1/shipping/trackers/${captureId}-1Z999AA10123456784`;
    const shown = await call("GET", path);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ transaction_id: captureId, status: "SHIPPED", carrier: "UPS" });
    expectDocumented("tracking", "/v1/shipping/trackers/{id}", "GET", shown);

    const updated = await sandbox.handle({
      method: "PUT",
      url: path,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(tracker(captureId, { status: "DELIVERED" })),
    });
    expect(updated).toMatchObject({ status: 204, body: "" });
    expect((await call("GET", path)).body).toMatchObject({ status: "DELIVERED" });

    const otherCapture = await call("PUT", path, tracker("0OTHERCAPTURE000", { status: "CANCELLED" }));
    expect(otherCapture.status).toBe(400);
    expectDocumented("tracking", "/v1/shipping/trackers/{id}", "PUT", otherCapture);

    const unknown = await call("GET", "/v1/shipping/trackers/0NOSUCHCAPTURE00-1Z999");
    expect(unknown.status).toBe(404);
    expectDocumented("tracking", "/v1/shipping/trackers/{id}", "GET", unknown);
    expect(sandbox.refusals).toHaveLength(1);
  });
});

describe("toPayPalIssues", () => {
  it("says only that a value fits none of an anyOf's shapes, not what each shape missed", () => {
    const errors = [
      { keyword: "required", instancePath: "/a", schemaPath: "", params: { missingProperty: "x" } },
      { keyword: "type", instancePath: "/a/y", schemaPath: "", params: {} },
      { keyword: "anyOf", instancePath: "/a", schemaPath: "", params: {}, message: "must match a schema in anyOf" },
      { keyword: "required", instancePath: "", schemaPath: "", params: { missingProperty: "b" } },
    ];
    expect(toPayPalIssues(errors).map((issue) => [issue.issue, issue.field])).toEqual([
      ["INVALID_PARAMETER_SYNTAX", "/a"],
      ["MISSING_REQUIRED_PARAMETER", "/b"],
    ]);
  });
});
