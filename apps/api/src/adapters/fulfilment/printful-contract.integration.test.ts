import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PRINTFUL_CATALOG_FIXTURE, variantsOf } from "../../../test/printful/printful-catalog-fixture.ts";
import { type LocalPrintfulServer, startPrintfulServer } from "../../../test/printful/printful-server.ts";
import {
  FulfilmentError,
  type FulfilmentItem,
  type FulfilmentOrderRequest,
  type FulfilmentProvider,
} from "./fulfilment.ts";
import { createPrintfulFulfilment, type PrintfulFulfilmentOptions } from "./printful.ts";

/**
 * The Printful adapter against a local server that speaks Printful's API v2 and checks every request, reply and
 * webhook event against Printful's published description (decision 068). No database: the adapter keeps nothing
 * but its catalogue cache. Every test ends with no refused request and no reply that breaks the description.
 */

let printful: LocalPrintfulServer;

beforeAll(async () => {
  printful = await startPrintfulServer({ storeId: 777 });
});

afterEach(() => {
  printful.clearFailures();
  expect(printful.refusals.splice(0)).toEqual([]);
  expect(printful.invalidReplies.splice(0)).toEqual([]);
});

afterAll(async () => {
  await printful.close();
});

function createPrintful(overrides: Partial<PrintfulFulfilmentOptions> = {}): FulfilmentProvider {
  return createPrintfulFulfilment({
    baseUrl: printful.baseUrl,
    apiToken: printful.apiToken,
    storeId: String(printful.storeId),
    webhookSecret: printful.webhookSecretKey,
    timeoutMs: 3000,
    ...overrides,
  });
}

let orderNumber = 4100;
const nextOrderNumber = () => {
  orderNumber += 1;
  return `TF-${orderNumber}`;
};

function line(overrides: Partial<FulfilmentItem> = {}): FulfilmentItem {
  return {
    externalId: randomUUID(),
    quantity: 1,
    name: "Kaiju Sunset: T-Shirt",
    styleKey: "mens_tee",
    color: "black",
    size: "M",
    placement: "front",
    printFile: {
      url: `https://media.threadfolk.test/print-files/${randomUUID()}.png?signature=abc`,
      widthPx: 3600,
      heightPx: 4800,
      dpi: 300,
    },
    retailPriceCents: 2400,
    ...overrides,
  };
}

function orderRequest(overrides: Partial<FulfilmentOrderRequest> = {}): FulfilmentOrderRequest {
  return {
    externalId: nextOrderNumber(),
    shippingService: "standard",
    recipient: {
      name: "Ada Lovelace",
      address1: "350 Fifth Avenue",
      address2: "Suite 3000",
      city: "New York",
      stateCode: "NY",
      countryCode: "US",
      zip: "10118",
      phone: "2125551234",
      email: "ada@example.com",
    },
    items: [
      line({ quantity: 2 }),
      line({ styleKey: "hoodie", color: "navy", size: "XL", name: "Kaiju Sunset: Pullover Hoodie" }),
    ],
    packingSlipUrl: "https://media.threadfolk.test/packing-slips/slip.pdf?signature=abc",
    ...overrides,
  };
}

/** The variant id the server's catalogue has for a product, colour and size. */
function variantId(productId: number, color: string, size: string): number {
  const product = PRINTFUL_CATALOG_FIXTURE.find((candidate) => candidate.id === productId);
  const variant = product && variantsOf(product).find((entry) => entry.color === color && entry.size === size);
  if (!variant) throw new Error(`No fixture variant ${productId} ${color} ${size}`);
  return variant.id;
}

const requestsOf = (operation: string, externalId?: string) =>
  printful.received.filter(
    (request) =>
      request.operation === operation &&
      (externalId === undefined || request.url.pathname.includes(externalId) || request.body.includes(externalId)),
  );

async function failureOf(promise: Promise<unknown>): Promise<FulfilmentError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FulfilmentError);
  return error as FulfilmentError;
}

