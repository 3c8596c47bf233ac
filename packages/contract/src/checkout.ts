import { z } from "zod";
import { promoCodeInputSchema } from "./promo-codes.ts";
import { SHIPPING_OPTIONS, SHIPPING_SERVICE_KEYS, type ShippingServiceKey } from "./shipping.ts";
import { ESTIMATED_TAX_LABEL, NO_ADDRESS_TAX_LABEL } from "./tax-constants.ts";
import { textSchema } from "./text.ts";
import { addressSchema, emailSchema } from "./validation.ts";

/**
 * Checkout API (issue 12; spec sections 3, 4, 5 and 7): the addresses and e-mail of the caller's cart, its
 * shipping option, and the address records the cart's `included` list carries. Request schemas are camelCase,
 * as `parseInput` sees them after case conversion; docs/decisions/024-checkout-api.md shows the wire.
 */

export const CHECKOUT_MESSAGES = {
  billingAddressRequired: "Billing Address is required when it is not the shipping address",
  shippingServiceUnknown: `Shipping service must be one of ${SHIPPING_SERVICE_KEYS.join(", ")}`,
  shippingServiceNotOffered: "This shipping service is not offered for this order",
  nothingToUpdate: "Send a selected_shipping_service_key, an email or a promo_code to change",
  cartEmpty: "Your cart is empty",
  addressesMissing: "This cart has no addresses yet: create them with POST /api/v1/addresses",
} as const;

/** The label of the cart's tax amount: an estimate for the shipping address, or none yet. */
export const TAX_LABELS = { estimated: ESTIMATED_TAX_LABEL, noAddress: NO_ADDRESS_TAX_LABEL } as const;

/**
 * `POST` and `PUT /addresses`: both addresses and the e-mail, saved on the caller's cart. With
 * `billingSameAsShipping` (the default) the billing address is a copy of the shipping one and may be left out;
 * otherwise it is required and checked field by field like the shipping address.
 */
export const addressesBodySchema = z.strictObject({
  addresses: z
    .strictObject({
      shippingAddress: addressSchema,
      billingAddress: addressSchema.nullish(),
      billingSameAsShipping: z.boolean({ error: "billing_same_as_shipping must be true or false" }).default(true),
      email: emailSchema,
    })
    .superRefine((value, context) => {
      if (!value.billingSameAsShipping && !value.billingAddress) {
        context.addIssue({
          code: "custom",
          path: ["billingAddress"],
          message: CHECKOUT_MESSAGES.billingAddressRequired,
        });
      }
    }),
});
export type AddressesBody = z.input<typeof addressesBodySchema>;
export type AddressesInput = z.infer<typeof addressesBodySchema>["addresses"];

const shippingServiceKeySchema = textSchema({
  maxLength: 20,
  error: CHECKOUT_MESSAGES.shippingServiceUnknown,
  tooLong: CHECKOUT_MESSAGES.shippingServiceUnknown,
}).pipe(
  z.enum(SHIPPING_SERVICE_KEYS as [ShippingServiceKey, ...ShippingServiceKey[]], {
    error: CHECKOUT_MESSAGES.shippingServiceUnknown,
  }),
);

/**
 * `PUT /orders` (no id in the path: the caller's cart): the shipping option, the e-mail, a gift card or coupon
 * code (`promo_code`; an empty string or null removes the one applied), or several at once.
 */
export const updateOrderBodySchema = z.strictObject({
  order: z
    .strictObject({
      selectedShippingServiceKey: shippingServiceKeySchema.optional(),
      email: emailSchema.optional(),
      promoCode: promoCodeInputSchema.optional(),
    })
    .refine(
      (order) =>
        order.selectedShippingServiceKey !== undefined || order.email !== undefined || order.promoCode !== undefined,
      { message: CHECKOUT_MESSAGES.nothingToUpdate },
    ),
});
export type UpdateOrderBody = z.input<typeof updateOrderBodySchema>;
export type UpdateOrderInput = z.infer<typeof updateOrderBodySchema>["order"];

/** The display name and delivery estimate of a shipping option (spec section 9), by key. */
export function shippingOptionOf(key: ShippingServiceKey): (typeof SHIPPING_OPTIONS)[number] {
  return SHIPPING_OPTIONS.find((option) => option.key === key) ?? SHIPPING_OPTIONS[0];
}
