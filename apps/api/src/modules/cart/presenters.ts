import {
  CART_MESSAGES,
  type CartAddressRecord,
  type CartAddressType,
  type OrderLineItem,
  type OrderShippingOptionsCollection,
  type ShippingCost,
  type ShoppingCartResponse,
  type UnavailableLineItem,
} from "@threadfolk/contract/cart";
import { COLOR_HEX, colorDisplayName, type ProductColor, resolveColor } from "@threadfolk/contract/colors";
import { type Cents, FALLBACK_PRICE, formatCents, toCents } from "@threadfolk/contract/money";
import { SHIPPING_OPTIONS, type ShippingServiceKey } from "@threadfolk/contract/shipping";
import type { Size } from "@threadfolk/contract/sizes";
import { COUNTRY_DISPLAY_NAME } from "@threadfolk/contract/states";
import type { GarmentFit } from "../../db/schema/index.ts";
import { variantSalePriceCents } from "../catalogue/pricing.ts";
import { garmentForStyle, type ImageUrlSigner } from "../discovery/image-urls.ts";
import type { CartQuote } from "./cart-quote.ts";
import {
  type CartTotals,
  computeCartTotals,
  computeLineAmounts,
  type LineAmounts,
  type PricedLine,
} from "./compute-cart-totals.ts";
import type { CartLineRow, CartLineVariant, FoundCart, StoredAddress, UnavailableCartLine } from "./queries.ts";
import { quoteShippingOptions, type ShippingQuotes, shippingOptionInForce } from "./shipping-costs.ts";

/** A line's unit prices as the catalogue sets them now (a running sale lowers them, its end restores them). */
export function priceCartLine(row: CartLineVariant, quantity: number): PricedLine {
  return {
    unitPriceCents: row.variant.priceCents,
    unitSalePriceCents: variantSalePriceCents(row.variant.priceCents, row.saleOffers, row.variant.isDefault),
    quantity,
  };
}

const FIT_LABELS: Record<GarmentFit, string> = { Men: "Men's", Women: "Women's", Unisex: "Unisex" };

/** A garment style as shoppers read it: "Men's T-Shirt", "Unisex Pullover Hoodie". */
export function nameGarmentStyle(style: Pick<CartLineVariant["style"], "fit" | "displayName">): string {
  return `${FIT_LABELS[style.fit]} ${style.displayName}`;
}

/** "Men's T-Shirt in Royal Blue, size L". */
function describeItem(style: CartLineVariant["style"], color: string, size: string): string {
  return `${nameGarmentStyle(style)} in ${colorDisplayName(color)}, size ${size}`;
}

/** One order_line_item record (spec section 3), priced now. */
export function presentCartLine(options: {
  row: CartLineRow;
  amounts: LineAmounts;
  images: ImageUrlSigner;
}): OrderLineItem {
  const { row, amounts, images } = options;
  const { line, variant, design, style } = row;
  const color = line.color as ProductColor;
  const garment = garmentForStyle(style.key);
  const onSale = amounts.unitChargedCents < variant.priceCents;
  return {
    id: line.id,
    type: "order_line_item",
    attributes: {
      uuid: line.uuid,
      displayName: design.displayName,
      garmentStyle: style.displayName,
      gender: style.fit,
      size: line.size as Size,
      color,
      quantity: line.quantity,
      price: formatCents(variant.priceCents),
      priceCents: variant.priceCents,
      total: formatCents(amounts.totalCents),
      totalCents: amounts.totalCents,
      totalDiscount: formatCents(amounts.totalDiscountCents),
      totalDiscountCents: amounts.totalDiscountCents,
      onSale,
      salesPrice: onSale ? formatCents(amounts.unitChargedCents) : FALLBACK_PRICE,
      salesPriceCents: onSale ? amounts.unitChargedCents : null,
      hexColor: COLOR_HEX[color],
      watermarkedDesign: images.watermarkedUrl({
        designUuid: design.id,
        garment,
        color: resolveColor(design.defaultColor) ?? "black",
      }),
      designOnShirt: images.watermarkedUrl({ designUuid: design.id, garment, color }),
      itemDescription: describeItem(style, color, line.size),
      sellerDesignProductVariantId: variant.id,
      designUuid: design.id,
      designSlug: design.slug,
    },
  };
}

/** A line alone (the add and change replies), priced through the same function as the cart. */
export function presentPricedCartLine(row: CartLineRow, images: ImageUrlSigner): OrderLineItem {
  return presentCartLine({ row, amounts: computeLineAmounts(priceCartLine(row, row.line.quantity)), images });
}

/** The three options in the contract's order, each with its price for this cart or null when not offered. */
function presentShippingOptions(quotes: ShippingQuotes): OrderShippingOptionsCollection {
  const [first, second, third] = SHIPPING_OPTIONS;
  const price = (cents: Cents | null) => (cents === null ? null : formatCents(cents));
  return {
    firstOptionKey: first.key,
    firstOptionPrice: price(quotes[first.key]),
    firstOptionPriceCents: quotes[first.key],
    secondOptionKey: second.key,
    secondOptionPrice: price(quotes[second.key]),
    secondOptionPriceCents: quotes[second.key],
    thirdOptionKey: third.key,
    thirdOptionPrice: price(quotes[third.key]),
    thirdOptionPriceCents: quotes[third.key],
  };
}

/** The spec's map from shipping key to `{displayCost, costInCents}`, offered options only. */
function presentShippingCosts(quotes: ShippingQuotes): Partial<Record<ShippingServiceKey, ShippingCost>> {
  const costs: Partial<Record<ShippingServiceKey, ShippingCost>> = {};
  for (const option of SHIPPING_OPTIONS) {
    const cents = quotes[option.key];
    if (cents !== null) costs[option.key] = { displayCost: formatCents(cents), costInCents: cents };
  }
  return costs;
}

