import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Carrier } from "../../src/adapters/fulfilment/fulfilment.ts";
import { type CatalogProductFixture, PRINTFUL_CATALOG_FIXTURE, variantsOf } from "./printful-catalog-fixture.ts";
import { loadPrintfulContract, PRINTFUL_OPERATIONS, type PrintfulOperationName } from "./printful-contract.ts";

/**
 * A local stand-in for Printful's API v2 (tests only) that checks every request it receives, every reply it sends
 * and every webhook event it emits against Printful's published description (openapi-v2.json beside this file,
 * read by printful-contract.ts with Ajv): parameters, bodies (closed: a field the description does not name is
 * refused), replies for their status, events for their type. A request that breaks the description is answered
 * 400 and recorded in `refusals`; a reply or event of this server that breaks it is recorded in `invalidReplies`;
 * the suites expect both empty. Besides the schemas it keeps Printful's rules: a bearer token, one order per
 * external id (a second create with the same one is refused with 400), only drafts are confirmed, catalogue
 * variants that exist, and shipping methods Printful offers.
 *
 * Tests play Printful's staff and carriers with the helpers (production, holds, failures, parcels, deliveries,
 * returns), which emit the webhook events Printful would, signed as Printful signs them (HMAC-SHA256 of the raw
 * body under the secret key's bytes, in hexadecimal, in `x-pf-webhook-signature`), to `webhookUrl` when set.
 * `injectFailure` makes the next requests time out, answer an error status or a malformed body, before or after
 * doing what they ask (a reply lost on the way back).
 */

/** The host Printful's links name; clients follow only their path and query. */
const PRINTFUL_HOST = "https://api.printful.com";
/** The shipping methods Printful's rates offer (the description names only the default, STANDARD). */
const SHIPPING_METHODS = new Set(["STANDARD", "PRINTFUL_FAST", "PRINTFUL_OVERNIGHT", "EXPRESS", "ECONOMY"]);

type Json = Record<string, unknown>;
type OrderStatus = "draft" | "pending" | "failed" | "canceled" | "inprocess" | "onhold" | "partial" | "fulfilled";

export type StoredOrderItem = {
  id: number;
  externalId: string | null;
  catalogVariantId: number;
  quantity: number;
  name: string | undefined;
  retailPrice: string | undefined;
  placements: Json[];
};

export type StoredShipment = {
  id: number;
  carrier: string;
  service: string;
  status: "shipped" | "returned";
  deliveryStatus: "in_transit" | "delivered" | "return_to_sender" | "failure";
  trackingNumber: string;
  trackingUrl: string;
  shippedAt: string;
  deliveredAt: string | null;
  isReshipment: boolean;
  estimatedDelivery: { fromDate: string; toDate: string } | null;
  items: Array<{
    id: number;
    orderItemId: number;
    externalId: string | null;
    name: string | undefined;
    quantity: number;
  }>;
};

export type StoredOrder = {
  id: number;
  externalId: string | null;
  status: OrderStatus;
  /** The status an order on hold returns to. */
  statusBeforeHold: OrderStatus | null;
  shipping: string;
  recipient: Json;
  customization: Json | undefined;
  items: StoredOrderItem[];
  shipments: StoredShipment[];
  createdAt: string;
  updatedAt: string;
};