describe("Printful: submitting an order", () => {
  it("creates the order under our order number with the recipient, shipping, variants and print files, and confirms it", async () => {
    const request = orderRequest({ shippingService: "expedited" });
    const [tee, hoodie] = request.items as [FulfilmentItem, FulfilmentItem];
    const order = await createPrintful().submitOrder(request);

    const stored = printful.order(request.externalId);
    expect(order).toEqual({
      providerOrderId: String(stored?.id),
      externalId: request.externalId,
      status: "received",
      reason: null,
      shipments: [],
    });
    expect(stored?.status).toBe("pending");
    const [create] = requestsOf("createOrder", request.externalId);
    expect(create?.headers.authorization).toBe(`Bearer ${printful.apiToken}`);
    expect(create?.headers["x-pf-store-id"]).toBe("777");
    expect(JSON.parse(create?.body ?? "{}")).toEqual({
      external_id: request.externalId,
      shipping: "PRINTFUL_FAST",
      recipient: {
        name: "Ada Lovelace",
        address1: "350 Fifth Avenue",
        address2: "Suite 3000",
        city: "New York",
        state_code: "NY",
        country_code: "US",
        zip: "10118",
        phone: "2125551234",
        email: "ada@example.com",
      },
      order_items: [
        {
          source: "catalog",
          catalog_variant_id: variantId(71, "Black", "M"),
          external_id: tee.externalId,
          quantity: 2,
          name: tee.name,
          retail_price: "24.00",
          placements: [
            {
              placement: "front",
              technique: "dtg",
              layers: [{ type: "file", url: tee.printFile.url, position: { width: 12, height: 16 } }],
            },
          ],
        },
        expect.objectContaining({ catalog_variant_id: variantId(146, "Navy", "XL"), external_id: hoodie.externalId }),
      ],
      customization: { packing_slip: { custom_order_id: request.externalId } },
    });
    expect(requestsOf("confirmOrder", String(stored?.id))).toHaveLength(1);
  });

  it("maps each shipping speed to a Printful method and leaves out a missing second line and phone", async () => {
    for (const [shippingService, method] of [
      ["standard", "STANDARD"],
      ["express", "PRINTFUL_OVERNIGHT"],
    ] as const) {
      const request = orderRequest({ shippingService });
      request.recipient = { ...request.recipient, address2: null, phone: null };
      await createPrintful().submitOrder(request);
      expect(printful.order(request.externalId)?.shipping).toBe(method);
      expect(printful.order(request.externalId)?.recipient).not.toHaveProperty("address2");
      expect(printful.order(request.externalId)?.recipient).not.toHaveProperty("phone");
    }
  });

  it("submitted twice, creates one order: the second submission finds it by external id", async () => {
    const request = orderRequest();
    const first = await createPrintful().submitOrder(request);
    const second = await createPrintful().submitOrder(request);
    expect(second).toEqual(first);
    expect(printful.orders().filter((order) => order.externalId === request.externalId)).toHaveLength(1);
    expect(requestsOf("createOrder", request.externalId)).toHaveLength(1);
    expect(requestsOf("confirmOrder", first.providerOrderId)).toHaveLength(1);
  });

  it("two racing submissions create one order: the refused create reads the order the other made", async () => {
    const request = orderRequest();
    const [first, second] = await Promise.all([
      createPrintful().submitOrder(request),
      createPrintful().submitOrder(request),
    ]);
    expect(second.providerOrderId).toBe(first.providerOrderId);
    expect(printful.orders().filter((order) => order.externalId === request.externalId)).toHaveLength(1);
    expect(printful.order(request.externalId)?.status).toBe("pending");
    // Both looked the order up before either created it: Printful refused the second create.
    expect(requestsOf("createOrder", request.externalId)).toHaveLength(2);
  });

  it("a create whose reply was lost is found by the retry, which confirms it, never creating a second", async () => {
    const request = orderRequest();
    printful.injectFailure({ operation: "createOrder", kind: "timeout", afterHandling: true, delayMs: 2000 });
    const lost = await failureOf(createPrintful({ timeoutMs: 300 }).submitOrder(request));
    expect(lost.retryable).toBe(true);
    expect(printful.order(request.externalId)?.status).toBe("draft");

    const order = await createPrintful().submitOrder(request);
    expect(order.status).toBe("received");
    expect(printful.orders().filter((stored) => stored.externalId === request.externalId)).toHaveLength(1);
    expect(printful.order(request.externalId)?.status).toBe("pending");
  });

  it("a draft left unconfirmed is not received yet for findOrder, and the next submission confirms it", async () => {
    const request = orderRequest();
    const provider = createPrintful();
    printful.injectFailure({ operation: "confirmOrder", kind: "status", status: 503 });
    expect((await failureOf(provider.submitOrder(request))).retryable).toBe(true);
    expect(await provider.findOrder(request.externalId)).toBeNull();

    await provider.submitOrder(request);
    expect((await provider.findOrder(request.externalId))?.status).toBe("received");
  });

  it("reads each catalogue product's variants once, across its pages, for every order after", async () => {
    const provider = createPrintful();
    const before = requestsOf("getProductVariants").length;
    await provider.submitOrder(
      orderRequest({ items: [line({ styleKey: "long_sleeve", color: "slate", size: "3XL" })] }),
    );
    const pages = requestsOf("getProductVariants").slice(before);
    // 22 colours x 7 sizes, 20 a page: every page was read, by following Printful's `next` links.
    expect(pages.map((request) => request.url.search)).toEqual([
      "",
      ...[20, 40, 60, 80, 100, 120, 140].map((offset) => `?limit=20&offset=${offset}`),
    ]);
    const order = await provider.submitOrder(
      orderRequest({ items: [line({ styleKey: "long_sleeve", color: "white", size: "S" })] }),
    );
    expect(requestsOf("getProductVariants").length).toBe(before + pages.length);
    const created = requestsOf("createOrder", order.externalId)[0];
    expect(JSON.parse(created?.body ?? "{}").order_items[0].catalog_variant_id).toBe(variantId(356, "White", "S"));
  });

  it("refuses, without creating anything, a style, colour or size Printful does not make", async () => {
    const provider = createPrintful();
    for (const item of [
      line({ styleKey: "bucket_hat" }),
      line({ styleKey: "hoodie", color: "yellow" }),
      line({ styleKey: "womens_tee", size: "5XL" }),
    ]) {
      const request = orderRequest({ items: [item] });
      const error = await failureOf(provider.submitOrder(request));
      expect(error.retryable).toBe(false);
      expect(printful.order(request.externalId)).toBeUndefined();
    }
  });
});

