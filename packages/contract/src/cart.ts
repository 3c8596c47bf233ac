import { z } from "zod";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "./cart-constants.ts";
import { PRODUCT_COLORS } from "./colors.ts";
import { numericIdSchema } from "./favorites.ts";
import { appliedPromoCodeSchema } from "./promo-codes.ts";
import { SHIPPING_SERVICE_KEYS } from "./shipping.ts";
import { SIZES } from "./sizes.ts";
import { textSchema } from "./text.ts";

/**
 * Cart API (issue 11; spec sections 3 and 7): request schemas (camelCase, as `parseInput` sees them after case
 * conversion), the response schemas and their types (camelCase; the wire is snake_case), limits and the
 * validation messages. docs/decisions/018-cart.md shows the wire.
 */

export * from "./cart-constants.ts";

/** Order numbers: `TF-` and 8 characters of an alphabet without 0/O, 1/I/L, so they read back over the phone. */
export const ORDER_NUMBER_PREFIX = "TF-";
export const ORDER_NUMBER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const ORDER_NUMBER_LENGTH = 8;
export const ORDER_NUMBER_PATTERN = new RegExp(
  `^${ORDER_NUMBER_PREFIX}[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_LENGTH}}$`,
);

/** The messages of every cart validation error (the server's `details[].message`, the web's form errors). */
export const CART_MESSAGES = {
  quantityRange: `Quantity must be a whole number from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}`,
  sizeUnknown: `Size must be one of ${SIZES.join(", ")}`,
  colorUnknown: "Color must be one of the product colors",
  variantUnavailable: "This design is not available",
  tooManyLines: `A cart holds at most ${MAX_CART_LINES} different items`,
  nothingToUpdate: "Send a quantity, size or color to change",
  lineIdMismatch: "id must be the id in the path",
  /** A size the garment style is not sold in: "Pullover Hoodie is not sold in size XS". */
  sizeNotSold: (size: string, garmentStyle: string) => `${garmentStyle} is not sold in size ${size}`,
  /** A colour the design is not offered in on that garment style. */
  colorNotOffered: (colorName: string, garmentStyle: string) =>
    `This design is not offered in ${colorName} on the ${garmentStyle}`,
  /** An add or change that would take one line past MAX_LINE_QUANTITY (the cart is left as it was). */
  lineQuantityOverCap: (inCart: number) =>
    `A line holds at most ${MAX_LINE_QUANTITY}; your cart already has ${inCart} of this item`,
} as const;

/** Units of a line: a whole number from 1 to 10, sent as a JSON number (a string of digits is accepted too). */
export const lineQuantitySchema = z
  .union(
    [
      z.number(),
      textSchema({ maxLength: 3 })
        .regex(/^\d{1,3}$/)
        .transform(Number),
    ],
    { error: CART_MESSAGES.quantityRange },
  )
  .pipe(
    z
      .number({ error: CART_MESSAGES.quantityRange })
      .int(CART_MESSAGES.quantityRange)
      .min(MIN_LINE_QUANTITY, CART_MESSAGES.quantityRange)
      .max(MAX_LINE_QUANTITY, CART_MESSAGES.quantityRange),
  );

/** A garment size of spec section 9 (`xl` is read as `XL`). */
export const lineSizeSchema = textSchema({
  maxLength: 10,
  error: CART_MESSAGES.sizeUnknown,
  tooLong: CART_MESSAGES.sizeUnknown,
})
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.enum(SIZES, { error: CART_MESSAGES.sizeUnknown }));

