import http from "node:http";
import type { AddressInfo } from "node:net";
import { createPayPalSandbox, type PayPalSandbox } from "@threadfolk/paypal-sandbox/paypal-sandbox";
import {
  type RunningPayPalSandbox,
  registerPayPalSandbox,
  startPayPalSandboxServer,
} from "@threadfolk/paypal-sandbox/paypal-sandbox-server";
import { prepareRequestSchemas } from "@threadfolk/paypal-sandbox/paypal-schemas";
import { createSandboxFetch, SANDBOX_FETCH_BASE_URL } from "@threadfolk/paypal-sandbox/sandbox-fetch";
import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/test-database.ts";
import { loadConfig } from "../../config.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { createPayPal, PAYPAL_SANDBOX_PREFIX } from "./create-paypal.ts";
import { type CreatePayPalOrderInput, PayPalError, type PayPalGateway } from "./paypal.ts";
import { createPayPalApiGateway } from "./paypal-api.ts";

/**
 * The PayPal contract (decision 027): the real adapter against the local PayPal sandbox, once over HTTP on
 * 127.0.0.1 (as against PayPal) and once in the process (the app's offline default). The sandbox checks every
 * request against PayPal's OpenAPI descriptions; each test ends with no refused request.
 */

let server: RunningPayPalSandbox;
/** The next Orders call carries this PayPal-Mock-Response code (one call only). */
let nextMockCode: string | undefined;

const extraHeaders = (): Record<string, string> => {
  const code = nextMockCode;
  nextMockCode = undefined;
  return code ? { "paypal-mock-response": JSON.stringify({ mock_application_codes: code }) } : {};
};

/** The sandboxes' books: one database, as every app instance shares one. */
let database: DatabaseHandle;
let inProcessSandbox: PayPalSandbox;

const setups: Array<{ name: string; sandbox: () => PayPalSandbox; gateway: () => PayPalGateway }> = [
  {
    name: "over HTTP",
    sandbox: () => server.sandbox,
    gateway: () =>
      createPayPalApiGateway({
        baseUrl: server.baseUrl,
        clientId: server.sandbox.clientId,
        clientSecret: server.sandbox.clientSecret,
        timeoutMs: 5000,
        extraHeaders,
      }),
  },
  {
    name: "in the process",
    sandbox: () => inProcessSandbox,
    gateway: () =>
      createPayPalApiGateway({
        name: "paypal_sandbox",
        baseUrl: SANDBOX_FETCH_BASE_URL,
        clientId: inProcessSandbox.clientId,
        clientSecret: inProcessSandbox.clientSecret,
        timeoutMs: 5000,
        extraHeaders,
        fetch: createSandboxFetch(inProcessSandbox),
      }),
  },
];

beforeAll(async () => {
  database = await createTestDatabase();
  // Ajv compiles PayPal's schemas on first use (decision 065): here, not within the first request's timeout.
  prepareRequestSchemas();
  inProcessSandbox = createPayPalSandbox({ db: database.db });
  server = await startPayPalSandboxServer(createPayPalSandbox({ db: database.db }));
});

afterAll(async () => {
  await server.close();
  await database.close();
});

beforeEach(() => {
  nextMockCode = undefined;
});

let sequence = 0;
/** 19.99 × 3 and 45.50 × 1, $7.99 shipping, $8.73 tax, $10.55 off: $111.64. */
function orderInput(overrides: Partial<CreatePayPalOrderInput> = {}): CreatePayPalOrderInput {
  sequence += 1;
  return {
    requestId: `test-create-${Date.now()}-${sequence}`,
    orderNumber: `R${String(100_000_000 + sequence)}`,
    currency: "USD",
    items: [
      { name: "Moth Lantern Tee, M, Black", unitAmountCents: 1999, quantity: 3 },
      { name: "Tidepool Hoodie, L, Navy", unitAmountCents: 4550, quantity: 1 },
    ],
    itemTotalCents: 10_547,
    shippingCents: 799,
    taxCents: 873,
    discountCents: 1055,
    shipping: {
      fullName: "Ada Lovelace",
      address1: "350 Fifth Avenue",
      address2: "Suite 21",
      city: "New York",
      state: "NY",
      zip: "10118",
    },
    ...overrides,
  };
}