export type PrintfulServerRequest = {
  method: string;
  url: URL;
  operation: PrintfulOperationName | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export type InjectedFailure = {
  /** The requests it applies to (any when unset). */
  operation?: PrintfulOperationName;
  /** `timeout`: no answer for `delayMs`; `status`: that status with Printful's error body; `not_json`/`wrong_shape`: 200 with a malformed body. */
  kind: "timeout" | "status" | "not_json" | "wrong_shape";
  status?: number;
  message?: string;
  /** How long a `timeout` holds the answer back (default 5 s; the server's close ends it). */
  delayMs?: number;
  /** Do what the request asks first, then fail the reply (a reply lost on its way back). */
  afterHandling?: boolean;
  /** How many matching requests fail (default 1). */
  times?: number;
};

export type SignedEvent = { type: string; headers: Record<string, string>; rawBody: string };

export type ParcelInput = {
  carrier: Carrier;
  trackingNumber: string;
  /** Our line external ids and quantities in the parcel (default: everything not shipped yet). */
  items?: Array<{ externalId: string; quantity: number }>;
  estimatedDelivery?: { fromDate: string; toDate: string };
  reshipment?: boolean;
};

export type LocalPrintfulServer = {
  /** For PRINTFUL_API_BASE: http://127.0.0.1:<port>. */
  baseUrl: string;
  apiToken: string;
  storeId: number;
  /** The webhook configuration's secret key (hexadecimal, as Printful shows it) and public key. */
  webhookSecretKey: string;
  webhookPublicKey: string;
  received: PrintfulServerRequest[];
  /** Requests refused as breaking the description (each names the rule); a test expects none. */
  refusals: string[];
  /** Replies and events of this server that break the description; a test expects none. */
  invalidReplies: string[];
  /** Where events are posted (our webhook route), when set; each delivery's status is kept in `deliveries`. */
  webhookUrl: string | undefined;
  deliveries: Array<{ type: string; status: number }>;
  /** Every event emitted, signed, in order. */
  events: SignedEvent[];
  orders(): StoredOrder[];
  order(externalId: string): StoredOrder | undefined;
  injectFailure(failure: InjectedFailure): void;
  /** Forget injected failures that have not happened. */
  clearFailures(): void;
  startProduction(externalId: string): void;
  putOnHold(externalId: string, reason: string): Promise<void>;
  removeHold(externalId: string): Promise<void>;
  failOrder(externalId: string, explanation: string): Promise<void>;
  cancelOrder(externalId: string, reason: string): Promise<void>;
  shipParcel(externalId: string, parcel: ParcelInput): Promise<number>;
  deliverParcel(externalId: string, shipmentId: number, at?: Date): void;
  loseParcel(externalId: string, shipmentId: number): void;
  returnParcel(externalId: string, shipmentId: number, reason: string): Promise<void>;
  /** An event signed with the server's secret key, without delivering it. */
  signEvent(type: string, externalId: string, extra?: Json): SignedEvent;
  close(): Promise<void>;
};

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A breach of the description (recorded in `refusals`) rather than one of Printful's business rules. */
    readonly breaksDescription = false,
  ) {
    super(message);
  }
}

/** Printful's error bodies: `{code, result, error}` for 4xx, problem details for 5xx. */
function errorBody(status: number, message: string): Json {
  if (status >= 500) {
    return {
      type: "https://developers.printful.com/docs/v2-beta/#section/Errors",
      status,
      title: "Server Error",
      details: message,
    };
  }
  const reasons: Record<number, string> = { 401: "Unauthorized", 404: "NotFound", 429: "TooManyRequests" };
  return { code: status, result: message, error: { reason: reasons[status] ?? "BadRequest", message } };
}

/** Printful writes times to the second, in UTC (ISO 8601). */
const isoSecond = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

const CARRIERS: Record<Carrier, { name: string; service: string; page: (number: string) => string }> = {
  USPS: {
    name: "USPS",
    service: "USPS First Class Mail",
    page: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  },
  UPS: { name: "UPS", service: "UPS Ground", page: (number) => `https://www.ups.com/track?tracknum=${number}` },
  FedEx: {
    name: "FEDEX",
    service: "FedEx Home Delivery",
    page: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  },
  DHL: {
    name: "DHL",
    service: "DHL eCommerce",
    page: (number) => `https://www.dhl.com/us-en/home/tracking/tracking-ecommerce.html?tracking-id=${number}`,
  },
};