describe("Printful: reading an order back", () => {
  async function submitted(request = orderRequest()) {
    const provider = createPrintful();
    await provider.submitOrder(request);
    return { provider, request };
  }

  it("answers null for an order Printful never received", async () => {
    expect(await createPrintful().findOrder("TF-NEVER-SENT")).toBeNull();
  });

  it("maps production, holds, failures and cancellations, with Printful's reason", async () => {
    const { provider, request } = await submitted();
    const { externalId } = request;
    printful.startProduction(externalId);
    expect(await provider.findOrder(externalId)).toMatchObject({ status: "in_production", reason: null });
    await printful.putOnHold(externalId, "The print file is too small");
    expect(await provider.findOrder(externalId)).toMatchObject({
      status: "on_hold",
      reason: expect.stringContaining("Printful customer service"),
    });
    await printful.removeHold(externalId);
    expect((await provider.findOrder(externalId))?.status).toBe("in_production");

    const failing = (await submitted()).request.externalId;
    await printful.failOrder(failing, "The print file could not be downloaded.");
    expect(await provider.findOrder(failing)).toMatchObject({
      status: "failed",
      reason: "The print file could not be downloaded.",
    });

    const cancelled = (await submitted()).request.externalId;
    await printful.cancelOrder(cancelled, "Canceled by the store");
    expect(await provider.findOrder(cancelled)).toMatchObject({ status: "cancelled", reason: expect.any(String) });
  });

  it("follows a split shipment of two parcels, each with its carrier, tracking and items, to delivery", async () => {
    const { provider, request } = await submitted();
    const [tee, hoodie] = request.items as [FulfilmentItem, FulfilmentItem];
    printful.startProduction(request.externalId);
    const first = await printful.shipParcel(request.externalId, {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      items: [{ externalId: tee.externalId, quantity: 2 }],
      estimatedDelivery: { fromDate: "2030-03-04", toDate: "2030-03-06" },
    });
    const partly = await provider.findOrder(request.externalId);
    expect(partly?.status).toBe("partly_shipped");
    expect(partly?.shipments).toEqual([
      {
        providerShipmentId: String(first),
        carrier: "UPS",
        trackingNumber: "1Z999AA10123456784",
        trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
        status: "shipped",
        shippedAt: expect.any(Date),
        deliveredAt: null,
        estimatedDeliveryAt: new Date("2030-03-06T12:00:00Z"),
        items: [{ externalId: tee.externalId, quantity: 2 }],
      },
    ]);

    const second = await printful.shipParcel(request.externalId, { carrier: "FedEx", trackingNumber: "794644790138" });
    const shipped = await provider.findOrder(request.externalId);
    expect(shipped?.status).toBe("shipped");
    expect(shipped?.shipments[1]).toMatchObject({
      providerShipmentId: String(second),
      carrier: "FedEx",
      trackingNumber: "794644790138",
      estimatedDeliveryAt: null,
      items: [{ externalId: hoodie.externalId, quantity: 1 }],
    });

    const deliveredAt = new Date("2030-03-05T15:20:00Z");
    printful.deliverParcel(request.externalId, first, deliveredAt);
    const halfway = await provider.findOrder(request.externalId);
    expect(halfway?.status).toBe("shipped");
    expect(halfway?.shipments[0]).toMatchObject({ status: "delivered", deliveredAt });
    printful.deliverParcel(request.externalId, second);
    expect((await provider.findOrder(request.externalId))?.status).toBe("delivered");
  });

  it("reports a parcel that came back as returned, until a reshipment leaves, and a lost one as lost", async () => {
    const { provider, request } = await submitted();
    const parcel = await printful.shipParcel(request.externalId, {
      carrier: "USPS",
      trackingNumber: "9400111899223197428490",
    });
    await printful.returnParcel(request.externalId, parcel, "Unknown address");
    const returned = await provider.findOrder(request.externalId);
    expect(returned?.status).toBe("returned");
    expect(returned?.shipments[0]).toMatchObject({ status: "returned", trackingNumber: "9400111899223197428490" });

    const reshipped = await printful.shipParcel(request.externalId, {
      carrier: "DHL",
      trackingNumber: "GM2951173225174494",
      items: request.items.map((item) => ({ externalId: item.externalId, quantity: item.quantity })),
      reshipment: true,
    });
    expect((await provider.findOrder(request.externalId))?.status).toBe("shipped");
    printful.loseParcel(request.externalId, reshipped);
    const lost = await provider.findOrder(request.externalId);
    expect(lost?.shipments.map((shipment) => [shipment.carrier, shipment.status])).toEqual([
      ["USPS", "returned"],
      ["DHL", "lost"],
    ]);
  });
});

