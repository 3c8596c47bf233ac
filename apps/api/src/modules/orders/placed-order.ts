import { CARD_BRAND_NAMES, type CardBrand } from "@threadfolk/contract/card-rules";
import type { CartAddressRecord, OrderLineItem } from "@threadfolk/contract/cart";
import { formatCents } from "@threadfolk/contract/money";
import type { PlacedOrder, PlacedOrderResponse, PlacedOrderState } from "@threadfolk/contract/orders";
import type { AppliedPromoCode, PromoCodeKind } from "@threadfolk/contract/promo-codes";
import { SHIPPING_OPTIONS } from "@threadfolk/contract/shipping";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import {
  designs,
  garmentStyles,
  orderLineItems,
  orderPayments,
  orderStateChanges,
  orders,
  promoCodes,
  sellerDesignProductVariants,
} from "../../db/schema/index.ts";
import { computeLineAmounts } from "../cart/compute-cart-totals.ts";
import { presentAddress, presentCartLine } from "../cart/presenters.ts";
import {
  addressColumns,
  billingAddresses,
  type CartLineRow,
  type Executor,
  lineDesignColumns,
  lineStyleColumns,
  type StoredAddress,
  shippingAddresses,
  storedAddress,
} from "../cart/queries.ts";
import { createImageUrlSigner, type ImageUrlSigner } from "../discovery/image-urls.ts";
import {
  describeCancellation,
  estimateDeliveryDate,
  findOrderFulfilment,
  type OrderFulfilmentView,
  presentShipments,
} from "../fulfilment/order-fulfilment-view.ts";

/** A placed order's own columns, its amounts frozen when it was placed (cents). */
export type PlacedOrderColumns = {
  id: string;
  orderNumber: string;
  state: PlacedOrderState;
  userId: string | null;
  guestId: string | null;
  email: string | null;
  processorPaymentId: string | null;
  selectedShippingServiceKey: string | null;
  itemTotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  placedAt: Date | null;
  paidAt: Date | null;
  promoCode: string | null;
  /** The kind of the code (to describe it), when there is one. */
  promoKind: PromoCodeKind | null;
  giftCardCents: number;
};

/** A line at the prices it was placed with: `variant.priceCents` is the frozen unit price. */
export type PlacedLine = CartLineRow & { unitSalePriceCents: number | null };

/** The captured payment of an order, as far as it may be shown. */
export type PlacedPayment = {
  kind: "card" | "paypal" | "gift_card";
  cardBrand: string | null;
  cardLast4: string | null;
};

/** Everything an order is shown with (the order page, `POST /orders`' reply, the confirmation e-mail). */
export type PlacedOrderView = {
  order: PlacedOrderColumns;
  lines: PlacedLine[];
  shippingAddress: StoredAddress | undefined;
  billingAddress: StoredAddress | undefined;
  payment: PlacedPayment | undefined;
  timeline: { state: PlacedOrderState; at: Date }[];
  /** Its fulfilment record and parcels (issue 27); empty before payment. */
  fulfilment: OrderFulfilmentView;
};

const NO_FULFILMENT: OrderFulfilmentView = { fulfilment: undefined, shipments: [] };

const placedColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  state: orders.state,
  userId: orders.userId,
  guestId: orders.guestId,
  email: orders.email,
  processorPaymentId: orders.processorPaymentId,
  selectedShippingServiceKey: orders.selectedShippingServiceKey,
  itemTotalCents: orders.itemTotalCents,
  discountCents: orders.discountCents,
  shippingCents: orders.shippingCents,
  taxCents: orders.taxCents,
  totalCents: orders.totalCents,
  placedAt: orders.placedAt,
  paidAt: orders.paidAt,
  promoCode: orders.promoCode,
  promoKind: promoCodes.kind,
  giftCardCents: orders.giftCardCents,
};

/**
 * A placed order (any state but `cart`) with its lines, addresses, captured payment and timeline, in three
 * statements whatever its size; undefined when there is none (or it is still a cart). Callers authorise.
 */
