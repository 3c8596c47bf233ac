import { describe, expect, it } from "vitest";
import { centsToValue, itemTotalCents, orderTotalCents, valueToCents } from "./paypal.ts";
import { buildCreateOrderBody } from "./paypal-api.ts";

describe("PayPal amounts", () => {
  it("writes cents as PayPal's two-decimal strings, exactly", () => {
    expect(centsToValue(0)).toBe("0.00");
    expect(centsToValue(5)).toBe("0.05");
    expect(centsToValue(1250)).toBe("12.50");
    expect(centsToValue(5997)).toBe("59.97");
    expect(centsToValue(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
    expect(() => centsToValue(12.5)).toThrow(RangeError);
    expect(() => centsToValue(-1)).toThrow(RangeError);
  });

  it("reads PayPal's strings as cents without floats", () => {
    expect(valueToCents("12.50")).toBe(1250);
    expect(valueToCents("12.5")).toBe(1250);
    expect(valueToCents("12")).toBe(1200);
    expect(valueToCents("0.07")).toBe(7);
    // 0.29 * 100 is 28.999999999999996 in floats
    expect(valueToCents("0.29")).toBe(29);
    expect(valueToCents("90071992547409.91")).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of ["12.505", "-1.00", "1e3", "", "12.", ".5", "90071992547409.92"]) {
      expect(() => valueToCents(bad), bad).toThrow(RangeError);
    }
  });

  it("adds unit amount × quantity and the order total in integers", () => {
    const items = [
      { name: "Tee", unitAmountCents: 1999, quantity: 3 },
      { name: "Hoodie", unitAmountCents: 4550, quantity: 1 },
    ];
    expect(itemTotalCents(items)).toBe(10_547);
    expect(orderTotalCents({ itemTotalCents: 10_547, shippingCents: 799, taxCents: 873, discountCents: 1055 })).toBe(
      11_164,
    );
  });
});

describe("the create-order body", () => {
  const input = {
    requestId: "req-1",
    orderNumber: "R123456789",
    currency: "USD" as const,
    items: [{ name: "Tee", unitAmountCents: 1999, quantity: 3 }],
    itemTotalCents: 5997,
    shippingCents: 0,
    taxCents: 0,
    discountCents: 0,
    shipping: {
      fullName: "Ada Lovelace",
      address1: "1 Main St",
      address2: "",
      city: "Austin",
      state: "TX",
      zip: "78701",
    },
  };

  it("refuses an item total that is not the items' sum, and a zero order", () => {
    expect(() => buildCreateOrderBody({ ...input, itemTotalCents: 5998 })).toThrow(/itemTotalCents/);
    expect(() => buildCreateOrderBody({ ...input, discountCents: 5997 })).toThrow(/more than \$0/);
  });

  it("leaves out an empty second address line", () => {
    const body = buildCreateOrderBody(input);
    expect(body.purchase_units[0]?.shipping.address).not.toHaveProperty("address_line_2");
  });
});
