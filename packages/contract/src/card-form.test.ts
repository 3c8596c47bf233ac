import { describe, expect, it } from "vitest";
import { cardFormSchema, defaultPaymentMethod } from "./card-form.ts";

const valid = { creditCardNumber: "4242424242424242", expirationDate: "0728", cvc: "123" };

/** The one message the schema gives each field of `values`, keyed by field (two different ones for a field fail the test). */
function messagesOf(values: Record<string, unknown>): Record<string, string> {
  const result = cardFormSchema.safeParse(values);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    if (field in messages && messages[field] !== issue.message)
      throw new Error(`${field} has two messages: ${messages[field]}, ${issue.message}`);
    messages[field] = issue.message;
  }
  return messages;
}

describe("cardFormSchema (spec section 5)", () => {
  it("accepts 16 digits, an MMYY expiry and a 3 or 4 digit CVV", () => {
    expect(cardFormSchema.safeParse(valid).success).toBe(true);
    expect(cardFormSchema.safeParse({ ...valid, cvc: "1234" }).success).toBe(true);
  });

  it("says which field is required when it is empty", () => {
    expect(messagesOf({ creditCardNumber: "", expirationDate: "", cvc: "" })).toEqual({
      creditCardNumber: "Credit Card Number is required",
      expirationDate: "Expiration Date is required",
      cvc: "CVV is required",
    });
  });

  it("says 'Must be 16 digits' for a short, long or non-digit card number", () => {
    for (const creditCardNumber of ["424242424242424", "42424242424242421", "4242 4242 4242 42", "424242424242424x"]) {
      expect(messagesOf({ ...valid, creditCardNumber })).toEqual({ creditCardNumber: "Must be 16 digits" });
    }
  });

  it("says 'Must be 4 digits' for an expiry that is not MMYY digits", () => {
    for (const expirationDate of ["072", "07/28", "07282", "ab28"]) {
      expect(messagesOf({ ...valid, expirationDate })).toEqual({ expirationDate: "Must be 4 digits" });
    }
  });

  it("says 'Must be 3 to 4 digits' for a CVV of 1, 2 or 5 digits or with letters", () => {
    for (const cvc of ["1", "12", "12345", "12a"]) {
      expect(messagesOf({ ...valid, cvc })).toEqual({ cvc: "Must be 3 to 4 digits" });
    }
  });

  it("refuses fields that are not strings, and unknown fields", () => {
    expect(messagesOf({ ...valid, creditCardNumber: 4242424242424242 })).toEqual({
      creditCardNumber: "Credit Card Number is required",
    });
    expect(cardFormSchema.safeParse({ ...valid, paymentMethod: "visa" }).success).toBe(false);
  });
});

describe("defaultPaymentMethod (spec section 9)", () => {
  it("starts with the card on desktop and PayPal on phones", () => {
    expect(defaultPaymentMethod("desktop")).toBe("visa");
    expect(defaultPaymentMethod("phone")).toBe("paypal");
  });
});