export async function startPrintfulServer(
  options: { apiToken?: string; storeId?: number; catalog?: readonly CatalogProductFixture[]; now?: () => Date } = {},
): Promise<LocalPrintfulServer> {
  const contract = loadPrintfulContract();
  const now = options.now ?? (() => new Date());
  const catalog = new Map((options.catalog ?? PRINTFUL_CATALOG_FIXTURE).map((product) => [product.id, product]));
  const variants = new Map(
    [...catalog.values()].flatMap((product) =>
      variantsOf(product).map((variant) => [variant.id, { ...variant, product }]),
    ),
  );
  const orders = new Map<number, StoredOrder>();
  const orderIdsByExternalId = new Map<string, number>();
  const failures: InjectedFailure[] = [];
  const pendingTimers = new Set<NodeJS.Timeout>();
  let lastId = 100_000;
  const nextId = () => {
    lastId += 1;
    return lastId;
  };

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      handle(incoming, Buffer.concat(chunks).toString("utf8"), response);
    });
  });

  const state: LocalPrintfulServer = {
    baseUrl: "",
    apiToken: options.apiToken ?? `pf-local-${randomBytes(12).toString("hex")}`,
    storeId: options.storeId ?? 4_242_424,
    webhookSecretKey: randomBytes(64).toString("hex"),
    webhookPublicKey: randomBytes(24).toString("base64"),
    received: [],
    refusals: [],
    invalidReplies: [],
    webhookUrl: undefined,
    deliveries: [],
    events: [],
    orders: () => [...orders.values()],
    order: (externalId) => {
      const id = orderIdsByExternalId.get(externalId);
      return id === undefined ? undefined : orders.get(id);
    },
    injectFailure: (failure) => failures.push({ ...failure, times: failure.times ?? 1 }),
    clearFailures: () => {
      failures.length = 0;
    },
    startProduction: (externalId) => setStatus(stored(externalId), "inprocess"),
    putOnHold: async (externalId, reason) => {
      const order = stored(externalId);
      order.statusBeforeHold = order.status;
      setStatus(order, "onhold");
      await emit("order_put_hold", order, { reason });
    },
    removeHold: async (externalId) => {
      const order = stored(externalId);
      setStatus(order, order.statusBeforeHold ?? "inprocess");
      order.statusBeforeHold = null;
      await emit("order_remove_hold", order, { reason: "The problem was resolved" });
    },
    failOrder: async (externalId, explanation) => {
      const order = stored(externalId);
      for (const item of order.items) {
        item.placements = item.placements.map((placement) => ({
          ...placement,
          status: "failed",
          status_explanation: explanation,
        }));
      }
      setStatus(order, "failed");
      await emit("order_failed", order, { reason: explanation });
    },
    cancelOrder: async (externalId, reason) => {
      const order = stored(externalId);
      setStatus(order, "canceled");
      await emit("order_canceled", order, { reason });
    },
    shipParcel: async (externalId, parcel) => {
      const order = stored(externalId);
      const shipment = addShipment(order, parcel);
      await emit("shipment_sent", order, { shipment: webhookShipmentJson(shipment) });
      return shipment.id;
    },
    deliverParcel: (externalId, shipmentId, at) => {
      const shipment = storedShipment(stored(externalId), shipmentId);
      shipment.deliveryStatus = "delivered";
      shipment.deliveredAt = isoSecond(at ?? now());
    },
    loseParcel: (externalId, shipmentId) => {
      storedShipment(stored(externalId), shipmentId).deliveryStatus = "failure";
    },
    returnParcel: async (externalId, shipmentId, reason) => {
      const order = stored(externalId);
      const shipment = storedShipment(order, shipmentId);
      shipment.status = "returned";
      shipment.deliveryStatus = "return_to_sender";
      order.updatedAt = isoSecond(now());
      await emit("shipment_returned", order, { reason, shipment: webhookShipmentJson(shipment) });
    },
    signEvent: (type, externalId, extra = {}) => signEvent(type, eventBody(type, stored(externalId), extra)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pendingTimers) clearTimeout(timer);
        pendingTimers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function stored(externalId: string): StoredOrder {
    const order = state.order(externalId);
    if (!order) throw new Error(`The local Printful server has no order ${externalId}`);
    return order;
  }

  function storedShipment(order: StoredOrder, shipmentId: number): StoredShipment {
    const shipment = order.shipments.find((candidate) => candidate.id === shipmentId);
    if (!shipment) throw new Error(`Order ${order.externalId} has no shipment ${shipmentId}`);
    return shipment;
  }

  function setStatus(order: StoredOrder, status: OrderStatus) {
    order.status = status;
    order.updatedAt = isoSecond(now());
  }

  /** Quantities of each item not in a parcel yet (returned parcels count: Printful reships them explicitly). */
  function unshipped(order: StoredOrder): Map<number, number> {
    const left = new Map(order.items.map((item) => [item.id, item.quantity]));
    for (const shipment of order.shipments) {
      if (shipment.isReshipment) continue;
      for (const item of shipment.items) left.set(item.orderItemId, (left.get(item.orderItemId) ?? 0) - item.quantity);
    }
    return left;
  }

  function addShipment(order: StoredOrder, parcel: ParcelInput): StoredShipment {
    const left = unshipped(order);
    const wanted =
      parcel.items ??
      order.items.flatMap((item) =>
        (left.get(item.id) ?? 0) > 0 && item.externalId
          ? [{ externalId: item.externalId, quantity: left.get(item.id) ?? 0 }]
          : [],
      );
    const items = wanted.map((entry) => {
      const item = order.items.find((candidate) => candidate.externalId === entry.externalId);
      if (!item) throw new Error(`Order ${order.externalId} has no item ${entry.externalId}`);
      return {
        id: nextId(),
        orderItemId: item.id,
        externalId: item.externalId,
        name: item.name,
        quantity: entry.quantity,
      };
    });
    const carrier = CARRIERS[parcel.carrier];
    const shipment: StoredShipment = {
      id: nextId(),
      carrier: carrier.name,
      service: carrier.service,
      status: "shipped",
      deliveryStatus: "in_transit",
      trackingNumber: parcel.trackingNumber,
      trackingUrl: carrier.page(parcel.trackingNumber),
      shippedAt: isoSecond(now()),
      deliveredAt: null,
      isReshipment: parcel.reshipment ?? false,
      estimatedDelivery: parcel.estimatedDelivery ?? null,
      items,
    };
    order.shipments.push(shipment);
    const remaining = [...unshipped(order).values()].some((quantity) => quantity > 0);
    setStatus(order, remaining ? "partial" : "fulfilled");
    return shipment;
  }

  // --- JSON as Printful answers it -------------------------------------------------------------------------

  function orderJson(order: StoredOrder): Json {
    const self = `${PRINTFUL_HOST}/v2/orders/${order.id}`;
    return {
      id: order.id,
      external_id: order.externalId,
      store_id: state.storeId,
      shipping: order.shipping,
      status: order.status,
      created_at: order.createdAt,
      updated_at: order.updatedAt,
      recipient: order.recipient,
      costs: {
        calculation_status: "calculating",
        currency: null,
        subtotal: null,
        shipping: null,
        tax: null,
        total: null,
      },
      retail_costs: { calculation_status: "calculating", currency: "USD", subtotal: null, total: null },
      order_items: order.items.map((item) => ({
        id: item.id,
        type: "order_item",
        source: "catalog",
        catalog_variant_id: item.catalogVariantId,
        external_id: item.externalId,
        quantity: item.quantity,
        ...(item.name === undefined ? {} : { name: item.name }),
        price: "13.25",
        ...(item.retailPrice === undefined ? {} : { retail_price: item.retailPrice }),
        currency: "USD",
        retail_currency: "USD",
        _links: { self: { href: `${self}/order-items/${item.id}` } },
      })),
      ...(order.customization ? { customization: order.customization } : {}),
      _links: {
        self: { href: self },
        order_confirmation: { href: `${self}/confirmation` },
        order_invoices: { href: `${self}/invoices` },
        order_items: { href: `${self}/order-items` },
        shipments: { href: `${self}/shipments` },
      },
    };
  }

  function orderItemJson(order: StoredOrder, item: StoredOrderItem): Json {
    return {
      id: item.id,
      source: "catalog",
      catalog_variant_id: item.catalogVariantId,
      external_id: item.externalId,
      quantity: item.quantity,
      ...(item.name === undefined ? {} : { name: item.name }),
      ...(item.retailPrice === undefined ? {} : { retail_price: item.retailPrice }),
      placements: item.placements,
      _links: { self: { href: `${PRINTFUL_HOST}/v2/orders/${order.id}/order-items/${item.id}` } },
    };
  }

  function shipmentJson(order: StoredOrder, shipment: StoredShipment): Json {
    return {
      id: shipment.id,
      order_id: order.id,
      order_external_id: order.externalId,
      carrier: shipment.carrier,
      service: shipment.service,
      shipment_status: shipment.status,
      shipped_at: shipment.shippedAt,
      delivery_status: shipment.deliveryStatus,
      delivered_at: shipment.deliveredAt,
      departure_address: { country_name: "United States", country_code: "US", state_code: "NC" },
      is_reshipment: shipment.isReshipment,
      tracking_url: shipment.trackingUrl,
      tracking_events: [{ triggered_at: shipment.shippedAt, description: "Shipping label created" }],
      estimated_delivery: shipment.estimatedDelivery
        ? {
            from_date: shipment.estimatedDelivery.fromDate,
            to_date: shipment.estimatedDelivery.toDate,
            calculated_at: shipment.shippedAt,
          }
        : null,
      shipment_items: shipment.items.map((item) => ({
        id: item.id,
        order_item_id: item.orderItemId,
        order_item_external_id: item.externalId,
        order_item_name: item.name ?? null,
        quantity: item.quantity,
        _links: { order_item: { href: `${PRINTFUL_HOST}/v2/orders/${order.id}/order-items/${item.orderItemId}` } },
      })),
      _links: {
        self: { href: `${PRINTFUL_HOST}/v2/shipments/${shipment.id}` },
        order: { href: `${PRINTFUL_HOST}/v2/orders/${order.id}` },
      },
    };
  }

  function webhookShipmentJson(shipment: StoredShipment): Json {
    return {
      id: shipment.id,
      status: shipment.status,
      store_id: state.storeId,
      tracking_number: shipment.trackingNumber,
      created_at: shipment.shippedAt,
      ship_date: shipment.shippedAt.slice(0, 10),
      shipped_at: shipment.shippedAt,
      reshipment: shipment.isReshipment,
    };
  }

  /** A page of a list, with Printful's paging and links (`?limit=…&offset=…`). */
  function page(path: string, query: URLSearchParams, items: Json[]): Json {
    const limit = Number(query.get("limit") ?? 20);
    const offset = Number(query.get("offset") ?? 0);
    const link = (at: number) => ({ href: `${PRINTFUL_HOST}${path}?limit=${limit}&offset=${at}` });
    const last = Math.max(0, Math.floor((items.length - 1) / limit) * limit);
    return {
      data: items.slice(offset, offset + limit),
      paging: { total: items.length, offset, limit },
      _links: {
        self: link(offset),
        ...(offset + limit < items.length ? { next: link(offset + limit) } : {}),
        ...(offset > 0 ? { previous: link(Math.max(0, offset - limit)) } : {}),
        ...(items.length > limit ? { first: link(0), last: link(last) } : {}),
      },
    };
  }

  // --- Events -------------------------------------------------------------------------------------------------

  function eventBody(type: string, order: StoredOrder, extra: Json): Json {
    return {
      type,
      occurred_at: isoSecond(now()),
      retries: 0,
      store_id: state.storeId,
      data: {
        ...extra,
        order: {
          id: order.id,
          ...(order.externalId === null ? {} : { external_id: order.externalId }),
          status: order.status,
          store_id: state.storeId,
          dashboard_url: `https://www.printful.com/dashboard?order_id=${order.id}`,
          created_at: order.createdAt,
          updated_at: order.updatedAt,
        },
      },
    };
  }

  function signEvent(type: string, body: Json): SignedEvent {
    for (const problem of contract.checkWebhook(type, body)) state.invalidReplies.push(`event ${type}: ${problem}`);
    const rawBody = JSON.stringify(body);
    const signature = createHmac("sha256", Buffer.from(state.webhookSecretKey, "hex")).update(rawBody).digest("hex");
    return {
      type,
      rawBody,
      headers: {
        "content-type": "application/json",
        "x-pf-webhook-signature": signature,
        "x-pf-webhook-public-key": state.webhookPublicKey,
      },
    };
  }

  async function emit(type: string, order: StoredOrder, extra: Json): Promise<void> {
    const event = signEvent(type, eventBody(type, order, extra));
    state.events.push(event);
    if (!state.webhookUrl) return;
    const response = await fetch(state.webhookUrl, { method: "POST", headers: event.headers, body: event.rawBody });
    await response.arrayBuffer();
    state.deliveries.push({ type, status: response.status });
  }

  // --- Operations ---------------------------------------------------------------------------------------------

  function findOrder(orderId: string): StoredOrder {
    const id = orderId.startsWith("@") ? orderIdsByExternalId.get(orderId.slice(1)) : Number(orderId);
    const order = id === undefined ? undefined : orders.get(id);
    if (!order) throw new Refusal(404, "Not found");
    return order;
  }

  function createOrder(body: Json): { status: number; body: Json } {
    const externalId = typeof body.external_id === "string" ? body.external_id : null;
    if (externalId !== null && orderIdsByExternalId.has(externalId)) {
      throw new Refusal(400, `Order with external ID ${externalId} already exists`);
    }
    const shipping = typeof body.shipping === "string" ? body.shipping : "STANDARD";
    if (!SHIPPING_METHODS.has(shipping)) throw new Refusal(400, `Shipping method ${shipping} is not available`);
    const items = ((body.order_items as Json[] | undefined) ?? []).map((item): StoredOrderItem => {
      const variantId = item.catalog_variant_id as number;
      if (!variants.has(variantId)) throw new Refusal(400, `Catalog variant ${variantId} does not exist`);
      return {
        id: nextId(),
        externalId: (item.external_id as string | null | undefined) ?? null,
        catalogVariantId: variantId,
        quantity: (item.quantity as number | undefined) ?? 1,
        name: item.name as string | undefined,
        retailPrice: item.retail_price as string | undefined,
        placements: ((item.placements as Json[] | undefined) ?? []).map((placement) => ({
          ...placement,
          status: "ok",
        })),
      };
    });
    const at = isoSecond(now());
    const order: StoredOrder = {
      id: nextId(),
      externalId,
      status: "draft",
      statusBeforeHold: null,
      shipping,
      recipient: body.recipient as Json,
      customization: body.customization as Json | undefined,
      items,
      shipments: [],
      createdAt: at,
      updatedAt: at,
    };
    orders.set(order.id, order);
    if (externalId !== null) orderIdsByExternalId.set(externalId, order.id);
    return { status: 200, body: { data: orderJson(order) } };
  }

  function confirmOrder(order: StoredOrder): { status: number; body: Json } {
    if (order.status !== "draft")
      throw new Refusal(400, `Order ${order.id} is ${order.status}: only a draft can be confirmed`);
    if (order.items.length === 0) throw new Refusal(400, "An order without items cannot be confirmed");
    setStatus(order, "pending");
    const self = `${PRINTFUL_HOST}/v2/orders/${order.id}`;
    return {
      status: 200,
      body: {
        data: orderJson(order),
        _links: {
          self: { href: `${self}/confirmation` },
          order: { href: self },
          order_items: { href: `${self}/order-items` },
          shipments: { href: `${self}/shipments` },
        },
      },
    };
  }

  function answer(
    operation: PrintfulOperationName,
    parameters: Record<string, string>,
    url: URL,
    body: Json,
  ): { status: number; body: Json } {
    switch (operation) {
      case "createOrder":
        return createOrder(body);
      case "getOrder":
        return { status: 200, body: { data: orderJson(findOrder(parameters.order_id ?? "")) } };
      case "confirmOrder":
        return confirmOrder(findOrder(parameters.order_id ?? ""));
      case "getShipments": {
        const order = findOrder(parameters.order_id ?? "");
        const list = order.shipments.map((shipment) => shipmentJson(order, shipment));
        return { status: 200, body: page(url.pathname, url.searchParams, list) };
      }
      case "getOrderItems": {
        const order = findOrder(parameters.order_id ?? "");
        const list = order.items.map((item) => orderItemJson(order, item));
        const { paging: _paging, ...listed } = page(url.pathname, url.searchParams, list);
        return { status: 200, body: listed };
      }
      case "getProductVariants": {
        const product = catalog.get(Number(parameters.id));
        if (!product) throw new Refusal(404, "Not found");
        const list = variantsOf(product).map((variant) => ({
          id: variant.id,
          catalog_product_id: product.id,
          name: `${product.name} (${variant.color} / ${variant.size})`,
          size: variant.size,
          color: variant.color,
          color_code: "#000000",
          color_code2: null,
          image: `https://files.cdn.printful.com/products/${product.id}/${variant.id}.jpg`,
          _links: { self: { href: `${PRINTFUL_HOST}/v2/catalog-variants/${variant.id}` } },
        }));
        return { status: 200, body: page(url.pathname, url.searchParams, list) };
      }
    }
  }

  // --- HTTP ---------------------------------------------------------------------------------------------------

  function route(method: string, pathname: string) {
    for (const [name, { method: wanted, template }] of Object.entries(PRINTFUL_OPERATIONS)) {
      if (wanted !== method) continue;
      const names: string[] = [];
      const pattern = template.replace(/\{([^}]+)\}/g, (_match, parameter: string) => {
        names.push(parameter);
        return "([^/]+)";
      });
      const match = new RegExp(`^${pattern}$`).exec(pathname);
      if (match) {
        const parameters = Object.fromEntries(
          names.map((parameter, index) => [parameter, decodeURIComponent(match[index + 1] ?? "")]),
        );
        return { operation: name as PrintfulOperationName, parameters };
      }
    }
    return undefined;
  }

  function takeFailure(operation: PrintfulOperationName): InjectedFailure | undefined {
    const index = failures.findIndex((failure) => failure.operation === undefined || failure.operation === operation);
    const failure = failures[index];
    if (!failure) return undefined;
    failure.times = (failure.times ?? 1) - 1;
    if (failure.times <= 0) failures.splice(index, 1);
    return failure;
  }

  function checkedRequest(
    request: PrintfulServerRequest,
    operation: PrintfulOperationName,
    parameters: Record<string, string>,
  ) {
    if (request.headers.authorization !== `Bearer ${state.apiToken}`) {
      throw new Refusal(401, "Malformed Authorization header.");
    }
    let body: unknown;
    if (request.body !== "") {
      if (!request.headers["content-type"]?.startsWith("application/json")) {
        throw new Refusal(400, "The body must be application/json", true);
      }
      try {
        body = JSON.parse(request.body);
      } catch {
        throw new Refusal(400, "The body is not JSON", true);
      }
    }
    const problems = contract.checkRequest(operation, {
      pathParameters: parameters,
      query: request.url.searchParams,
      headers: request.headers,
      body,
    });
    if (problems.length > 0) throw new Refusal(400, `Invalid request: ${problems.join("; ")}`, true);
    const store = request.headers["x-pf-store-id"];
    if (store !== undefined && store !== String(state.storeId)) throw new Refusal(404, `Store ${store} not found`);
    return (body ?? {}) as Json;
  }

  function send(response: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    if (response.destroyed) return;
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(body);
  }

  function reply(
    response: http.ServerResponse,
    operation: PrintfulOperationName | undefined,
    path: string,
    status: number,
    body: Json,
  ) {
    if (operation) {
      for (const problem of contract.checkReply(operation, status, body)) {
        state.invalidReplies.push(`${operation} ${path} ${status}: ${problem}`);
      }
    }
    send(response, status, JSON.stringify(body), status === 429 ? { "retry-after": "1" } : {});
  }

  function fail(
    response: http.ServerResponse,
    operation: PrintfulOperationName,
    path: string,
    failure: InjectedFailure,
  ) {
    if (failure.kind === "timeout") {
      const timer = setTimeout(() => {
        pendingTimers.delete(timer);
        send(response, 503, JSON.stringify(errorBody(503, "Too late")));
      }, failure.delayMs ?? 5000);
      pendingTimers.add(timer);
      return;
    }
    if (failure.kind === "not_json") {
      send(response, 200, "<html><body>Bad gateway</body></html>", { "content-type": "text/html" });
      return;
    }
    if (failure.kind === "wrong_shape") {
      // Deliberately not Printful's shape: not recorded as an invalid reply of this server.
      send(response, 200, JSON.stringify({ data: { id: "not-a-number", status: 17 } }));
      return;
    }
    const status = failure.status ?? 500;
    reply(response, operation, path, status, errorBody(status, failure.message ?? "Injected failure"));
  }

  function handle(incoming: http.IncomingMessage, text: string, response: http.ServerResponse) {
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    const found = route(incoming.method ?? "", url.pathname);
    const request: PrintfulServerRequest = {
      method: incoming.method ?? "",
      url,
      operation: found?.operation,
      headers: incoming.headers,
      body: text,
    };
    state.received.push(request);
    if (!found) {
      state.refusals.push(`${request.method} ${url.pathname}: no such operation`);
      send(response, 404, JSON.stringify(errorBody(404, "Not found")));
      return;
    }
    const { operation, parameters } = found;
    const failure = takeFailure(operation);
    if (failure && !failure.afterHandling) {
      fail(response, operation, url.pathname, failure);
      return;
    }
    let result: { status: number; body: Json };
    try {
      result = answer(operation, parameters, url, checkedRequest(request, operation, parameters));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (error.breaksDescription) state.refusals.push(`${operation} ${url.pathname}: ${error.message}`);
      result = { status: error.status, body: errorBody(error.status, error.message) };
    }
    if (failure) fail(response, operation, url.pathname, failure);
    else reply(response, operation, url.pathname, result.status, result.body);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
