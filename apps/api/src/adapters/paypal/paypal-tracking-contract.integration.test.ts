import { createPayPalSandbox, type PayPalSandbox } from "@threadfolk/paypal-sandbox/paypal-sandbox";
import { type RunningPayPalSandbox, startPayPalSandboxServer } from "@threadfolk/paypal-sandbox/paypal-sandbox-server";
import {
  createPayPalSchemas,
  describeSchemaErrors,
  prepareRequestSchemas,
} from "@threadfolk/paypal-sandbox/paypal-schemas";
import { createSandboxFetch, SANDBOX_FETCH_BASE_URL } from "@threadfolk/paypal-sandbox/sandbox-fetch";
import { paypalSandboxTrackers } from "@threadfolk/paypal-sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PayPalExchange, recordingFetch } from "../../../test/paypal-exchanges.ts";
import { createTestDatabase } from "../../../test/test-database.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import {
  type CreatePayPalOrderInput,
  PAYPAL_CARRIER_CODES,
  PayPalError,
  type PayPalGateway,
  type ShippingCarrier,
  toPayPalCarrier,
} from "./paypal.ts";
import { createPayPalApiGateway } from "./paypal-api.ts";

/**
 * Shipment tracking on the PayPal port (issue 27): the real adapter against the sandbox, over HTTP and in the
 * process, and every tracking request and reply it exchanges checked with Ajv against PayPal's published Shipment
 * Tracking v1 description (trackers-batch.post, trackers.get, trackers.put).
 */

const schemas = createPayPalSchemas();

/** The Shipment Tracking operation a path belongs to, as the description names its template. */
function templateOf(method: string, pathname: string): string | undefined {
  if (method === "POST" && pathname === "/v1/shipping/trackers-batch") return "/v1/shipping/trackers-batch";
  if ((method === "GET" || method === "PUT") && /^\/v1\/shipping\/trackers\/[^/]+$/.test(pathname))
    return "/v1/shipping/trackers/{id}";
  return undefined;
}