export async function findPlacedOrder(options: {
  db: Executor;
  where: { orderId: string } | { orderNumber: string };
}): Promise<PlacedOrderView | undefined> {
  const { db, where } = options;
  const [row] = await db
    .select({
      order: placedColumns,
      shippingAddress: addressColumns(shippingAddresses),
      billingAddress: addressColumns(billingAddresses),
      payment: { kind: orderPayments.kind, cardBrand: orderPayments.cardBrand, cardLast4: orderPayments.cardLast4 },
    })
    .from(orders)
    .leftJoin(shippingAddresses, and(eq(shippingAddresses.orderId, orders.id), eq(shippingAddresses.kind, "shipping")))
    .leftJoin(billingAddresses, and(eq(billingAddresses.orderId, orders.id), eq(billingAddresses.kind, "billing")))
    // The order's payment: the succeeded one, or once refunded in full (a cancellation too), the refunded one.
    .leftJoin(
      orderPayments,
      eq(
        orderPayments.id,
        sql`(select p.id from order_payments p where p.order_id = "orders"."id" and p.status in ('succeeded', 'refunded')
          order by (p.status = 'succeeded') desc, p.created_at limit 1)`,
      ),
    )
    .leftJoin(promoCodes, eq(promoCodes.code, orders.promoCode))
    .where(
      and(
        "orderId" in where ? eq(orders.id, where.orderId) : eq(orders.orderNumber, where.orderNumber),
        sql`${orders.state} <> 'cart'`,
      ),
    );
  if (!row) return undefined;
  const [lines, timeline, fulfilment] = await Promise.all([
    findPlacedLines(db, row.order.id),
    db
      .select({ state: orderStateChanges.state, at: orderStateChanges.createdAt })
      .from(orderStateChanges)
      .where(eq(orderStateChanges.orderId, row.order.id))
      .orderBy(asc(orderStateChanges.createdAt), asc(orderStateChanges.id)),
    // An order not paid yet has nothing to fulfil: no statement spent on it (placement reads the order back).
    row.order.paidAt ? findOrderFulfilment(db, row.order.id) : NO_FULFILMENT,
  ]);
  const order = row.order;
  return {
    order: {
      ...order,
      state: order.state as PlacedOrderState,
      itemTotalCents: order.itemTotalCents ?? 0,
      discountCents: order.discountCents ?? 0,
      shippingCents: order.shippingCents ?? 0,
      taxCents: order.taxCents ?? 0,
      totalCents: order.totalCents ?? 0,
    },
    lines,
    shippingAddress: storedAddress(row.shippingAddress),
    billingAddress: storedAddress(row.billingAddress),
    payment: row.payment?.kind ? (row.payment as PlacedPayment) : undefined,
    timeline: timeline.map((entry) => ({ state: entry.state as PlacedOrderState, at: entry.at })),
    fulfilment,
  };
}

/** An order's lines with their frozen prices, and the design and garment they show (listed or not). */
async function findPlacedLines(db: Executor, orderId: string): Promise<PlacedLine[]> {
  const rows = await db
    .select({
      line: {
        id: orderLineItems.id,
        uuid: orderLineItems.uuid,
        size: orderLineItems.size,
        color: orderLineItems.color,
        quantity: orderLineItems.quantity,
      },
      unitPriceCents: orderLineItems.unitPriceCents,
      unitSalePriceCents: orderLineItems.unitSalePriceCents,
      unitBaseCostCents: orderLineItems.unitBaseCostCents,
      variant: { id: sellerDesignProductVariants.id, isDefault: sellerDesignProductVariants.isDefault },
      design: lineDesignColumns,
      style: lineStyleColumns,
    })
    .from(orderLineItems)
    .innerJoin(
      sellerDesignProductVariants,
      eq(sellerDesignProductVariants.id, orderLineItems.sellerDesignProductVariantId),
    )
    .innerJoin(designs, eq(designs.id, sellerDesignProductVariants.designId))
    .innerJoin(garmentStyles, eq(garmentStyles.id, sellerDesignProductVariants.garmentStyleId))
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.id));
  return rows.map((row) => ({
    line: row.line,
    variant: { id: row.variant.id, isDefault: row.variant.isDefault, priceCents: row.unitPriceCents ?? 0 },
    design: row.design,
    style: { ...row.style, baseCostCents: row.unitBaseCostCents ?? row.style.baseCostCents },
    saleOffers: [],
    unitSalePriceCents: row.unitSalePriceCents,
  }));
}

/** The code an order was placed with, at the amounts frozen then. */
function presentOrderPromo(order: PlacedOrderColumns): AppliedPromoCode | null {
  if (!order.promoCode || !order.promoKind) return null;
  const description =
    order.promoKind === "gift_card"
      ? `Gift card: ${formatCents(order.giftCardCents)} paid`
      : order.promoKind === "free_shipping"
        ? "Free shipping"
        : `${formatCents(order.discountCents)} off your items`;
  return {
    code: order.promoCode,
    kind: order.promoKind,
    description,
    discountCents: order.discountCents,
    giftCardCents: order.giftCardCents,
  };
}

