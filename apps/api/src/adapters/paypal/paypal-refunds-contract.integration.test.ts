import { createPayPalSandbox, type PayPalSandbox } from "@threadfolk/paypal-sandbox/paypal-sandbox";
import { type RunningPayPalSandbox, startPayPalSandboxServer } from "@threadfolk/paypal-sandbox/paypal-sandbox-server";
import {
  createPayPalSchemas,
  describeSchemaErrors,
  prepareRequestSchemas,
} from "@threadfolk/paypal-sandbox/paypal-schemas";
import { createSandboxFetch, SANDBOX_FETCH_BASE_URL } from "@threadfolk/paypal-sandbox/sandbox-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PayPalExchange, recordingFetch } from "../../../test/paypal-exchanges.ts";
import { createTestDatabase } from "../../../test/test-database.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { type CreatePayPalOrderInput, PayPalError, type PayPalGateway } from "./paypal.ts";
import { createPayPalApiGateway } from "./paypal-api.ts";

/**
 * Refunds on the PayPal port (issue 24): the real adapter against the sandbox, over HTTP and in the process, and
 * every refund request and reply it exchanges checked with Ajv against PayPal's published Payments v2
 * description (captures.refund, refunds.get, captures.get).
 */

const schemas = createPayPalSchemas();

type Exchange = PayPalExchange;

/** The Payments v2 operation a path belongs to, as the description names its template. */
function templateOf(method: string, pathname: string): string | undefined {
  if (method === "POST" && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(pathname))
    return "/v2/payments/captures/{capture_id}/refund";
  if (method === "GET" && /^\/v2\/payments\/captures\/[^/]+$/.test(pathname))
    return "/v2/payments/captures/{capture_id}";
  if (method === "GET" && /^\/v2\/payments\/refunds\/[^/]+$/.test(pathname)) return "/v2/payments/refunds/{refund_id}";
  return undefined;
}

/** Every Payments v2 exchange checked against the description; answers how many were checked. */
function expectPaymentsExchangesToFitTheDescription(exchanges: Exchange[]): number {
  let checked = 0;
  for (const exchange of exchanges) {
    const template = templateOf(exchange.method, exchange.path);
    if (!template) continue;
    checked += 1;
    if (exchange.requestBody !== undefined) {
      const validate = schemas.schema("payments", "refund_request");
      expect(validate(exchange.requestBody), describeSchemaErrors(validate.errors).join("; ")).toBe(true);
    }
    const validateReply = schemas.reply("payments", template, exchange.method, exchange.status);
    expect(
      validateReply(exchange.replyBody),
      `${exchange.method} ${exchange.path} ${exchange.status}: ${describeSchemaErrors(validateReply.errors).join("; ")}`,
    ).toBe(true);
  }
  return checked;
}

let database: DatabaseHandle;
let server: RunningPayPalSandbox;
let inProcessSandbox: PayPalSandbox;

