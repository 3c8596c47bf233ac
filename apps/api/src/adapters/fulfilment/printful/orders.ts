import { decimalAmount } from "@threadfolk/contract/money";
import { z } from "zod";
import {
  type Carrier,
  FulfilmentError,
  type FulfilmentOrderRequest,
  type ProviderOrder,
  type ProviderOrderStatus,
  type ProviderShipment,
  type ShipmentStatus,
} from "../fulfilment.ts";
import { PRINTFUL_SHIPPING_METHODS, type PrintfulStyle } from "./catalog.ts";

/**
 * Printful API v2 orders in our words (decision 068): the body that creates one, and what its order and shipment
 * replies mean for the fulfilment port. Replies are read with zod: what the port needs must be there and of its
 * type; anything else Printful adds is ignored.
 */

const timestamp = z.iso.datetime({ offset: true });

export const PRINTFUL_ORDER_STATUSES = [
  "draft",
  "pending",
  "failed",
  "canceled",
  "inprocess",
  "onhold",
  "partial",
  "fulfilled",
] as const;

export const printfulOrderSchema = z.object({
  id: z.number().int(),
  external_id: z.string().nullable().optional(),
  status: z.enum(PRINTFUL_ORDER_STATUSES),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});
export type PrintfulOrder = z.infer<typeof printfulOrderSchema>;

/** GET /v2/orders/{id}, POST /v2/orders and its confirmation answer the order under `data`. */
export const printfulOrderReplySchema = z.object({ data: printfulOrderSchema });

export const printfulShipmentSchema = z.object({
  id: z.number().int(),
  carrier: z.string().nullable().optional(),
  shipment_status: z.enum(["pending", "onhold", "canceled", "packaged", "shipped", "returned", "outstock"]),
  shipped_at: timestamp.nullable().optional(),
  /** Printful may add states; one we do not know is read as "on its way". */
  delivery_status: z.string().optional(),
  delivered_at: timestamp.nullable().optional(),
  is_reshipment: z.boolean().optional(),
  tracking_url: z.string().optional(),
  /** Not in the v2 description (its number is in `tracking_url`); v1 answered it, and it is read when present. */
  tracking_number: z.string().optional(),
  tracking_events: z.array(z.object({ triggered_at: timestamp.optional() })).optional(),
  estimated_delivery: z
    .object({ to_date: z.iso.date().optional(), from_date: z.iso.date().optional() })
    .nullable()
    .optional(),
  shipment_items: z
    .array(z.object({ order_item_external_id: z.string().nullable().optional(), quantity: z.number().int().min(0) }))
    .optional(),
});
export type PrintfulShipment = z.infer<typeof printfulShipmentSchema>;

/** An order item with its placements (GET /v2/orders/{id}/order-items), for why a failed order failed. */
export const printfulOrderItemSchema = z.object({
  placements: z
    .array(z.object({ status: z.string().optional(), status_explanation: z.string().optional() }))
    .optional(),
});
export type PrintfulOrderItem = z.infer<typeof printfulOrderItemSchema>;

/** The body of POST /v2/orders: our order number as its external id, each line with its variant and print file. */
export function buildPrintfulOrderBody(
  request: FulfilmentOrderRequest,
  lines: Array<{ catalogVariantId: number; style: PrintfulStyle }>,
) {
  const { recipient } = request;
  return {
    external_id: request.externalId,
    shipping: PRINTFUL_SHIPPING_METHODS[request.shippingService],
    recipient: {
      name: recipient.name,
      address1: recipient.address1,
      ...(recipient.address2 ? { address2: recipient.address2 } : {}),
      city: recipient.city,
      state_code: recipient.stateCode,
      country_code: recipient.countryCode,
      zip: recipient.zip,
      ...(recipient.phone ? { phone: recipient.phone } : {}),
      email: recipient.email,
    },
    order_items: request.items.map((item, index) => {
      const line = lines[index];
      if (!line) throw new RangeError("One catalogue variant per item");
      const { url, widthPx, heightPx, dpi } = item.printFile;
      return {
        source: "catalog" as const,
        catalog_variant_id: line.catalogVariantId,
        external_id: item.externalId,
        quantity: item.quantity,
        name: item.name,
        retail_price: decimalAmount(item.retailPriceCents),
        placements: [
          {
            placement: line.style.placement,
            technique: line.style.technique,
            // The file is the print area at its size (pixels at its DPI, in inches): placed where the area is.
            layers: [{ type: "file", url, position: { width: inches(widthPx, dpi), height: inches(heightPx, dpi) } }],
          },
        ],
      };
    }),
    // Printful prints its own packing slip; it shows our order number instead of Printful's.
    customization: { packing_slip: { custom_order_id: request.externalId } },
  };
}