describe("Printful: webhook events", () => {
  const EVENTS = [
    "shipment_sent",
    "shipment_returned",
    "order_failed",
    "order_canceled",
    "order_put_hold",
    "order_remove_hold",
  ] as const;

  it("accepts each event Printful signs and names the order to read again", async () => {
    const request = orderRequest();
    const provider = createPrintful();
    await provider.submitOrder(request);
    for (const type of EVENTS) {
      const event = printful.signEvent(
        type,
        request.externalId,
        type === "shipment_sent" ? {} : { reason: "A reason" },
      );
      expect(await provider.verifyNotification(event)).toEqual({ eventType: type, externalId: request.externalId });
    }
  });

  it("accepts the events a helper emits, signed, and header names in any case", async () => {
    const request = orderRequest();
    const provider = createPrintful();
    await provider.submitOrder(request);
    const emitted = printful.events.length;
    await printful.shipParcel(request.externalId, { carrier: "UPS", trackingNumber: "1Z999AA10123456785" });
    const event = printful.events[emitted];
    expect(event?.type).toBe("shipment_sent");
    const headers = Object.fromEntries(
      Object.entries(event?.headers ?? {}).map(([name, value]) => [name.toUpperCase(), value]),
    );
    expect(await provider.verifyNotification({ headers, rawBody: event?.rawBody ?? "" })).toEqual({
      eventType: "shipment_sent",
      externalId: request.externalId,
    });
  });

  it("posts each event to the webhook URL, where it verifies", async () => {
    const received: Array<{ headers: Record<string, string | undefined>; rawBody: string }> = [];
    const receiver = http.createServer((incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const headers = Object.fromEntries(
          Object.entries(incoming.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
        );
        received.push({ headers, rawBody: Buffer.concat(chunks).toString("utf8") });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      printful.webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v1/printful_webhooks`;
      const request = orderRequest();
      const provider = createPrintful();
      await provider.submitOrder(request);
      const delivered = printful.deliveries.length;
      await printful.putOnHold(request.externalId, "Artwork needs a check");
      await printful.removeHold(request.externalId);
      expect(printful.deliveries.slice(delivered)).toEqual([
        { type: "order_put_hold", status: 200 },
        { type: "order_remove_hold", status: 200 },
      ]);
      const notifications = await Promise.all(received.map((event) => provider.verifyNotification(event)));
      expect(notifications).toEqual([
        { eventType: "order_put_hold", externalId: request.externalId },
        { eventType: "order_remove_hold", externalId: request.externalId },
      ]);
    } finally {
      printful.webhookUrl = undefined;
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it("refuses tampered, forged, unsigned, malformed and other events", async () => {
    const request = orderRequest();
    const provider = createPrintful();
    await provider.submitOrder(request);
    const event = printful.signEvent("order_failed", request.externalId, { reason: "A reason" });
    const sign = (rawBody: string, key: Buffer | string = Buffer.from(printful.webhookSecretKey, "hex")) => ({
      "x-pf-webhook-signature": createHmac("sha256", key).update(rawBody).digest("hex"),
    });
    const tampered = event.rawBody.replace(request.externalId, "TF-SOMEONE-ELSE");
    const otherEvent = JSON.stringify({ ...JSON.parse(event.rawBody), type: "order_created" });
    const cases = [
      { headers: event.headers, rawBody: tampered },
      { headers: sign(event.rawBody, "not the secret"), rawBody: event.rawBody },
      { headers: { ...event.headers, "x-pf-webhook-signature": "" }, rawBody: event.rawBody },
      { headers: {}, rawBody: event.rawBody },
      { headers: { "x-pf-webhook-signature": "zz" }, rawBody: event.rawBody },
      { headers: sign("{not json"), rawBody: "{not json" },
      { headers: sign(otherEvent), rawBody: otherEvent },
      {
        headers: sign('{"type":"order_failed","data":{"order":{"id":1}}}'),
        rawBody: '{"type":"order_failed","data":{"order":{"id":1}}}',
      },
    ];
    for (const input of cases) expect(await provider.verifyNotification(input)).toBeNull();
    const withoutSecret = createPrintful({ webhookSecret: "" });
    expect(await withoutSecret.verifyNotification(event)).toBeNull();
  });

  it("also accepts a signature made with the secret key's text (the description does not say which reading)", async () => {
    const request = orderRequest();
    const provider = createPrintful();
    await provider.submitOrder(request);
    const { rawBody } = printful.signEvent("order_canceled", request.externalId, { reason: "A reason" });
    const signature = createHmac("sha256", printful.webhookSecretKey).update(rawBody).digest("hex");
    expect(await provider.verifyNotification({ headers: { "x-pf-webhook-signature": signature }, rawBody })).toEqual({
      eventType: "order_canceled",
      externalId: request.externalId,
    });
  });
});

describe("Printful: failures", () => {
  it("a timeout, a 5xx and a 429 are retryable", async () => {
    printful.injectFailure({ operation: "getOrder", kind: "timeout", delayMs: 2000 });
    const timeout = await failureOf(createPrintful({ timeoutMs: 200 }).findOrder("TF-SLOW"));
    expect(timeout.retryable).toBe(true);
    expect(timeout.message).toContain("did not answer");

    for (const status of [500, 502, 503, 429]) {
      printful.injectFailure({ operation: "getOrder", kind: "status", status, message: "Try again later" });
      const error = await failureOf(createPrintful().findOrder("TF-BUSY"));
      expect({ retryable: error.retryable, httpStatus: error.httpStatus }).toEqual({
        retryable: true,
        httpStatus: status,
      });
    }
  });

  it("a 4xx is not retryable and carries Printful's message; nothing is created", async () => {
    const request = orderRequest();
    printful.injectFailure({
      operation: "createOrder",
      kind: "status",
      status: 400,
      message: "Invalid recipient address",
    });
    const error = await failureOf(createPrintful().submitOrder(request));
    expect(error).toMatchObject({ retryable: false, httpStatus: 400 });
    expect(error.message).toContain("Invalid recipient address");
    expect(printful.order(request.externalId)).toBeUndefined();

    const unauthorised = await failureOf(createPrintful({ apiToken: "not-the-token" }).findOrder(request.externalId));
    expect(unauthorised).toMatchObject({ retryable: false, httpStatus: 401 });
  });

  it("a malformed reply (not JSON, or not Printful's shape) is retryable, never taken as an answer", async () => {
    for (const kind of ["not_json", "wrong_shape"] as const) {
      printful.injectFailure({ operation: "getOrder", kind });
      const error = await failureOf(createPrintful().findOrder("TF-GARBLED"));
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/not JSON|malformed/);
    }
  });
});