beforeAll(async () => {
  // Ajv compiles PayPal's schemas on first use (decision 065): here, not within the first request's timeout.
  prepareRequestSchemas();
  database = await createTestDatabase();
  inProcessSandbox = createPayPalSandbox({ db: database.db });
  server = await startPayPalSandboxServer(createPayPalSandbox({ db: database.db }));
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const setups: Array<{
  name: string;
  sandbox: () => PayPalSandbox;
  gateway: (exchanges: Exchange[]) => PayPalGateway;
}> = [
  {
    name: "over HTTP",
    sandbox: () => server.sandbox,
    gateway: (exchanges) =>
      createPayPalApiGateway({
        baseUrl: server.baseUrl,
        clientId: server.sandbox.clientId,
        clientSecret: server.sandbox.clientSecret,
        timeoutMs: 5000,
        fetch: recordingFetch(globalThis.fetch, exchanges),
      }),
  },
  {
    name: "in the process",
    sandbox: () => inProcessSandbox,
    gateway: (exchanges) =>
      createPayPalApiGateway({
        name: "paypal_sandbox",
        baseUrl: SANDBOX_FETCH_BASE_URL,
        clientId: inProcessSandbox.clientId,
        clientSecret: inProcessSandbox.clientSecret,
        timeoutMs: 5000,
        fetch: recordingFetch(createSandboxFetch(inProcessSandbox), exchanges),
      }),
  },
];

let sequence = 0;
/** One $59.97 order (3 × 19.99), no shipping, tax or discount. */
function orderInput(): CreatePayPalOrderInput {
  sequence += 1;
  return {
    requestId: `refund-test-create-${Date.now()}-${sequence}`,
    orderNumber: `R${String(200_000_000 + sequence)}`,
    currency: "USD",
    items: [{ name: "Moth Lantern Tee, M, Black", unitAmountCents: 1999, quantity: 3 }],
    itemTotalCents: 5997,
    shippingCents: 0,
    taxCents: 0,
    discountCents: 0,
    shipping: { fullName: "Ada Lovelace", address1: "1 Main St", city: "Austin", state: "TX", zip: "78701" },
  };
}

describe.each(setups)("PayPal refunds against the sandbox, $name", (setup) => {
  const exchanges: Exchange[] = [];
  let gateway: PayPalGateway;
  let sandbox: PayPalSandbox;

  beforeAll(() => {
    gateway = setup.gateway(exchanges);
    sandbox = setup.sandbox();
  });

  async function capturedOrder() {
    const created = await gateway.createOrder(orderInput());
    await sandbox.approveOrder(created.id, "approve");
    return gateway.captureOrder({ paypalOrderId: created.id, requestId: `capture-${created.id}` });
  }

  const refusalOf = (promise: Promise<unknown>) => promise.then(() => undefined).catch((error: unknown) => error);

  it("refunds part of a capture, then more, then refuses more than is left, then refunds the rest", async () => {
    exchanges.length = 0;
    sandbox.refusals.length = 0;
    const capture = await capturedOrder();
    expect(capture).toMatchObject({ status: "COMPLETED", amountCents: 5997 });

    const first = await gateway.refundCapture({
      captureId: capture.captureId,
      amountCents: 1999,
      requestId: `refund-${capture.captureId}-1`,
      noteToPayer: "One shirt arrived misprinted",
    });
    expect(first).toEqual({
      refundId: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: "COMPLETED",
      amountCents: 1999,
      captureId: capture.captureId,
    });
    expect(await gateway.getCapture(capture.captureId)).toMatchObject({
      status: "PARTIALLY_REFUNDED",
      amountCents: 5997,
    });
    expect((await gateway.getOrder(capture.paypalOrderId)).captures[0]?.status).toBe("PARTIALLY_REFUNDED");

    const second = await gateway.refundCapture({
      captureId: capture.captureId,
      amountCents: 1000,
      requestId: `refund-${capture.captureId}-2`,
    });
    expect(second).toMatchObject({ status: "COMPLETED", amountCents: 1000 });
    expect(second.refundId).not.toBe(first.refundId);

    // 59.97 - 19.99 - 10.00 = 29.98 left: a cent more is refused with PayPal's documented issue.
    const tooMuch = await refusalOf(
      gateway.refundCapture({
        captureId: capture.captureId,
        amountCents: 2999,
        requestId: `refund-${capture.captureId}-3`,
      }),
    );
    expect(tooMuch).toBeInstanceOf(PayPalError);
    expect(tooMuch).toMatchObject({
      httpStatus: 422,
      errorName: "UNPROCESSABLE_ENTITY",
      issues: ["REFUND_AMOUNT_EXCEEDED"],
    });
    expect((await gateway.getCapture(capture.captureId)).status).toBe("PARTIALLY_REFUNDED");

    const rest = await gateway.refundCapture({
      captureId: capture.captureId,
      amountCents: 2998,
      requestId: `refund-${capture.captureId}-4`,
    });
    expect(rest).toMatchObject({ status: "COMPLETED", amountCents: 2998 });
    expect((await gateway.getCapture(capture.captureId)).status).toBe("REFUNDED");

    const afterAll = await refusalOf(
      gateway.refundCapture({
        captureId: capture.captureId,
        amountCents: 1,
        requestId: `refund-${capture.captureId}-5`,
      }),
    );
    expect(afterAll).toMatchObject({ httpStatus: 422, issues: ["CAPTURE_FULLY_REFUNDED"] });

    expect(await gateway.getRefund(first.refundId)).toEqual(first);
    expect(await gateway.getRefund(rest.refundId)).toEqual(rest);

    expect(sandbox.refusals).toEqual([]);
    // Refunds (5), shows of a capture (3) and of a refund (2), requests and replies alike.
    expect(expectPaymentsExchangesToFitTheDescription(exchanges)).toBe(10);
  });

  it("answers the same refund for the same request id, and a new one for another id", async () => {
    exchanges.length = 0;
    const capture = await capturedOrder();
    const input = { captureId: capture.captureId, amountCents: 500, requestId: `refund-${capture.captureId}-same` };
    const [first, again] = await Promise.all([gateway.refundCapture(input), gateway.refundCapture(input)]);
    expect(again).toEqual(first);
    const third = await gateway.refundCapture(input);
    expect(third).toEqual(first);
    const other = await gateway.refundCapture({ ...input, requestId: `${input.requestId}-other` });
    expect(other.refundId).not.toBe(first.refundId);
    // Only two refunds were made: 5997 - 500 - 500 is left.
    const left = await refusalOf(
      gateway.refundCapture({ ...input, amountCents: 4998, requestId: `${input.requestId}-too-much` }),
    );
    expect(left).toMatchObject({ issues: ["REFUND_AMOUNT_EXCEEDED"] });
    await gateway.refundCapture({ ...input, amountCents: 4997, requestId: `${input.requestId}-rest` });
    expect((await gateway.getCapture(capture.captureId)).status).toBe("REFUNDED");
    expect(expectPaymentsExchangesToFitTheDescription(exchanges)).toBeGreaterThan(0);
  });

  it("refuses to refund a capture that is unknown, declined or pending, and a refund that does not exist", async () => {
    exchanges.length = 0;
    const unknown = await refusalOf(
      gateway.refundCapture({ captureId: "0NOSUCHCAPTURE00", amountCents: 100, requestId: "refund-unknown" }),
    );
    expect(unknown).toMatchObject({
      httpStatus: 404,
      errorName: "RESOURCE_NOT_FOUND",
      issues: ["INVALID_RESOURCE_ID"],
    });

    const created = await gateway.createOrder(orderInput());
    await sandbox.approveOrder(created.id, "capture_declined");
    const declined = await gateway.captureOrder({ paypalOrderId: created.id, requestId: `capture-${created.id}` });
    expect(declined.status).toBe("DECLINED");
    const notAllowed = await refusalOf(
      gateway.refundCapture({ captureId: declined.captureId, amountCents: 100, requestId: `refund-${created.id}` }),
    );
    expect(notAllowed).toMatchObject({ httpStatus: 422, issues: ["REFUND_NOT_ALLOWED"] });

    const missing = await refusalOf(gateway.getRefund("0NOSUCHREFUND000"));
    expect(missing).toMatchObject({ httpStatus: 404, issues: ["INVALID_RESOURCE_ID"] });
    expect(expectPaymentsExchangesToFitTheDescription(exchanges)).toBe(3);
  });
});

describe("the refund contract check", () => {
  it("fails a reply or request that breaks Payments v2", () => {
    const reply = schemas.reply("payments", "/v2/payments/refunds/{refund_id}", "GET", 200);
    const good = { id: "1JU08902781691411", status: "COMPLETED", amount: { currency_code: "USD", value: "10.99" } };
    expect(reply(good)).toBe(true);
    expect(reply({ ...good, status: "DONE" })).toBe(false);
    expect(reply({ ...good, amount: { currency_code: "USD", value: "10,99" } })).toBe(false);
    const request = schemas.schema("payments", "refund_request");
    expect(request({ amount: { currency_code: "USD", value: "1.00" }, note_to_payer: "Sorry" })).toBe(true);
    expect(request({ amount: { value: "1.00" } })).toBe(false);
    expect(request({ note_to_payer: "" })).toBe(false);
    const refused = schemas.reply("payments", "/v2/payments/captures/{capture_id}/refund", "POST", 422);
    expect(
      refused({
        name: "UNPROCESSABLE_ENTITY",
        message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
        details: [{ issue: "REFUND_AMOUNT_EXCEEDED", description: "More than is left" }],
      }),
    ).toBe(false);
  });
});