/** Pixels at a DPI in inches, to Printful's thousandth of an inch. */
function inches(pixels: number, dpi: number): number {
  return Math.round((pixels / dpi) * 1000) / 1000;
}

/** Printful's carrier names ("USPS", "FEDEX", "DHL eCommerce" …) as ours. */
export function carrierOf(printfulCarrier: string | null | undefined): Carrier | undefined {
  const name = (printfulCarrier ?? "").toUpperCase().replace(/[^A-Z]/g, "");
  if (name.startsWith("USPS")) return "USPS";
  if (name.startsWith("UPS")) return "UPS";
  if (name.startsWith("FEDEX")) return "FedEx";
  if (name.startsWith("DHL")) return "DHL";
  return undefined;
}

/** The query parameters carriers' tracking pages put the number in (USPS tLabels, UPS tracknum, FedEx trknbr …). */
const TRACKING_PARAMETERS = [
  "tracking_number",
  "trackingNumber",
  "tracknum",
  "tracknumbers",
  "trknbr",
  "tLabels",
  "tracking-id",
  "AWB",
];

/** The tracking number in a tracking page's address: a known query parameter, or the last path segment with digits. */
export function trackingNumberFromUrl(trackingUrl: string): string | undefined {
  if (!URL.canParse(trackingUrl)) return undefined;
  const url = new URL(trackingUrl);
  for (const name of TRACKING_PARAMETERS) {
    const value = url.searchParams.get(name)?.split(",")[0]?.trim();
    if (value) return value;
  }
  const last = url.pathname.split("/").filter(Boolean).at(-1);
  // Tracking numbers carry digits: a word such as "tracking" is the page, not the number.
  return last && /^(?=.*\d)[A-Za-z0-9]{8,40}$/.test(last) ? last : undefined;
}

/** A parcel's state: Printful's shipment status and the carrier's delivery status. */
function shipmentStatusOf(shipment: PrintfulShipment): ShipmentStatus {
  if (shipment.shipment_status === "returned" || shipment.delivery_status === "return_to_sender") return "returned";
  if (shipment.delivery_status === "delivered") return "delivered";
  if (shipment.delivery_status === "failure") return "lost";
  return "shipped";
}

/** Only parcels handed to a carrier are shipments for us (not pending, packaged, on hold, out of stock). */
const isParcel = (shipment: PrintfulShipment) =>
  shipment.shipment_status === "shipped" || shipment.shipment_status === "returned";

function toShipment(shipment: PrintfulShipment, order: PrintfulOrder): ProviderShipment {
  const carrier = carrierOf(shipment.carrier);
  if (!carrier) {
    throw new FulfilmentError(
      `Printful's shipment ${shipment.id} travels with ${shipment.carrier ?? "no carrier"}`,
      false,
    );
  }
  const trackingUrl = shipment.tracking_url ?? "";
  const trackingNumber = shipment.tracking_number ?? trackingNumberFromUrl(trackingUrl);
  if (!trackingNumber || !URL.canParse(trackingUrl)) {
    throw new FulfilmentError(`Printful's shipment ${shipment.id} has no tracking yet`, true);
  }
  const events = (shipment.tracking_events ?? []).flatMap((event) => (event.triggered_at ? [event.triggered_at] : []));
  const shippedAt = shipment.shipped_at ?? events.sort()[0] ?? order.updated_at ?? order.created_at;
  if (!shippedAt) throw new FulfilmentError(`Printful's shipment ${shipment.id} has no date`, true);
  const status = shipmentStatusOf(shipment);
  const quantities = new Map<string, number>();
  for (const item of shipment.shipment_items ?? []) {
    if (!item.order_item_external_id || item.quantity === 0) continue;
    quantities.set(item.order_item_external_id, (quantities.get(item.order_item_external_id) ?? 0) + item.quantity);
  }
  const estimate = shipment.estimated_delivery?.to_date;
  return {
    providerShipmentId: String(shipment.id),
    carrier,
    trackingNumber,
    trackingUrl,
    status,
    shippedAt: new Date(shippedAt),
    deliveredAt: shipment.delivered_at ? new Date(shipment.delivered_at) : null,
    // A date without a time: noon UTC is that date in every US time zone.
    estimatedDeliveryAt: estimate ? new Date(`${estimate}T12:00:00Z`) : null,
    items: [...quantities].map(([externalId, quantity]) => ({ externalId, quantity })),
  };
}

