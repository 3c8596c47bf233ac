import type { CartAddressRecord } from "@threadfolk/contract/cart";
import { addressesBodySchema } from "@threadfolk/contract/checkout";
import { MESSAGES, shippingFormSchema } from "@threadfolk/contract/validation";
import { describe, expect, it } from "vitest";
import { addressesBody, addressOfForm, formFieldOfDetail, initialShippingFormValues } from "./shipping-form-values.ts";

function record(type: CartAddressRecord["type"], overrides: Partial<CartAddressRecord["attributes"]> = {}) {
  const attributes = {
    firstName: "Ada",
    lastName: "Lovelace",
    fullName: "Ada Lovelace",
    address1: "350 5TH AVE",
    address2: "FL 34",
    city: "NEW YORK",
    state: "NY",
    zip: "10118",
    longFormAddress: "350 5TH AVE, FL 34, NEW YORK, NY 10118",
    country: "UNITED STATES" as const,
    ...overrides,
  };
  return { id: type === "shipping_address" ? 1 : 2, type, attributes } satisfies CartAddressRecord;
}

describe("initialShippingFormValues", () => {
  it("starts empty with 'Use as Billing Address' on for a cart without addresses", () => {
    const values = initialShippingFormValues({
      shippingAddress: null,
      billingAddress: null,
      email: null,
      billingSameAsShipping: true,
    });
    expect(values.billingSameAsShipping).toBe(true);
    expect(values.shippingFirstName).toBe("");
    expect(values.shippingState).toBe("");
    expect(values.email).toBe("");
  });

  it("prefills from the saved addresses and e-mail; a distinct billing address turns the checkbox off", () => {
    const values = initialShippingFormValues({
      shippingAddress: record("shipping_address"),
      billingAddress: record("billing_address", { address1: "1 MAIN ST", city: "ALBANY", zip: "12207" }),
      email: "ada@example.com",
      billingSameAsShipping: false,
    });
    expect(values).toMatchObject({
      shippingAddress1: "350 5TH AVE",
      shippingAddress2: "FL 34",
      email: "ada@example.com",
      billingSameAsShipping: false,
      billingAddress1: "1 MAIN ST",
      billingCity: "ALBANY",
      billingZip: "12207",
    });
  });

  it("keeps the checkbox on when the billing record is the cart's copy of the shipping address", () => {
    const values = initialShippingFormValues({
      shippingAddress: record("shipping_address"),
      billingAddress: record("billing_address"),
      email: "ada@example.com",
      billingSameAsShipping: true,
    });
    expect(values.billingSameAsShipping).toBe(true);
    expect(values.billingAddress1).toBe("");
  });

  it("gives values the form's schema checks: empty fields get the spec's messages", () => {
    const values = initialShippingFormValues({
      shippingAddress: null,
      billingAddress: null,
      email: null,
      billingSameAsShipping: true,
    });
    const result = shippingFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(messages).toMatchObject({
      shippingFirstName: MESSAGES.firstNameRequired,
      shippingAddress1: MESSAGES.addressRequired,
      shippingState: MESSAGES.stateRequired,
      shippingZip: MESSAGES.zipFormatExample,
      email: MESSAGES.emailRequired,
    });
    expect(Object.keys(messages).some((field) => field.startsWith("billing"))).toBe(false);
    const billingChecked = shippingFormSchema.safeParse({ ...values, billingSameAsShipping: false });
    expect(billingChecked.error?.issues.map((issue) => issue.path[0])).toContain("billingZip");
  });
});

describe("addressesBody", () => {
  const shipping = addressOfForm(
    {
      shippingFirstName: " Ada ",
      shippingLastName: "Lovelace",
      shippingAddress1: "350 5th Ave",
      shippingAddress2: "",
      shippingCity: "New York",
      shippingState: "NY",
      shippingZip: "10118",
    },
    "shipping",
  );

  it("leaves billing out when it is the shipping address, and the contract accepts the body", () => {
    const body = addressesBody({ shipping, billing: null, billingSameAsShipping: true, email: " ada@example.com " });
    expect(body).toEqual({
      addresses: {
        shippingAddress: { ...shipping, firstName: "Ada" },
        billingSameAsShipping: true,
        email: "ada@example.com",
      },
    });
    expect(addressesBodySchema.safeParse(body).success).toBe(true);
  });

  it("sends the billing address when it differs", () => {
    const billing = { ...shipping, address1: "1 Main St", city: "Albany", zip: "12207" };
    const body = addressesBody({ shipping, billing, billingSameAsShipping: false, email: "ada@example.com" });
    expect(body.addresses.billingAddress).toEqual(billing);
    expect(addressesBodySchema.safeParse(body).success).toBe(true);
  });
});

describe("formFieldOfDetail", () => {
  it("names the form field of a server detail", () => {
    expect(formFieldOfDetail("addresses.shipping_address.zip")).toBe("shippingZip");
    expect(formFieldOfDetail("addresses.billing_address.first_name")).toBe("billingFirstName");
    expect(formFieldOfDetail("addresses.shipping_address.address1")).toBe("shippingAddress1");
    expect(formFieldOfDetail("addresses.email")).toBe("email");
    expect(formFieldOfDetail("order.email")).toBe("email");
    expect(formFieldOfDetail("addresses.billing_address")).toBeNull();
    expect(formFieldOfDetail("addresses.shipping_address.country")).toBeNull();
  });
});
