import type { OrderShipmentStatus } from "@threadfolk/contract/orders";
import type { ShippingServiceKey } from "@threadfolk/contract/shipping";

/**
 * The fulfilment port (issue 27): a print provider takes a paid order with its print files, prints, packs and
 * ships it, and tells us how it goes. Two implementations: the local print shop (offline, the default;
 * local-print-shop.ts) and Printful's API v2 (printful.ts). Chosen by `createFulfilment` like the other adapters.
 *
 * The provider's word is read back, never taken from a notification: a webhook (or the local print shop's
 * event) only says "look at order X again"; `findOrder` answers what the order is now.
 */

/** The carriers parcels travel with (tracking numbers in each carrier's own format). */
export const CARRIERS = ["UPS", "USPS", "FedEx", "DHL"] as const;
export type Carrier = (typeof CARRIERS)[number];

export type FulfilmentRecipient = {
  name: string;
  address1: string;
  address2: string | null;
  city: string;
  /** Two letters: a state, DC, or a military "state" (AA, AE, AP). */
  stateCode: string;
  countryCode: "US";
  zip: string;
  phone: string | null;
  email: string;
};

export type FulfilmentItem = {
  /** Our line's uuid: shipments name the items they carry by it. */
  externalId: string;
  quantity: number;
  /** What the packing slip and the provider's dashboard call it, e.g. 'Kaiju Sunset: Classic T-Shirt'. */
  name: string;
  /** Our garment style key (the catalogue's style, e.g. `classic-tee`), colour name and size. */
  styleKey: string;
  color: string;
  size: string;
  /** Where on the garment the print goes. */
  placement: "front";
  /** The print file: a signed URL valid for at least 30 days, and what the file should be. */
  printFile: { url: string; widthPx: number; heightPx: number; dpi: number };
  /** What the shopper paid for one unit, for customs and the packing slip. */
  retailPriceCents: number;
};

export type FulfilmentOrderRequest = {
  /** Our order number (`TF-…`): the provider keeps at most one order per external id, so a retry finds it. */
  externalId: string;
  shippingService: ShippingServiceKey;
  recipient: FulfilmentRecipient;
  items: FulfilmentItem[];
  /** The packing slip PDF (signed URL, long-lived). */
  packingSlipUrl: string;
};

/**
 * Where the provider has the order: received (accepted, not yet printing), in production, shipped in part or in
 * full, delivered (every parcel), on hold (waiting for someone: `reason`), failed (cannot be made: `reason`),
 * cancelled, returned (a parcel came back to the provider).
 */
export const PROVIDER_ORDER_STATUSES = [
  "received",
  "in_production",
  "partly_shipped",
  "shipped",
  "delivered",
  "on_hold",
  "failed",
  "cancelled",
  "returned",
] as const;
export type ProviderOrderStatus = (typeof PROVIDER_ORDER_STATUSES)[number];

/** A parcel's status: the order reply's own list (contract orders.ts). */
export type ShipmentStatus = OrderShipmentStatus;

export type ProviderShipment = {
  /** The provider's id of the parcel (stable: a re-read names the same parcel by it). */
  providerShipmentId: string;
  carrier: Carrier;
  trackingNumber: string;
  trackingUrl: string;
  status: ShipmentStatus;
  shippedAt: Date;
  deliveredAt: Date | null;
  /** When the carrier expects to deliver it, when known. */
  estimatedDeliveryAt: Date | null;
  /** Our line uuids with the quantity of each in this parcel. */
  items: Array<{ externalId: string; quantity: number }>;
};

export type ProviderOrder = {
  providerOrderId: string;
  externalId: string;
  status: ProviderOrderStatus;
  /** Why the order is on hold, failed or cancelled (the provider's words), else null. */
  reason: string | null;
  shipments: ProviderShipment[];
};

/** A provider refused or could not answer. `retryable`: a timeout, a 5xx, a 429; else the request was wrong. */
export class FulfilmentError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = "FulfilmentError";
  }
}

/** What a verified notification names: the order to read again. Never its state: that is read back. */
export type FulfilmentNotification = { eventType: string; externalId: string };

export type FulfilmentProvider = {
  /** Stored with the order's fulfilment: `local_print_shop` or `printful`. */
  readonly name: "local_print_shop" | "printful";
  /**
   * Creates the order and sends it to production (confirms it). Idempotent by `externalId`: when the provider
   * already has that order it is returned as it is, never made twice. Throws FulfilmentError.
   */
  submitOrder(request: FulfilmentOrderRequest): Promise<ProviderOrder>;
  /** The order as the provider has it now, by our external id; null when the provider never received it. */
  findOrder(externalId: string): Promise<ProviderOrder | null>;
  /**
   * Verifies a provider's notification (signature, shape) and says which order to read again; null when it is
   * forged or malformed. Providers that do not post notifications over HTTP return null.
   */
  verifyNotification(input: {
    headers: Record<string, string | undefined>;
    rawBody: string;
  }): Promise<FulfilmentNotification | null>;
};