/** A returned parcel is the order's news until a reshipment leaves after it. */
function hasOpenReturn(shipments: ProviderShipment[], reshipments: Map<string, boolean>): boolean {
  return shipments.some(
    (returned) =>
      returned.status === "returned" &&
      !shipments.some(
        (other) =>
          reshipments.get(other.providerShipmentId) && other.shippedAt.getTime() >= returned.shippedAt.getTime(),
      ),
  );
}

/** Printful's words for the states that need a reason (the description's order statuses). */
const STATUS_REASONS: Partial<Record<PrintfulOrder["status"], string>> = {
  onhold:
    "The order has encountered a problem during the fulfillment that needs to be resolved together with Printful customer service before fulfillment can continue.",
  failed:
    "Order was submitted for fulfillment but it had some errors preventing it from being fulfilled (problem with the address, missing printfiles, failed to charge the wallet, etc.).",
  canceled: "The order has been canceled and can no longer be processed.",
};

/** Why a failed order failed: its placements' explanations when Printful gives them. */
export function failureReasonOf(items: PrintfulOrderItem[]): string | undefined {
  const explanations = items.flatMap((item) =>
    (item.placements ?? []).flatMap((placement) =>
      placement.status === "failed" && placement.status_explanation ? [placement.status_explanation] : [],
    ),
  );
  return explanations.length > 0 ? [...new Set(explanations)].join(" ") : undefined;
}

/**
 * The port's order from Printful's order and shipments. A draft is not an order Printful was asked to make: the
 * caller answers it as not received (submitOrder confirms it).
 */
export function toProviderOrder(input: {
  order: PrintfulOrder;
  shipments: PrintfulShipment[];
  /** Our order number, as asked (Printful echoes it as `external_id`). */
  externalId: string;
  failureReason?: string | undefined;
}): ProviderOrder {
  const { order, failureReason } = input;
  const parcels = input.shipments.filter(isParcel);
  const shipments = parcels.map((shipment) => toShipment(shipment, order));
  const reshipments = new Map(parcels.map((shipment) => [String(shipment.id), shipment.is_reshipment === true]));
  const shipped = (): ProviderOrderStatus => {
    if (hasOpenReturn(shipments, reshipments)) return "returned";
    if (order.status === "partial") return "partly_shipped";
    const live = shipments.filter((shipment) => shipment.status !== "returned");
    return live.length > 0 && live.every((shipment) => shipment.status === "delivered") ? "delivered" : "shipped";
  };
  const statuses: Record<PrintfulOrder["status"], () => ProviderOrderStatus> = {
    draft: () => "received",
    pending: () => "received",
    inprocess: () => "in_production",
    onhold: () => "on_hold",
    failed: () => "failed",
    canceled: () => "cancelled",
    partial: shipped,
    fulfilled: shipped,
  };
  const reason = order.status === "failed" ? (failureReason ?? STATUS_REASONS.failed) : STATUS_REASONS[order.status];
  return {
    providerOrderId: String(order.id),
    externalId: input.externalId,
    status: statuses[order.status](),
    reason: reason ?? null,
    shipments,
  };
}