/** One of the 19 product colours, snake_case as stored (`royalBlue` is read as `royal_blue`; aliases are not colours). */
export const lineColorSchema = textSchema({
  maxLength: 40,
  error: CART_MESSAGES.colorUnknown,
  tooLong: CART_MESSAGES.colorUnknown,
})
  .transform((value) => value.trim().replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`))
  .pipe(z.enum(PRODUCT_COLORS, { error: CART_MESSAGES.colorUnknown }));

/** `POST /order_line_items`: adds a variant in a size and colour (quantity 1 unless given). */
export const addCartLineBodySchema = z.strictObject({
  orderLineItem: z.strictObject({
    sellerDesignProductVariantId: numericIdSchema("seller_design_product_variant_id"),
    size: lineSizeSchema,
    color: lineColorSchema,
    quantity: lineQuantitySchema.default(MIN_LINE_QUANTITY),
  }),
});
export type AddCartLineBody = z.input<typeof addCartLineBodySchema>;
export type AddCartLineInput = z.infer<typeof addCartLineBodySchema>["orderLineItem"];

/**
 * `PUT /order_line_items/{id}`: sets the quantity and/or moves the line to another size or colour. The spec's
 * client also sends the line's `id` (it "supplies the path"); when sent it must be the path's id.
 */
export const updateCartLineBodySchema = z.strictObject({
  orderLineItem: z
    .strictObject({
      id: numericIdSchema("id").optional(),
      quantity: lineQuantitySchema.optional(),
      size: lineSizeSchema.optional(),
      color: lineColorSchema.optional(),
    })
    .refine((line) => line.quantity !== undefined || line.size !== undefined || line.color !== undefined, {
      message: CART_MESSAGES.nothingToUpdate,
    }),
});
export type UpdateCartLineBody = z.input<typeof updateCartLineBodySchema>;
export type UpdateCartLineInput = z.infer<typeof updateCartLineBodySchema>["orderLineItem"];

/**
 * A string of a reply. Replies are checked with the same builder as requests, so the contract has one way to
 * make a string schema; the bound is generous (signed media URLs are a few hundred characters).
 */
const replyText = () => textSchema({ maxLength: 4096 });

/** Money as the spec writes it: a string in the shop's currency, starting with the symbol ("$12.50"). */
const moneySchema = replyText().startsWith("$");
const centsSchema = z.number().int();

/** One line of the cart (spec section 3: order line item), with the cents of every amount. */
export const orderLineItemSchema = z.object({
  id: z.number().int().positive(),
  type: z.literal("order_line_item"),
  attributes: z.object({
    uuid: replyText(),
    /** The design's name. */
    displayName: replyText(),
    /** The garment style's name ("T-Shirt", "Pullover Hoodie"). */
    garmentStyle: replyText(),
    /** The style's fit: Men, Women or Unisex. */
    gender: z.enum(["Men", "Women", "Unisex"]),
    size: z.enum(SIZES),
    /** The colour key (snake_case); `colorDisplayName` names it. */
    color: z.enum(PRODUCT_COLORS),
    quantity: z.number().int().min(MIN_LINE_QUANTITY).max(MAX_LINE_QUANTITY),
    /** One unit at the catalogue price. */
    price: moneySchema,
    priceCents: centsSchema,
    /** The line as charged: quantity times the sale price when on sale, else the price. */
    total: moneySchema,
    totalCents: centsSchema,
    /** What the running sale takes off the whole line (quantity times the unit discount; $0.00 when none). */
    totalDiscount: moneySchema,
    totalDiscountCents: centsSchema,
    onSale: z.boolean(),
    /** One unit at the sale price; the spec's fallback '$0' (and null cents) when not on sale. */
    salesPrice: moneySchema,
    salesPriceCents: centsSchema.nullable(),
    hexColor: replyText().regex(/^#[0-9a-f]{6}$/),
    /** The design's card image: its watermarked mockup in its default colour on this garment. */
    watermarkedDesign: replyText(),
    /** The signed watermarked mockup of the design in this line's colour on this garment. */
    designOnShirt: replyText(),
    /** "Men's T-Shirt in Royal Blue, size L". */
    itemDescription: replyText(),
    sellerDesignProductVariantId: z.number().int().positive(),
    /** Where the line links to: `/design/{designUuid}/{designSlug}/{color}`. */
    designUuid: replyText(),
    designSlug: replyText(),
  }),
});
export type OrderLineItem = z.infer<typeof orderLineItemSchema>;

/**
 * A line of the cart whose design is no longer available (its artist deactivated it): kept in the cart (it
 * comes back if the design is reactivated) but not priced, counted or bought; the cart shows it with
 * `message` and a way to remove it (`DELETE /order_line_items/{id}`).
 */
export const unavailableLineItemSchema = z.object({
  id: z.number().int().positive(),
  type: z.literal("unavailable_order_line_item"),
  attributes: z.object({
    uuid: replyText(),
    displayName: replyText(),
    garmentStyle: replyText(),
    size: z.enum(SIZES),
    color: z.enum(PRODUCT_COLORS),
    quantity: z.number().int().min(MIN_LINE_QUANTITY).max(MAX_LINE_QUANTITY),
    designUuid: replyText(),
    /** CART_MESSAGES.variantUnavailable. */
    message: replyText(),
  }),
});
export type UnavailableLineItem = z.infer<typeof unavailableLineItemSchema>;

/** `POST` (201) and `PUT /order_line_items/{id}`: the line and the cart's new item count. */
export const cartLineResponseSchema = z.object({
  data: orderLineItemSchema,
  /** The sum of the cart's quantities (spec section 3: the `shoppingCartCount` cookie and session key). */
  shoppingCartCount: z.number().int().nonnegative(),
});
export type CartLineResponse = z.infer<typeof cartLineResponseSchema>;

/** `DELETE /order_line_items/{id}`: the spec's reply, the new item count. */
export const deleteCartLineResponseSchema = z.object({ shoppingCartCount: z.number().int().nonnegative() });
export type DeleteCartLineResponse = z.infer<typeof deleteCartLineResponseSchema>;

const shippingKeySchema = z.enum(SHIPPING_SERVICE_KEYS as [string, ...string[]]);

/**
 * The three shipping options of an order (spec section 3), in the contract's order. Prices come from the
 * `shipping_rates` table for the cart's item count; an option priced at zero cents is not offered, and its
 * price and cents are null (the spec hides options of zero cents; null never reads as free shipping).
 */
export const orderShippingOptionsCollectionSchema = z.object({
  firstOptionKey: shippingKeySchema,
  firstOptionPrice: moneySchema.nullable(),
  firstOptionPriceCents: centsSchema.nullable(),
  secondOptionKey: shippingKeySchema,
  secondOptionPrice: moneySchema.nullable(),
  secondOptionPriceCents: centsSchema.nullable(),
  thirdOptionKey: shippingKeySchema,
  thirdOptionPrice: moneySchema.nullable(),
  thirdOptionPriceCents: centsSchema.nullable(),
});
export type OrderShippingOptionsCollection = z.infer<typeof orderShippingOptionsCollectionSchema>;

/** What one offered shipping option costs this cart (spec section 3: the map from shipping key). */
export const shippingCostSchema = z.object({ displayCost: moneySchema, costInCents: centsSchema });
export type ShippingCost = z.infer<typeof shippingCostSchema>;

/**
 * A `shipping_address` or `billing_address` record of the cart's `included` list (issue 12). The spec's
 * read-side attributes (first and last name, long-form address, country, full name) plus the fields as saved,
 * so a reloaded checkout prefills its forms from the server alone.
 */
export const cartAddressRecordSchema = z.object({
  id: z.number().int().positive(),
  type: z.enum(["shipping_address", "billing_address"]),
  attributes: z.object({
    firstName: replyText(),
    lastName: replyText(),
    fullName: replyText(),
    address1: replyText(),
    address2: replyText(),
    city: replyText(),
    state: replyText(),
    zip: replyText(),
    /** "1600 PENNSYLVANIA AVE NW, APT 2, WASHINGTON, DC 20500": the whole address on one line ('Deliver to'). */
    longFormAddress: replyText(),
    country: z.literal("UNITED STATES"),
  }),
});
export type CartAddressRecord = z.infer<typeof cartAddressRecordSchema>;
export type CartAddressType = CartAddressRecord["type"];

/** One record of the cart's `included` list: a line, or one of its two addresses. */
export const cartIncludedRecordSchema = z.union([orderLineItemSchema, cartAddressRecordSchema]);
export type CartIncludedRecord = z.infer<typeof cartIncludedRecordSchema>;

/** `GET /shopping_cart`: the caller's cart (spec section 3: shopping cart / order). An empty cart is valid. */
export const shoppingCartResponseSchema = z.object({
  data: z.object({
    /** The order's uuid; null while the shopper has never added anything (the order is created by the first add). */
    id: replyText().nullable(),
    type: z.literal("order"),
    attributes: z.object({
      orderNumber: replyText().nullable(),
      email: replyText().nullable(),
      /** Items after sale discounts, before shipping and tax. */
      totalBeforeTax: moneySchema,
      totalBeforeTaxCents: centsSchema,
      /** The chosen option's cost for this cart's items ($0.00 for an empty cart). */
      totalShipping: moneySchema,
      totalShippingCents: centsSchema,
      /** The tax estimate for the shipping address; $0.00 until there is one (`taxLabel` says which). */
      totalTax: moneySchema,
      totalTaxCents: centsSchema,
      /** 'Estimated tax', or the label that says no address has been given yet. */
      taxLabel: replyText(),
      totalDiscount: moneySchema,
      totalDiscountCents: centsSchema,
      /** Total before tax + shipping + tax. */
      orderTotal: moneySchema,
      orderTotalCents: centsSchema,
      /** Every line at the catalogue price, before sale discounts. */
      itemTotalWithoutDiscount: moneySchema,
      itemTotalWithoutDiscountCents: centsSchema,
      /** The shipping option in force: the one chosen, else the first offered (standard); null if none is offered. */
      selectedShippingServiceKey: shippingKeySchema.nullable(),
      orderShippingOptionsCollection: orderShippingOptionsCollectionSchema,
      /** Offered options only, by key. */
      shippingCosts: z.partialRecord(shippingKeySchema, shippingCostSchema),
      billingSameAsShipping: z.boolean(),
      /** The gift card or coupon code applied (decision 033), or null. */
      promoCode: appliedPromoCodeSchema.nullable(),
      /** Why the applied code takes nothing off now (expired, subtotal under its minimum…), or null. */
      promoCodeError: replyText().nullable(),
      /** What is left to pay by card or PayPal: the order total less what a gift card pays. */
      amountDue: moneySchema,
      amountDueCents: centsSchema,
      shoppingCartCount: z.number().int().nonnegative(),
      /** The lines, in the order they were added; their records are in `included`. */
      orderLineItems: z.array(z.object({ id: z.number().int().positive(), type: z.literal("order_line_item") })),
      /** Lines of deactivated designs (issue 14), oldest first; always sent by the API (empty when none). */
      unavailableLineItems: z.array(unavailableLineItemSchema).optional(),
    }),
  }),
  /** The order_line_item records, then the shipping_address and billing_address records once set. */
  included: z.array(cartIncludedRecordSchema),
});
export type ShoppingCartResponse = z.infer<typeof shoppingCartResponseSchema>;
export type ShoppingCart = ShoppingCartResponse["data"];

/** The cart's lines, in order (the records of type order_line_item). */
export function cartLines(cart: Pick<ShoppingCartResponse, "included">): OrderLineItem[] {
  return cart.included.filter((record): record is OrderLineItem => record.type === "order_line_item");
}

/** The cart's shipping or billing address record, or null while the checkout has not set it. */
export function cartAddress(
  cart: Pick<ShoppingCartResponse, "included">,
  type: CartAddressType,
): CartAddressRecord | null {
  return cart.included.find((record): record is CartAddressRecord => record.type === type) ?? null;
}
