import {
  CART_MESSAGES,
  type OrderLineItem,
  type ShoppingCartResponse,
  type UnavailableLineItem,
} from "@threadfolk/contract/cart";
import { TAX_LABELS } from "@threadfolk/contract/checkout";
import { formatCents } from "@threadfolk/contract/money";

/** Test data for the cart's unit tests (never imported by the app): a line and a cart in the API's shape. */

export function buildCartLine(overrides: Partial<OrderLineItem["attributes"]> & { id?: number } = {}): OrderLineItem {
  const { id = 7, ...attributes } = overrides;
  const quantity = attributes.quantity ?? 2;
  const priceCents = attributes.priceCents ?? 2500;
  const salesPriceCents = attributes.onSale ? (attributes.salesPriceCents ?? 2000) : null;
  const unitCents = salesPriceCents ?? priceCents;
  return {
    id,
    type: "order_line_item",
    attributes: {
      uuid: `line-${id}`,
      displayName: "Moth Lamp Club",
      garmentStyle: "T-Shirt",
      gender: "Men",
      size: "L",
      color: "royal_blue",
      quantity,
      price: formatCents(priceCents),
      priceCents,
      total: formatCents(unitCents * quantity),
      totalCents: unitCents * quantity,
      totalDiscount: formatCents((priceCents - unitCents) * quantity),
      totalDiscountCents: (priceCents - unitCents) * quantity,
      onSale: salesPriceCents !== null,
      salesPrice: salesPriceCents === null ? "$0" : formatCents(salesPriceCents),
      salesPriceCents,
      hexColor: "#2a52be",
      watermarkedDesign: "/media/card.webp",
      designOnShirt: `/media/line-${id}.webp`,
      itemDescription: "Men's T-Shirt in Royal Blue, size L",
      sellerDesignProductVariantId: 42,
      designUuid: "0b7c6f3e-1d2a-4c1b-9a55-3b0f9c2f1e11",
      designSlug: "moth-lamp-club",
      ...attributes,
    },
  };
}

/** A line whose design its artist deactivated, as the cart reply's `unavailableLineItems` carries it. */
export function buildUnavailableLine(
  overrides: Partial<UnavailableLineItem["attributes"]> & { id?: number } = {},
): UnavailableLineItem {
  const { id = 9, ...attributes } = overrides;
  return {
    id,
    type: "unavailable_order_line_item",
    attributes: {
      uuid: `line-${id}`,
      displayName: "Night Heron",
      garmentStyle: "Women's Pullover Hoodie",
      size: "M",
      color: "kelly",
      quantity: 1,
      designUuid: "4f1d2c3b-5a6e-4b7c-8d9e-0a1b2c3d4e5f",
      message: CART_MESSAGES.variantUnavailable,
      ...attributes,
    },
  };
}

export function buildCart(lines: OrderLineItem[], unavailable: UnavailableLineItem[] = []): ShoppingCartResponse {
  const sum = (pick: (line: OrderLineItem) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const totalCents = sum((line) => line.attributes.totalCents);
  const discountCents = sum((line) => line.attributes.totalDiscountCents);
  return {
    data: {
      id: lines.length + unavailable.length > 0 ? "5d6f7a8b-0000-4000-8000-000000000001" : null,
      type: "order",
      attributes: {
        orderNumber: lines.length + unavailable.length > 0 ? "TF-ABCD2345" : null,
        email: null,
        taxLabel: TAX_LABELS.noAddress,
        shippingCosts: {},
        billingSameAsShipping: true,
        promoCode: null,
        promoCodeError: null,
        amountDue: formatCents(totalCents),
        amountDueCents: totalCents,
        totalBeforeTax: formatCents(totalCents),
        totalBeforeTaxCents: totalCents,
        totalShipping: "$0.00",
        totalShippingCents: 0,
        totalTax: "$0.00",
        totalTaxCents: 0,
        totalDiscount: formatCents(discountCents),
        totalDiscountCents: discountCents,
        orderTotal: formatCents(totalCents),
        orderTotalCents: totalCents,
        itemTotalWithoutDiscount: formatCents(totalCents + discountCents),
        itemTotalWithoutDiscountCents: totalCents + discountCents,
        selectedShippingServiceKey: null,
        orderShippingOptionsCollection: {
          firstOptionKey: "standard",
          firstOptionPrice: null,
          firstOptionPriceCents: null,
          secondOptionKey: "expedited",
          secondOptionPrice: null,
          secondOptionPriceCents: null,
          thirdOptionKey: "express",
          thirdOptionPrice: null,
          thirdOptionPriceCents: null,
        },
        shoppingCartCount: sum((line) => line.attributes.quantity),
        orderLineItems: lines.map((line) => ({ id: line.id, type: line.type })),
        unavailableLineItems: unavailable,
      },
    },
    included: lines,
  };
}
