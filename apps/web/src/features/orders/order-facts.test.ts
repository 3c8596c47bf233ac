import { CANCELLATION_MESSAGES } from "@threadfolk/contract/orders";
import { describe, expect, it } from "vitest";
import {
  cancellationNote,
  cancelUntilText,
  expectedDeliveryDay,
  formatDeliveryDay,
  itemCountText,
  paymentMethodText,
  shipmentLines,
} from "./order-facts.ts";

describe("order facts", () => {
  it("names the payment method, or says what the state tells without one", () => {
    expect(paymentMethodText("paid", { description: "Visa ending 4242" })).toBe("Visa ending 4242");
    expect(paymentMethodText("refunded", { description: "PayPal" })).toBe("PayPal");
    expect(paymentMethodText("payment_pending", null)).toBe("Not paid yet");
    expect(paymentMethodText("cancelled", null)).toBe("Not paid");
    // Cancelled in its window after payment: the refund took the payment back.
    expect(paymentMethodText("cancelled", null, "2026-12-01T10:00:00Z")).toBe("Refunded");
    expect(paymentMethodText("refunded", null)).toBe("Refunded");
  });

  it("counts items", () => {
    expect(itemCountText(1)).toBe("1 item");
    expect(itemCountText(4)).toBe("4 items");
  });

  it("reads the carrier's day as a calendar day, never moved by a time zone", () => {
    expect(formatDeliveryDay("2026-12-08")).toBe("Tuesday, December 8");
    expect(formatDeliveryDay("2027-01-01")).toBe("Friday, January 1");
  });

  it("shows the expected day only while the order is on its way", () => {
    for (const state of ["paid", "in_production", "partly_shipped", "shipped", "on_hold"] as const) {
      expect(expectedDeliveryDay(state, "2026-12-08")).toBe("2026-12-08");
    }
    for (const state of ["delivered", "returned", "cancelled", "refunded", "fulfilment_failed"] as const) {
      expect(expectedDeliveryDay(state, "2026-12-08")).toBeNull();
    }
    expect(expectedDeliveryDay("shipped", null)).toBeNull();
  });

  it("lists a parcel's lines in the order's order, and tells a line split across parcels", () => {
    const lines = [{ id: 11 }, { id: 12 }, { id: 13 }];
    const shipments = [{ lineItemIds: [11, 13] }, { lineItemIds: [13, 12] }];
    expect(shipmentLines({ lineItemIds: [13, 12], lines, shipments })).toEqual([
      { line: { id: 12 }, isSplit: false },
      { line: { id: 13 }, isSplit: true },
    ]);
    // A line id the order does not have is skipped, not invented.
    expect(shipmentLines({ lineItemIds: [99], lines, shipments })).toEqual([]);
  });

  it("says until when an order can be cancelled: the time alone today, the day too otherwise", () => {
    const now = new Date(2026, 11, 1, 9, 0);
    expect(cancelUntilText(new Date(2026, 11, 1, 15, 42).toISOString(), now)).toMatch(
      /^You can cancel until 3:42\sPM$/,
    );
    expect(cancelUntilText(new Date(2026, 11, 2, 0, 5).toISOString(), now)).toMatch(
      /^You can cancel until Dec 2, 12:05\sAM$/,
    );
  });

  it("explains why a paid order can no longer be cancelled, and says nothing for one never paid", () => {
    const closed = { cancellable: false, until: null, reason: CANCELLATION_MESSAGES.inProduction };
    expect(cancellationNote({ paidAt: "2026-12-01T10:00:00Z", cancellation: closed })).toBe(
      CANCELLATION_MESSAGES.inProduction,
    );
    expect(
      cancellationNote({
        paidAt: null,
        cancellation: { cancellable: false, until: null, reason: CANCELLATION_MESSAGES.notPaid },
      }),
    ).toBeNull();
    expect(
      cancellationNote({
        paidAt: "2026-12-01T10:00:00Z",
        cancellation: { cancellable: true, until: "2026-12-01T11:00:00Z", reason: null },
      }),
    ).toBeNull();
  });
});
