import type { OrderLineItem, ShoppingCartResponse } from "@threadfolk/contract/cart";
import { TAX_LABELS } from "@threadfolk/contract/checkout";
import { COLOR_HEX, colorDisplayName, type ProductColor, resolveColor } from "@threadfolk/contract/colors";
import { FALLBACK_PRICE, formatCents } from "@threadfolk/contract/money";
import { SHIPPING_OPTIONS } from "@threadfolk/contract/shipping";
import type { Size } from "@threadfolk/contract/sizes";
import type { GarmentFit } from "../../db/schema/index.ts";
import { variantSalePriceCents } from "../catalogue/pricing.ts";
import { garmentForStyle, type ImageUrlSigner } from "../discovery/image-urls.ts";
import {
  type CartTotals,
  computeCartTotals,
  computeLineAmounts,
  type LineAmounts,
  type PricedLine,
} from "./compute-cart-totals.ts";
import type { CartLineRow, CartOrder, CartVariant } from "./queries.ts";

/** A line's unit prices as the catalogue sets them now (a running sale lowers them, its end restores them). */
export function priceCartLine(row: CartVariant, quantity: number): PricedLine {
  return {
    unitPriceCents: row.variant.priceCents,
    unitSalePriceCents: variantSalePriceCents(row.variant.priceCents, row.saleOffers, row.variant.isDefault),
    quantity,
  };
}

const FIT_LABELS: Record<GarmentFit, string> = { Men: "Men's", Women: "Women's", Unisex: "Unisex" };

/** A garment style as shoppers read it: "Men's T-Shirt", "Unisex Pullover Hoodie". */
export function nameGarmentStyle(style: Pick<CartVariant["style"], "fit" | "displayName">): string {
  return `${FIT_LABELS[style.fit]} ${style.displayName}`;
}

/** "Men's T-Shirt in Royal Blue, size L". */
function describeItem(style: CartVariant["style"], color: string, size: string): string {
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

/**
 * The three shipping options with the contract's keys. Their prices come from data at checkout (issue 12);
 * until then they are null, which the client reads as "not offered yet" (never as free shipping).
 */
function presentShippingOptions(): ShoppingCartResponse["data"]["attributes"]["orderShippingOptionsCollection"] {
  const [first, second, third] = SHIPPING_OPTIONS;
  return {
    firstOptionKey: first.key,
    firstOptionPrice: null,
    firstOptionPriceCents: null,
    secondOptionKey: second.key,
    secondOptionPrice: null,
    secondOptionPriceCents: null,
    thirdOptionKey: third.key,
    thirdOptionPrice: null,
    thirdOptionPriceCents: null,
  };
}

/** `GET /shopping_cart` (spec section 3: shopping cart / order); no order yet is an empty cart. */
export function presentShoppingCart(options: {
  order: CartOrder | undefined;
  lines: CartLineRow[];
  images: ImageUrlSigner;
}): ShoppingCartResponse {
  const { order, lines, images } = options;
  const totals: CartTotals = computeCartTotals({
    lines: lines.map((row) => priceCartLine(row, row.line.quantity)),
  });
  const included = lines.map((row, index) =>
    presentCartLine({ row, amounts: totals.lines[index] as LineAmounts, images }),
  );
  return {
    data: {
      id: order?.id ?? null,
      type: "order",
      attributes: {
        orderNumber: order?.orderNumber ?? null,
        email: order?.email ?? null,
        taxLabel: TAX_LABELS.noAddress,
        shippingCosts: {},
        billingSameAsShipping: true,
        totalBeforeTax: formatCents(totals.totalBeforeTaxCents),
        totalBeforeTaxCents: totals.totalBeforeTaxCents,
        totalShipping: formatCents(totals.totalShippingCents),
        totalShippingCents: totals.totalShippingCents,
        totalTax: formatCents(totals.totalTaxCents),
        totalTaxCents: totals.totalTaxCents,
        totalDiscount: formatCents(totals.totalDiscountCents),
        totalDiscountCents: totals.totalDiscountCents,
        orderTotal: formatCents(totals.orderTotalCents),
        orderTotalCents: totals.orderTotalCents,
        itemTotalWithoutDiscount: formatCents(totals.itemTotalWithoutDiscountCents),
        itemTotalWithoutDiscountCents: totals.itemTotalWithoutDiscountCents,
        selectedShippingServiceKey: order?.selectedShippingServiceKey ?? null,
        orderShippingOptionsCollection: presentShippingOptions(),
        shoppingCartCount: totals.itemCount,
        orderLineItems: included.map((line) => ({ id: line.id, type: line.type })),
      },
    },
    included,
  };
}
