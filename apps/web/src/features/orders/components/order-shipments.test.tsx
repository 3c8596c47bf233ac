import type { OrderLineItem } from "@threadfolk/contract/cart";
import type { OrderShipment } from "@threadfolk/contract/orders";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OrderShipments } from "./order-shipments.tsx";

function line(id: number, displayName: string, quantity: number): OrderLineItem {
  return {
    id,
    type: "order_line_item",
    attributes: {
      uuid: `line-${id}`,
      displayName,
      garmentStyle: "T-Shirt",
      gender: "Men",
      size: "M",
      color: "black",
      quantity,
      price: "$25.00",
      priceCents: 2500,
      total: "$25.00",
      totalCents: 2500,
      totalDiscount: "$0.00",
      totalDiscountCents: 0,
      onSale: false,
      salesPrice: "$0",
      salesPriceCents: null,
      hexColor: "#000000",
      watermarkedDesign: `/media/${id}.webp`,
      designOnShirt: `/media/${id}-shirt.webp`,
      itemDescription: "Men's T-Shirt in Black, size M",
      sellerDesignProductVariantId: id,
      designUuid: `design-${id}`,
      designSlug: "design",
    },
  };
}

const lines = [line(1, "Night Owl", 2), line(2, "Desert Bloom", 4)];

const shipment = (overrides: Partial<OrderShipment>): OrderShipment => ({
  carrier: "USPS",
  trackingNumber: "9400100000000000000001",
  trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000001",
  status: "shipped",
  shippedAt: "2026-12-01T15:00:00.000Z",
  deliveredAt: null,
  estimatedDeliveryDate: "2026-12-08",
  lineItemIds: [1, 2],
  ...overrides,
});

describe("OrderShipments", () => {
  it("shows nothing before the first parcel ships", () => {
    expect(renderToStaticMarkup(<OrderShipments shipments={[]} lines={lines} />)).toBe("");
  });

  it("links each tracking number to the carrier in a new tab, with the parcel's dates and items", () => {
    const html = renderToStaticMarkup(
      <OrderShipments
        lines={lines}
        shipments={[
          shipment({
            status: "delivered",
            deliveredAt: "2026-12-04T18:00:00.000Z",
            lineItemIds: [1, 2],
          }),
          shipment({
            carrier: "UPS",
            trackingNumber: "1Z999AA10123456784",
            trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
            lineItemIds: [2],
          }),
        ]}
      />,
    );
    expect(html).toContain('aria-label="Parcel 1 of 2"');
    expect(html).toContain('aria-label="Parcel 2 of 2"');
    expect(html).toContain(
      '<a href="https://www.ups.com/track?tracknum=1Z999AA10123456784" target="_blank" rel="noopener noreferrer"',
    );
    expect(html).toContain("(opens UPS tracking in a new tab)");
    // The first parcel arrived; the second is on its way and expected.
    expect(html).toMatch(/Delivered<\/span>/);
    expect(html).toMatch(/On its way<\/span>/);
    expect(html).toContain('<time dateTime="2026-12-08">Tuesday, December 8</time>');
    expect(html.match(/Expected by/g)).toHaveLength(1);
    // Items by line id; the line in both parcels says so.
    const second = html.slice(html.indexOf('aria-label="Parcel 2 of 2"'));
    expect(second).toContain("Desert Bloom");
    expect(second).not.toContain("Night Owl");
    expect(second).toContain("Qty 4 (shipped in more than one parcel)");
  });

  it("names a single parcel 'Your parcel'", () => {
    const html = renderToStaticMarkup(<OrderShipments lines={lines} shipments={[shipment({})]} />);
    expect(html).toContain('aria-label="Your parcel"');
    expect(html).toContain(">Shipment</h2>");
  });
});