/** An address on one line, as typed: "12 Main St, Apt 2, Saint Paul, MN 55102". */
export function longFormAddress(address: StoredAddress): string {
  const street = [address.address1, address.address2].filter((part) => part.trim() !== "").join(", ");
  return `${street}, ${address.city}, ${address.state} ${address.zip}`;
}

/** A `shipping_address` or `billing_address` record (spec section 3: the address's read-side attributes). */
export function presentAddress(address: StoredAddress, type: CartAddressType): CartAddressRecord {
  return {
    id: address.id,
    type,
    attributes: {
      firstName: address.firstName,
      lastName: address.lastName,
      fullName: `${address.firstName} ${address.lastName}`,
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      state: address.state,
      zip: address.zip,
      longFormAddress: longFormAddress(address),
      country: COUNTRY_DISPLAY_NAME,
    },
  };
}

/** The cart's money before tax: line prices now, and the shipping option in force with its price. */
export type PricedCart = {
  lines: PricedLine[];
  quotes: ShippingQuotes;
  shippingKey: ShippingServiceKey | null;
  shippingCents: Cents;
};

/** Prices a found cart's lines and shipping (the tax estimate is asked with these amounts). */
export function priceCart(cart: FoundCart | undefined): PricedCart {
  const lines = (cart?.lines ?? []).map((row) => priceCartLine(row, row.line.quantity));
  const itemCount = lines.reduce((count, line) => count + line.quantity, 0);
  const quotes = quoteShippingOptions(cart?.shippingRates ?? [], itemCount);
  const shippingKey = shippingOptionInForce(cart?.order.selectedShippingServiceKey ?? null, quotes);
  return {
    lines,
    quotes,
    shippingKey,
    shippingCents: shippingKey === null ? toCents(0) : (quotes[shippingKey] ?? toCents(0)),
  };
}

/** A line of a deactivated design: what it was, and that it can no longer be bought. */
function presentUnavailableLine(line: UnavailableCartLine): UnavailableLineItem {
  return {
    id: line.id,
    type: "unavailable_order_line_item",
    attributes: {
      uuid: line.uuid,
      displayName: line.displayName,
      garmentStyle: nameGarmentStyle(line.style),
      size: line.size as Size,
      color: line.color as ProductColor,
      quantity: line.quantity,
      designUuid: line.designUuid,
      message: CART_MESSAGES.variantUnavailable,
    },
  };
}

/**
 * `GET /shopping_cart` (spec section 3: shopping cart / order); no order yet is an empty cart. With a code
 * (decision 033): `totalBeforeTax` is the items after the coupon's item discount, `totalShipping` the shipping
 * after a free-shipping code, `totalDiscount` every saving (sale prices and the code), so that the spec's
 * total = total before tax + shipping + tax still holds; what a gift card pays is `amountDue`'s difference.
 */
export function presentShoppingCart(options: {
  cart: FoundCart | undefined;
  priced: PricedCart;
  quote: CartQuote;
  images: ImageUrlSigner;
  /** Lines of designs no longer listed (findUnavailableCartLines). */
  unavailable?: readonly UnavailableCartLine[];
}): ShoppingCartResponse {
  const { cart, priced, quote, images, unavailable = [] } = options;
  const order = cart?.order;
  const rows = cart?.lines ?? [];
  const totals: CartTotals = computeCartTotals({
    lines: priced.lines,
    shippingCents: priced.shippingCents,
    taxCents: quote.taxCents,
  });
  const lines = rows.map((row, index) => presentCartLine({ row, amounts: totals.lines[index] as LineAmounts, images }));
  const addresses: CartAddressRecord[] = [];
  if (cart?.shippingAddress) addresses.push(presentAddress(cart.shippingAddress, "shipping_address"));
  if (cart?.billingAddress) addresses.push(presentAddress(cart.billingAddress, "billing_address"));
  const beforeTax = toCents(totals.totalBeforeTaxCents - quote.couponItemsCents);
  const shipping = toCents(totals.totalShippingCents - quote.couponShippingCents);
  const discount = toCents(totals.totalDiscountCents + quote.couponItemsCents + quote.couponShippingCents);
  return {
    data: {
      id: order?.id ?? null,
      type: "order",
      attributes: {
        orderNumber: order?.orderNumber ?? null,
        email: order?.email ?? null,
        totalBeforeTax: formatCents(beforeTax),
        totalBeforeTaxCents: beforeTax,
        totalShipping: formatCents(shipping),
        totalShippingCents: shipping,
        totalTax: formatCents(quote.taxCents),
        totalTaxCents: quote.taxCents,
        taxLabel: quote.taxLabel,
        totalDiscount: formatCents(discount),
        totalDiscountCents: discount,
        orderTotal: formatCents(quote.totalCents),
        orderTotalCents: quote.totalCents,
        itemTotalWithoutDiscount: formatCents(totals.itemTotalWithoutDiscountCents),
        itemTotalWithoutDiscountCents: totals.itemTotalWithoutDiscountCents,
        selectedShippingServiceKey: priced.shippingKey,
        orderShippingOptionsCollection: presentShippingOptions(priced.quotes),
        shippingCosts: presentShippingCosts(priced.quotes),
        promoCode: quote.promo,
        promoCodeError: quote.promoError,
        amountDue: formatCents(quote.amountDueCents),
        amountDueCents: quote.amountDueCents,
        billingSameAsShipping: order?.billingSameAsShipping ?? true,
        shoppingCartCount: totals.itemCount,
        orderLineItems: lines.map((line) => ({ id: line.id, type: line.type })),
        unavailableLineItems: unavailable.map(presentUnavailableLine),
      },
    },
    included: [...lines, ...addresses],
  };
}
