import { addressSchema, changeEmailSchema, shippingFormSchema } from "@threadfolk/contract/validation";
import { z } from "zod";

/**
 * The payment step's address dialogs hold one address under the shipping or billing prefix, so they reuse the
 * shared `AddressFields`. The shipping dialog checks as the shipping step does (its zip message shows the
 * example); the billing dialog checks as the server does, a 5 or 9 digit zip.
 */
const shipping = shippingFormSchema.shape;
export const shippingAddressFormSchema = z.object({
  shippingFirstName: shipping.shippingFirstName,
  shippingLastName: shipping.shippingLastName,
  shippingAddress1: shipping.shippingAddress1,
  shippingAddress2: shipping.shippingAddress2,
  shippingCity: shipping.shippingCity,
  shippingState: shipping.shippingState,
  shippingZip: shipping.shippingZip,
});

const address = addressSchema.shape;
export const billingAddressFormSchema = z.object({
  billingFirstName: address.firstName,
  billingLastName: address.lastName,
  billingAddress1: address.address1,
  billingAddress2: address.address2,
  billingCity: address.city,
  billingState: address.state,
  billingZip: address.zip,
});

/** Update Email Address (spec sections 2 and 5): one Email field, valid and required. */
export const emailFormSchema = changeEmailSchema;