/** Every tracking exchange checked against the description; answers the operations checked, in order. */
function expectTrackingExchangesToFitTheDescription(exchanges: PayPalExchange[]): string[] {
  const checked: string[] = [];
  for (const exchange of exchanges) {
    const template = templateOf(exchange.method, exchange.path);
    if (!template) continue;
    checked.push(`${exchange.method} ${exchange.status}`);
    if (exchange.method === "POST") {
      const validate = schemas.schema("tracking", "tracker_collection");
      expect(validate(exchange.requestBody), describeSchemaErrors(validate.errors).join("; ")).toBe(true);
    }
    if (exchange.method === "PUT") {
      const validate = schemas.schema("tracking", "tracker");
      expect(validate(exchange.requestBody), describeSchemaErrors(validate.errors).join("; ")).toBe(true);
    }
    if (exchange.status === 204) {
      // trackers.put documents a 204 with no body.
      expect(exchange.replyBody).toBeUndefined();
      continue;
    }
    const validateReply = schemas.reply("tracking", template, exchange.method, exchange.status);
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
  gateway: (exchanges: PayPalExchange[]) => PayPalGateway;
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
/** One $25.00 order, no shipping, tax or discount. */
function orderInput(): CreatePayPalOrderInput {
  sequence += 1;
  return {
    requestId: `tracking-test-create-${Date.now()}-${sequence}`,
    orderNumber: `T${String(300_000_000 + sequence)}`,
    currency: "USD",
    items: [{ name: "Moth Lantern Tee, M, Black", unitAmountCents: 2500, quantity: 1 }],
    itemTotalCents: 2500,
    shippingCents: 0,
    taxCents: 0,
    discountCents: 0,
    shipping: { fullName: "Ada Lovelace", address1: "1 Main St", city: "Austin", state: "TX", zip: "78701" },
  };
}

/** The trackers the sandbox keeps for a capture: what PayPal would have. */
async function trackersOf(captureId: string) {
  return database.db
    .select({
      trackingNumber: paypalSandboxTrackers.trackingNumber,
      carrier: paypalSandboxTrackers.carrier,
      status: paypalSandboxTrackers.status,
      notifyBuyer: paypalSandboxTrackers.notifyBuyer,
    })
    .from(paypalSandboxTrackers)
    .where(eq(paypalSandboxTrackers.captureId, captureId))
    .orderBy(paypalSandboxTrackers.trackingNumber);
}

describe.each(setups)("PayPal shipment tracking against the sandbox, $name", (setup) => {
  const exchanges: PayPalExchange[] = [];
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

  it("adds a parcel's tracking to the capture; adding it again changes nothing and does not fail", async () => {
    const capture = await capturedOrder();
    exchanges.length = 0;
    sandbox.refusals.length = 0;
    const input = {
      captureId: capture.captureId,
      trackingNumber: "1Z999AA10123456784",
      carrier: toPayPalCarrier("UPS"),
      status: "SHIPPED" as const,
    };
    await gateway.addTracking(input);
    expect(await trackersOf(capture.captureId)).toEqual([
      { trackingNumber: "1Z999AA10123456784", carrier: "UPS", status: "SHIPPED", notifyBuyer: false },
    ]);
    // A retry after a lost reply: PayPal answers the tracker as a conflict; the adapter reads it back.
    await gateway.addTracking(input);
    expect(await trackersOf(capture.captureId)).toHaveLength(1);
    expect(sandbox.refusals).toEqual([]);
    expect(expectTrackingExchangesToFitTheDescription(exchanges)).toEqual(["POST 200", "POST 200", "GET 200"]);
    const conflict = exchanges[1]?.replyBody as { tracker_identifiers?: unknown; errors?: { name: string }[] };
    expect(conflict.tracker_identifiers).toBeUndefined();
    expect(conflict.errors?.map((error) => error.name)).toEqual(["RESOURCE_CONFLICT"]);
  });

  it("marks a shipped parcel delivered, once, and two parcels of one capture each have their tracker", async () => {
    const capture = await capturedOrder();
    exchanges.length = 0;
    const parcel = {
      captureId: capture.captureId,
      trackingNumber: "9400111899223197428490",
      carrier: toPayPalCarrier("USPS"),
    };
    await gateway.addTracking({ ...parcel, status: "SHIPPED", notifyPayer: true });
    await gateway.addTracking({
      captureId: capture.captureId,
      trackingNumber: "794644790132",
      carrier: toPayPalCarrier("FedEx"),
      status: "SHIPPED",
    });
    await gateway.addTracking({ ...parcel, status: "DELIVERED" });
    await gateway.addTracking({ ...parcel, status: "DELIVERED" });
    expect(await trackersOf(capture.captureId)).toEqual([
      { trackingNumber: "794644790132", carrier: "FEDEX", status: "SHIPPED", notifyBuyer: false },
      { trackingNumber: "9400111899223197428490", carrier: "USPS", status: "DELIVERED", notifyBuyer: false },
    ]);
    // Added, added, conflict read back and updated (204), conflict read back as it is.
    expect(expectTrackingExchangesToFitTheDescription(exchanges)).toEqual([
      "POST 200",
      "POST 200",
      "POST 200",
      "GET 200",
      "PUT 204",
      "POST 200",
      "GET 200",
    ]);
  });

  it("adds one tracker when the same parcel is added twice at once", async () => {
    const capture = await capturedOrder();
    const input = {
      captureId: capture.captureId,
      trackingNumber: "JD014600006281230704",
      carrier: toPayPalCarrier("DHL"),
      status: "SHIPPED" as const,
    };
    await Promise.all([gateway.addTracking(input), gateway.addTracking(input)]);
    expect(await trackersOf(capture.captureId)).toEqual([
      { trackingNumber: "JD014600006281230704", carrier: "DHL", status: "SHIPPED", notifyBuyer: false },
    ]);
  });

  it("throws PayPal's refusal for a capture PayPal does not know, and adds nothing", async () => {
    exchanges.length = 0;
    const error = await gateway
      .addTracking({
        captureId: "0NOSUCHCAPTURE00",
        trackingNumber: "1Z999AA10123456784",
        carrier: "UPS",
        status: "SHIPPED",
      })
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayPalError);
    expect(error).toMatchObject({ httpStatus: 404, errorName: "RESOURCE_NOT_FOUND", issues: ["INVALID_RESOURCE_ID"] });
    expect(await trackersOf("0NOSUCHCAPTURE00")).toEqual([]);
    expect(expectTrackingExchangesToFitTheDescription(exchanges)).toEqual(["POST 200", "GET 404"]);
  });
});

describe("our carriers as PayPal's codes", () => {
  it("maps each carrier to a code of PayPal's carrier list", () => {
    const carriers: ShippingCarrier[] = ["UPS", "USPS", "FedEx", "DHL"];
    expect(carriers.map(toPayPalCarrier)).toEqual(["UPS", "USPS", "FEDEX", "DHL"]);
    const validate = schemas.schema("tracking", "carrier");
    for (const code of Object.values(PAYPAL_CARRIER_CODES)) expect(validate(code), code).toBe(true);
    expect(validate("FedEx")).toBe(false);
  });
});

describe("the tracking contract check", () => {
  it("fails a reply or request that breaks Shipment Tracking v1", () => {
    const batch = schemas.reply("tracking", "/v1/shipping/trackers-batch", "POST", 200);
    expect(batch({ tracker_identifiers: [{ transaction_id: "8MC585209K746392H", tracking_number: "1Z" }] })).toBe(true);
    expect(batch({ tracker_identifiers: [] })).toBe(false);
    expect(batch({ errors: [{ name: "RESOURCE_CONFLICT", message: "Conflict" }] })).toBe(false);
    const shown = schemas.reply("tracking", "/v1/shipping/trackers/{id}", "GET", 200);
    expect(shown({ transaction_id: "8MC585209K746392H", status: "SHIPPED" })).toBe(true);
    expect(shown({ transaction_id: "8MC585209K746392H", status: "LOST" })).toBe(false);
    const request = schemas.schema("tracking", "tracker_collection");
    expect(request({ trackers: [{ transaction_id: "8MC585209K746392H", status: "SHIPPED", carrier: "UPS" }] })).toBe(
      true,
    );
    expect(request({ trackers: [{ transaction_id: "8MC5-8520", status: "SHIPPED" }] })).toBe(false);
    expect(request({ trackers: [{ transaction_id: "8MC585209K746392H", status: "SHIPPED", carrier: "Fedex" }] })).toBe(
      false,
    );
  });
});