/** How a payment is written for shoppers: 'Visa ending 4242', 'PayPal'. */
export function describePayment(payment: PlacedPayment | undefined): PlacedOrder["attributes"]["paymentMethod"] {
  if (!payment) return null;
  if (payment.kind === "paypal") return { kind: "paypal", description: "PayPal" };
  if (payment.kind === "gift_card") return { kind: "gift_card", description: "Gift card" };
  const brand = CARD_BRAND_NAMES[(payment.cardBrand ?? "unknown") as CardBrand] ?? CARD_BRAND_NAMES.unknown;
  return { kind: "card", description: payment.cardLast4 ? `${brand} ending ${payment.cardLast4}` : brand };
}

/** A placed line as the cart's line record, at its frozen prices. */
export function presentPlacedLine(line: PlacedLine, images: ImageUrlSigner): OrderLineItem {
  const amounts = computeLineAmounts({
    unitPriceCents: line.variant.priceCents,
    unitSalePriceCents: line.unitSalePriceCents ?? undefined,
    quantity: line.line.quantity,
  });
  return presentCartLine({ row: line, amounts, images });
}

/** `POST /orders` and `GET /orders/{order_number}`: the order at its frozen amounts. */
export function presentPlacedOrder(
  view: PlacedOrderView,
  images: ImageUrlSigner,
  options: { cancelWindowSeconds: number },
): PlacedOrderResponse {
  const { order } = view;
  const { cancelWindowSeconds } = options;
  const lines = view.lines.map((line) => presentPlacedLine(line, images));
  const addresses: CartAddressRecord[] = [];
  if (view.shippingAddress) addresses.push(presentAddress(view.shippingAddress, "shipping_address"));
  if (view.billingAddress) addresses.push(presentAddress(view.billingAddress, "billing_address"));
  const option = SHIPPING_OPTIONS.find((candidate) => candidate.key === order.selectedShippingServiceKey);
  return {
    data: {
      id: order.id,
      type: "order",
      attributes: {
        orderNumber: order.orderNumber,
        state: order.state,
        // Only an order awaiting payment has a quote to pay.
        processorPaymentId: order.state === "payment_pending" ? order.processorPaymentId : null,
        email: order.email,
        placedAt: order.placedAt?.toISOString() ?? null,
        paidAt: order.paidAt?.toISOString() ?? null,
        itemTotal: formatCents(order.itemTotalCents),
        itemTotalCents: order.itemTotalCents,
        totalDiscount: formatCents(order.discountCents),
        totalDiscountCents: order.discountCents,
        totalShipping: formatCents(order.shippingCents),
        totalShippingCents: order.shippingCents,
        totalTax: formatCents(order.taxCents),
        totalTaxCents: order.taxCents,
        orderTotal: formatCents(order.totalCents),
        orderTotalCents: order.totalCents,
        promoCode: presentOrderPromo(order),
        amountDue: formatCents(order.totalCents - order.giftCardCents),
        amountDueCents: order.totalCents - order.giftCardCents,
        shoppingCartCount: view.lines.reduce((count, line) => count + line.line.quantity, 0),
        selectedShippingServiceKey: option?.key ?? null,
        shippingServiceName: option?.displayName ?? null,
        deliveryEstimate: option?.deliveryEstimate ?? null,
        paymentMethod: describePayment(view.payment),
        timeline: view.timeline.map((entry) => ({ state: entry.state, at: entry.at.toISOString() })),
        orderLineItems: lines.map((line) => ({ id: line.id, type: line.type })),
        shipments: presentShipments(view.fulfilment),
        estimatedDeliveryDate: estimateDeliveryDate({
          state: order.state,
          paidAt: order.paidAt,
          shippingServiceKey: order.selectedShippingServiceKey,
          view: view.fulfilment,
          cancelWindowSeconds,
        }),
        cancellation: describeCancellation({
          state: order.state,
          paidAt: order.paidAt,
          fulfilment: view.fulfilment.fulfilment,
          cancelWindowSeconds,
        }),
      },
    },
    included: [...lines, ...addresses],
  };
}

/** Reads and presents one placed order (the read route and the tests); undefined when there is none. */
export async function getPlacedOrder(options: {
  db: Executor & Parameters<typeof createImageUrlSigner>[0]["db"];
  config: Config;
  where: { orderId: string } | { orderNumber: string };
}): Promise<{ view: PlacedOrderView; response: PlacedOrderResponse } | undefined> {
  const [view, images] = await Promise.all([
    findPlacedOrder({ db: options.db, where: options.where }),
    createImageUrlSigner({ db: options.db, config: options.config }),
  ]);
  return view
    ? { view, response: presentPlacedOrder(view, images, { cancelWindowSeconds: options.config.ORDER_CANCEL_SECONDS }) }
    : undefined;
}