describe.each(setups)("the PayPal adapter against the local sandbox, $name", (setup) => {
  let gateway: PayPalGateway;
  let sandbox: PayPalSandbox;

  beforeAll(() => {
    gateway = setup.gateway();
    sandbox = setup.sandbox();
  });

  beforeEach(() => {
    sandbox.received.length = 0;
    sandbox.refusals.length = 0;
  });

  const expectNoRefusals = () => expect(sandbox.refusals).toEqual([]);

  async function approvedOrder(input = orderInput()) {
    const created = await gateway.createOrder(input);
    await sandbox.approveOrder(created.id, "approve");
    return { ...created, input };
  }

  it("creates the order exactly as spec section 4 says, amounts exact to the cent", async () => {
    const input = orderInput();
    const created = await gateway.createOrder(input);
    expect(created).toEqual({ id: expect.stringMatching(/^[A-Z0-9]{17}$/), status: "CREATED" });
    const request = sandbox.received.find((entry) => entry.method === "POST" && entry.path === "/v2/checkout/orders");
    expect(request?.headers["paypal-request-id"]).toBe(input.requestId);
    const money = (value: string) => ({ currency_code: "USD", value });
    expect(request?.body).toEqual({
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: input.orderNumber,
          invoice_id: input.orderNumber,
          amount: {
            ...money("111.64"),
            breakdown: {
              item_total: money("105.47"),
              shipping: money("7.99"),
              tax_total: money("8.73"),
              discount: money("10.55"),
            },
          },
          items: [
            {
              name: "Moth Lantern Tee, M, Black",
              unit_amount: money("19.99"),
              quantity: "3",
              category: "PHYSICAL_GOODS",
            },
            {
              name: "Tidepool Hoodie, L, Navy",
              unit_amount: money("45.50"),
              quantity: "1",
              category: "PHYSICAL_GOODS",
            },
          ],
          shipping: {
            name: { full_name: "Ada Lovelace" },
            address: {
              address_line_1: "350 Fifth Avenue",
              address_line_2: "Suite 21",
              admin_area_2: "New York",
              admin_area_1: "NY",
              postal_code: "10118",
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
    });
    const details = await gateway.getOrder(created.id);
    expect(details).toMatchObject({
      id: created.id,
      status: "CREATED",
      referenceId: input.orderNumber,
      invoiceId: input.orderNumber,
      amountCents: 11_164,
      currency: "USD",
      captures: [],
    });
    expectNoRefusals();
  });

  it("answers the first order for a repeated PayPal-Request-Id", async () => {
    const input = orderInput();
    const first = await gateway.createOrder(input);
    const again = await gateway.createOrder(input);
    const other = await gateway.createOrder({ ...input, requestId: `${input.requestId}-other` });
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    expectNoRefusals();
  });

  it("approves and captures: COMPLETED with the amount to the cent", async () => {
    const order = await approvedOrder();
    expect((await gateway.getOrder(order.id)).status).toBe("APPROVED");
    const capture = await gateway.captureOrder({ paypalOrderId: order.id, requestId: `capture-${order.id}` });
    expect(capture).toEqual({
      captureId: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: "COMPLETED",
      statusReason: null,
      amountCents: 11_164,
      currency: "USD",
      paypalOrderId: order.id,
      orderStatus: "COMPLETED",
      invoiceId: order.input.orderNumber,
    });
    expect(await gateway.getCapture(capture.captureId)).toEqual(capture);
    expect((await gateway.getOrder(order.id)).captures).toEqual([capture]);
    expectNoRefusals();
  });

  it("refuses to capture an order the payer has not approved, or cancelled", async () => {
    const created = await gateway.createOrder(orderInput());
    const notApproved = await gateway
      .captureOrder({ paypalOrderId: created.id, requestId: `c-${created.id}` })
      .catch((error: unknown) => error);
    expect(notApproved).toBeInstanceOf(PayPalError);
    expect((notApproved as PayPalError).hasIssue("ORDER_NOT_APPROVED")).toBe(true);
    expect((await sandbox.approveOrder(created.id, "cancel")).status).toBe("CREATED");
    const cancelled = await gateway
      .captureOrder({ paypalOrderId: created.id, requestId: `c2-${created.id}` })
      .catch((error: unknown) => error);
    expect((cancelled as PayPalError).hasIssue("ORDER_NOT_APPROVED")).toBe(true);
    expectNoRefusals();
  });

  it("reports a declined funding source as INSTRUMENT_DECLINED, then captures after the payer chooses again", async () => {
    const created = await gateway.createOrder(orderInput());
    await sandbox.approveOrder(created.id, "funding_declined");
    const declined = await gateway
      .captureOrder({ paypalOrderId: created.id, requestId: `c-${created.id}` })
      .catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(PayPalError);
    expect((declined as PayPalError).isInstrumentDeclined).toBe(true);
    expect((declined as PayPalError).httpStatus).toBe(422);
    await sandbox.approveOrder(created.id, "approve");
    const capture = await gateway.captureOrder({ paypalOrderId: created.id, requestId: `c2-${created.id}` });
    expect(capture.status).toBe("COMPLETED");
    expectNoRefusals();
  });

  it("honours PayPal-Mock-Response INSTRUMENT_DECLINED on capture", async () => {
    const order = await approvedOrder();
    nextMockCode = "INSTRUMENT_DECLINED";
    const error = await gateway
      .captureOrder({ paypalOrderId: order.id, requestId: `c-${order.id}` })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayPalError);
    expect(error).toMatchObject({
      httpStatus: 422,
      errorName: "UNPROCESSABLE_ENTITY",
      issues: ["INSTRUMENT_DECLINED"],
    });
    expectNoRefusals();
  });

  it("answers a DECLINED capture of an order PayPal calls COMPLETED", async () => {
    const order = await approvedOrder();
    nextMockCode = "CAPTURE_DECLINED";
    const capture = await gateway.captureOrder({ paypalOrderId: order.id, requestId: `c-${order.id}` });
    expect(capture.status).toBe("DECLINED");
    expect(capture.orderStatus).toBe("COMPLETED");
    // A retry does not turn it into a success.
    const again = await gateway.captureOrder({ paypalOrderId: order.id, requestId: `c2-${order.id}` });
    expect(again).toEqual(capture);
    expectNoRefusals();
  });

  it("answers a PENDING capture, then the signed webhook when PayPal settles it", async () => {
    const order = await approvedOrder();
    nextMockCode = "CAPTURE_PENDING";
    const capture = await gateway.captureOrder({ paypalOrderId: order.id, requestId: `c-${order.id}` });
    expect(capture).toMatchObject({ status: "PENDING", statusReason: "PENDING_REVIEW", amountCents: 11_164 });
    const notification = await sandbox.settlePendingCapture(capture.captureId, "COMPLETED");
    const event = JSON.parse(notification.body) as { event_type: string; resource: { id: string; status: string } };
    expect(event).toMatchObject({
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: { id: capture.captureId, status: "COMPLETED" },
    });
    expect(await gateway.verifyWebhookSignature({ ...notification, webhookId: sandbox.webhookId })).toBe(true);
    expect((await gateway.getCapture(capture.captureId)).status).toBe("COMPLETED");
    expectNoRefusals();
  });

  it("answers the existing capture on ORDER_ALREADY_CAPTURED", async () => {
    const order = await approvedOrder();
    nextMockCode = "ORDER_ALREADY_CAPTURED";
    const capture = await gateway.captureOrder({ paypalOrderId: order.id, requestId: `c-${order.id}` });
    expect(capture.status).toBe("COMPLETED");
    const [existing] = (await gateway.getOrder(order.id)).captures;
    expect(capture).toEqual(existing);
    const captureCalls = sandbox.received.filter((entry) => entry.path.endsWith("/capture"));
    expect(captureCalls).toHaveLength(1);
    expectNoRefusals();
  });

  it("ends a double capture (other request ids, at once) in one capture", async () => {
    const order = await approvedOrder();
    const results = await Promise.all(
      ["a", "b", "c"].map((suffix) =>
        gateway.captureOrder({ paypalOrderId: order.id, requestId: `c-${order.id}-${suffix}` }),
      ),
    );
    const ids = new Set(results.map((result) => result.captureId));
    expect(ids.size).toBe(1);
    expect((await gateway.getOrder(order.id)).captures).toHaveLength(1);
    // The same PayPal-Request-Id replays the stored answer.
    const replay = await gateway.captureOrder({ paypalOrderId: order.id, requestId: `c-${order.id}-a` });
    expect(replay.captureId).toBe(results[0]?.captureId);
    expectNoRefusals();
  });

  it("verifies webhook signatures: genuine, altered, for another webhook, unsigned", async () => {
    const order = await approvedOrder();
    const capture = await gateway.captureOrder({ paypalOrderId: order.id, requestId: `c-${order.id}` });
    const notification = await sandbox.captureNotification(capture.captureId, "PAYMENT.CAPTURE.COMPLETED");
    const webhookId = sandbox.webhookId;
    expect(await gateway.verifyWebhookSignature({ ...notification, webhookId })).toBe(true);
    const altered = notification.body.replace('"value":"111.64"', '"value":"1.64"');
    expect(altered).not.toBe(notification.body);
    expect(await gateway.verifyWebhookSignature({ headers: notification.headers, body: altered, webhookId })).toBe(
      false,
    );
    expect(await gateway.verifyWebhookSignature({ ...notification, webhookId: "SOMEONEELSESWEBHOOK" })).toBe(false);
    const forOther = await sandbox.captureNotification(
      capture.captureId,
      "PAYMENT.CAPTURE.COMPLETED",
      "SOMEONEELSESWEBHOOK",
    );
    expect(await gateway.verifyWebhookSignature({ ...forOther, webhookId })).toBe(false);
    const { "paypal-transmission-sig": _signature, ...unsigned } = notification.headers;
    expect(await gateway.verifyWebhookSignature({ headers: unsigned, body: notification.body, webhookId })).toBe(false);
    expect(await gateway.verifyWebhookSignature({ ...notification, body: "not json", webhookId })).toBe(false);
    expectNoRefusals();
  });

  it("answers 404 for an unknown order or capture", async () => {
    const order = await gateway.getOrder("0NOSUCHORDER0000").catch((error: unknown) => error);
    expect(order).toMatchObject({ httpStatus: 404, errorName: "RESOURCE_NOT_FOUND", issues: ["INVALID_RESOURCE_ID"] });
    const capture = await gateway.getCapture("0NOSUCHCAPTURE00").catch((error: unknown) => error);
    expect(capture).toMatchObject({ httpStatus: 404 });
  });
});

describe("the local sandbox's own checks", () => {
  let token: string;

  beforeAll(async () => {
    const response = await fetch(`${server.baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${server.sandbox.clientId}:${server.sandbox.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    token = ((await response.json()) as { access_token: string }).access_token;
  });

  beforeEach(() => {
    server.sandbox.refusals.length = 0;
  });

  async function createRaw(body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.baseUrl}/v2/checkout/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { name: string; details: { issue: string; field?: string }[] },
    };
  }

  const usd = (value: string) => ({ currency_code: "USD", value });
  const unit = (amount: unknown, extra: Record<string, unknown> = {}) => ({
    intent: "CAPTURE",
    purchase_units: [{ amount, ...extra }],
  });

  it("refuses bodies that do not fit PayPal's description", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ purchase_units: [{ amount: usd("1.00") }] }, "MISSING_REQUIRED_PARAMETER", "/intent"],
      [{ intent: "CAPTURE", purchase_units: [] }, "INVALID_ARRAY_MIN_ITEMS", "/purchase_units"],
      [{ intent: "SELL", purchase_units: [{ amount: usd("1.00") }] }, "INVALID_PARAMETER_VALUE", "/intent"],
      [unit(usd("1,00")), "INVALID_PARAMETER_SYNTAX", "/purchase_units/0/amount/value"],
      [unit({ currency_code: "US", value: "1.00" }), "INVALID_STRING_LENGTH", "/purchase_units/0/amount/currency_code"],
      [unit(usd("1.00"), { invoice_number: "R1" }), "NOT_SUPPORTED", "/purchase_units/0/invoice_number"],
      [
        unit(usd("1.00"), { shipping: { address: { admin_area_2: "Austin", country_code: "usa" } } }),
        "INVALID_STRING_LENGTH",
        "/purchase_units/0/shipping/address/country_code",
      ],
    ];
    for (const [body, issue, field] of cases) {
      const answer = await createRaw(body);
      expect(answer.status, issue).toBe(400);
      expect(answer.body.name).toBe("INVALID_REQUEST");
      expect(answer.body.details).toContainEqual(expect.objectContaining({ issue, field }));
    }
    expect(server.sandbox.refusals).toHaveLength(cases.length);
  });

  it("applies PayPal's amount rules", async () => {
    const breakdown = (parts: Record<string, string>) =>
      Object.fromEntries(Object.entries(parts).map(([name, value]) => [name, usd(value)]));
    const item = (value: string, quantity: string) => ({ name: "Tee", unit_amount: usd(value), quantity });
    const cases: Array<[unknown, string]> = [
      [unit(usd("1.005")), "DECIMAL_PRECISION"],
      [unit(usd("0.00")), "CANNOT_BE_ZERO_OR_NEGATIVE"],
      [unit({ ...usd("10.00"), breakdown: breakdown({ item_total: "9.00", shipping: "2.00" }) }), "AMOUNT_MISMATCH"],
      [
        unit({ ...usd("59.97"), breakdown: breakdown({ item_total: "59.97" }) }, { items: [item("19.99", "2")] }),
        "ITEM_TOTAL_MISMATCH",
      ],
      [unit(usd("19.99"), { items: [item("19.99", "1")] }), "ITEM_TOTAL_REQUIRED"],
      [unit({ currency_code: "EUR", value: "1.00" }), "INVALID_CURRENCY_CODE"],
    ];
    for (const [body, issue] of cases) {
      const answer = await createRaw(body);
      expect(answer.status, issue).toBe(422);
      expect(answer.body.details.map((detail) => detail.issue)).toEqual([issue]);
    }
    const fits = await createRaw(
      unit({ ...usd("59.97"), breakdown: breakdown({ item_total: "59.97" }) }, { items: [item("19.99", "3")] }),
    );
    expect(fits.status).toBe(201);
  });

  it("refuses requests without a valid token, and bad client credentials", async () => {
    const noToken = await fetch(`${server.baseUrl}/v2/checkout/orders/ABC`, {
      headers: { authorization: "Bearer nope" },
    });
    expect(noToken.status).toBe(401);
    const gateway = createPayPalApiGateway({
      baseUrl: server.baseUrl,
      clientId: "someone",
      clientSecret: "wrong",
      timeoutMs: 2000,
    });
    const error = await gateway.getOrder("ABC").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ httpStatus: 401, errorName: "invalid_client" });
  });
});

describe("the sandbox's webhook signatures", () => {
  it("verify for every fresh transmission (64 in a row), none refused by the description's patterns", async () => {
    const sandbox = createPayPalSandbox({ db: database.db });
    const gateway = createPayPalApiGateway({
      baseUrl: SANDBOX_FETCH_BASE_URL,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      timeoutMs: 5000,
      fetch: createSandboxFetch(sandbox),
    });
    const created = await gateway.createOrder(orderInput());
    await sandbox.approveOrder(created.id, "approve");
    const capture = await gateway.captureOrder({ paypalOrderId: created.id, requestId: `c-${created.id}` });
    for (let index = 0; index < 64; index += 1) {
      const notification = await sandbox.captureNotification(capture.captureId, "PAYMENT.CAPTURE.COMPLETED");
      expect(await gateway.verifyWebhookSignature({ ...notification, webhookId: sandbox.webhookId })).toBe(true);
    }
    expect(sandbox.refusals).toEqual([]);
  });
});

describe("the adapter's token and timeouts", () => {
  it("asks for one token, reuses it until a minute before it expires, and renews it", async () => {
    let clock = 1_800_000_000_000;
    const sandbox = createPayPalSandbox({ db: database.db, tokenLifetimeSeconds: 300, now: () => clock });
    const gateway = createPayPalApiGateway({
      baseUrl: SANDBOX_FETCH_BASE_URL,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      timeoutMs: 2000,
      fetch: createSandboxFetch(sandbox),
      now: () => clock,
    });
    const tokenRequests = () => sandbox.received.filter((entry) => entry.path === "/v1/oauth2/token").length;
    await Promise.all([gateway.createOrder(orderInput()), gateway.createOrder(orderInput())]);
    await gateway.createOrder(orderInput());
    expect(tokenRequests()).toBe(1);
    clock += 239_000;
    await gateway.createOrder(orderInput());
    expect(tokenRequests()).toBe(1);
    clock += 2000;
    await gateway.createOrder(orderInput());
    expect(tokenRequests()).toBe(2);
  });

  it("gives up after the timeout", async () => {
    const silent = http.createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const gateway = createPayPalApiGateway({
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        clientId: "id",
        clientSecret: "secret",
        timeoutMs: 200,
      });
      const started = Date.now();
      await expect(gateway.createOrder(orderInput())).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe("createPayPal", () => {
  it("uses the in-app sandbox without credentials, through the real adapter", async () => {
    const setup = createPayPal(loadConfig({ NODE_ENV: "test" }), database.db);
    expect(setup.gateway.name).toBe("paypal_sandbox");
    expect(setup.sandbox).toBeDefined();
    const created = await setup.gateway.createOrder(orderInput());
    await setup.sandbox?.approveOrder(created.id, "approve");
    const capture = await setup.gateway.captureOrder({ paypalOrderId: created.id, requestId: `c-${created.id}` });
    expect(capture.status).toBe("COMPLETED");
    expect(setup.sandbox?.refusals).toEqual([]);
  });

  it("uses PayPal's API at PAYPAL_API_BASE with credentials", async () => {
    const setup = createPayPal(
      loadConfig({
        NODE_ENV: "test",
        PAYPAL_CLIENT_ID: server.sandbox.clientId,
        PAYPAL_CLIENT_SECRET: server.sandbox.clientSecret,
        PAYPAL_API_BASE: server.baseUrl,
        PAYPAL_WEBHOOK_ID: "WH123",
      }),
      database.db,
    );
    expect(setup).toMatchObject({ sandbox: undefined, webhookId: "WH123" });
    expect(setup.gateway.name).toBe("paypal");
    const before = server.sandbox.received.length;
    await setup.gateway.createOrder(orderInput());
    expect(server.sandbox.received.length).toBeGreaterThan(before);
  });

  it("needs both credentials, and defaults to PayPal's sandbox, not live", () => {
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: "only-the-id" })).toThrow(/PAYPAL_CLIENT_SECRET/);
    expect(loadConfig({}).PAYPAL_API_BASE).toBe("https://api-m.sandbox.paypal.com");
  });
});

describe("the sandbox mounted in a Fastify app", () => {
  it("serves the Orders API under its prefix beside the app's own routes", async () => {
    const app = Fastify();
    app.get("/api/ping", async () => ({ ok: true }));
    const sandbox = createPayPalSandbox({ db: database.db });
    await registerPayPalSandbox(app, { sandbox, prefix: PAYPAL_SANDBOX_PREFIX, publicBaseUrl: "http://127.0.0.1" });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const gateway = createPayPalApiGateway({
        baseUrl: `${address}${PAYPAL_SANDBOX_PREFIX}`,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        timeoutMs: 5000,
      });
      const created = await gateway.createOrder(orderInput());
      await sandbox.approveOrder(created.id, "approve");
      const capture = await gateway.captureOrder({ paypalOrderId: created.id, requestId: `c-${created.id}` });
      expect(capture.status).toBe("COMPLETED");
      const notification = await sandbox.captureNotification(capture.captureId, "PAYMENT.CAPTURE.COMPLETED");
      expect(await gateway.verifyWebhookSignature({ ...notification, webhookId: sandbox.webhookId })).toBe(true);
      expect(sandbox.refusals).toEqual([]);
      expect((await fetch(`${address}/api/ping`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
