import { describe, expect, it } from "vitest";
import { itemCountText, orderStateBadge, paymentMethodText } from "./order-facts.ts";

describe("order facts", () => {
  it("names the payment method, or says what the state tells without one", () => {
    expect(paymentMethodText("paid", { description: "Visa ending 4242" })).toBe("Visa ending 4242");
    expect(paymentMethodText("refunded", { description: "PayPal" })).toBe("PayPal");
    expect(paymentMethodText("payment_pending", null)).toBe("Not paid yet");
    expect(paymentMethodText("cancelled", null)).toBe("Not paid");
    expect(paymentMethodText("refunded", null)).toBe("Refunded");
  });

  it("counts items and labels states with the contract's names", () => {
    expect(itemCountText(1)).toBe("1 item");
    expect(itemCountText(4)).toBe("4 items");
    expect(orderStateBadge("payment_pending").label).toBe("Awaiting payment");
    expect(orderStateBadge("in_production").label).toBe("In production");
  });
});
