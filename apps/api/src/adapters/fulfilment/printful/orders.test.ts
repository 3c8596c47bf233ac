import { describe, expect, it } from "vitest";
import { FulfilmentError } from "../fulfilment.ts";
import { carrierOf, type PrintfulShipment, toProviderOrder, trackingNumberFromUrl } from "./orders.ts";

describe("Printful shipments in our words", () => {
  it("names the carriers as we do, whatever Printful's spelling", () => {
    expect(
      ["USPS", "USPS Priority Mail", "UPS", "ups ground", "FEDEX", "FedEx SmartPost", "DHL eCommerce"].map(carrierOf),
    ).toEqual(["USPS", "USPS", "UPS", "UPS", "FedEx", "FedEx", "DHL"]);
    expect(carrierOf("Asendia")).toBeUndefined();
    expect(carrierOf(null)).toBeUndefined();
  });

  it("reads the tracking number from the carriers' tracking pages, or the page's last path segment", () => {
    expect(trackingNumberFromUrl("https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490")).toBe(
      "9400111899223197428490",
    );
    expect(trackingNumberFromUrl("https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784")).toBe(
      "1Z999AA10123456784",
    );
    expect(trackingNumberFromUrl("https://www.fedex.com/fedextrack/?tracknumbers=794644790138,794644790139")).toBe(
      "794644790138",
    );
    // The description's own example.
    expect(trackingNumberFromUrl("https://myorders.com/tracking/39925631")).toBe("39925631");
    expect(trackingNumberFromUrl("https://myorders.com/tracking")).toBeUndefined();
    expect(trackingNumberFromUrl("not a url")).toBeUndefined();
  });

  const order = { id: 7, status: "fulfilled" as const, updated_at: "2030-01-02T03:04:05Z" };
  const shipment = (overrides: Partial<PrintfulShipment>): PrintfulShipment => ({
    id: 1,
    carrier: "USPS",
    shipment_status: "shipped",
    tracking_url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490",
    shipment_items: [{ order_item_external_id: "line-1", quantity: 1 }],
    ...overrides,
  });

  it("prefers a tracking number Printful states, and counts only parcels handed to a carrier", () => {
    const result = toProviderOrder({
      order,
      externalId: "TF-1",
      shipments: [
        shipment({ id: 1, tracking_number: "STATED123", shipped_at: null }),
        shipment({ id: 2, shipment_status: "packaged" }),
        shipment({ id: 3, shipment_status: "pending" }),
      ],
    });
    expect(result.shipments).toHaveLength(1);
    // No shipped_at: the order's last change stands in for it.
    expect(result.shipments[0]).toMatchObject({ trackingNumber: "STATED123", shippedAt: new Date(order.updated_at) });
  });

  it("refuses a parcel with a carrier we do not know (not retryable) or without tracking yet (retryable)", () => {
    const read = (overrides: Partial<PrintfulShipment>) => () =>
      toProviderOrder({ order, externalId: "TF-1", shipments: [shipment(overrides)] });
    expect(read({ carrier: "Asendia" })).toThrow(expect.objectContaining({ retryable: false }));
    expect(read({ tracking_url: "https://myorders.com/tracking" })).toThrow(FulfilmentError);
    expect(read({ tracking_url: "https://myorders.com/tracking" })).toThrow(
      expect.objectContaining({ retryable: true }),
    );
  });
});
