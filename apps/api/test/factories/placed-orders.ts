import type { PlacedOrderState } from "@threadfolk/contract/orders";
import type { Database } from "../../src/db/client.ts";
import { orderAddresses, orderLineItems, orderPayments, orders } from "../../src/db/schema/index.ts";
import { generateOrderNumber } from "../../src/modules/cart/order-number.ts";
import { buildDesign, type Variant } from "./catalogue.ts";
import { FACTORY_ACTOR, walkOrderStates } from "./order-states.ts";

/** The states an order passes through on its way to `state` (the timeline rows a real order would have). */
const PATH_TO: Record<PlacedOrderState, PlacedOrderState[]> = {
  payment_pending: ["payment_pending"],
  paid: ["payment_pending", "paid"],
  in_production: ["payment_pending", "paid", "in_production"],
  shipped: ["payment_pending", "paid", "in_production", "shipped"],
  delivered: ["payment_pending", "paid", "in_production", "shipped", "delivered"],
  partly_shipped: ["payment_pending", "paid", "in_production", "partly_shipped"],
  returned: ["payment_pending", "paid", "in_production", "shipped", "returned"],
  fulfilment_failed: ["payment_pending", "paid", "fulfilment_failed"],
  cancelled: ["payment_pending", "cancelled"],
  refunded: ["payment_pending", "paid", "refunded"],
  on_hold: ["payment_pending", "on_hold"],
  failed: ["payment_pending", "failed"],
  partly_refunded: ["payment_pending", "paid", "partly_refunded"],
};

export type BuildPlacedOrderOverrides = {
  /** The owner: exactly one of a customer and a guest. */
  userId?: string;
  guestId?: string;
  state?: PlacedOrderState;
  placedAt?: Date;
  /** The lines (default: one line of a new design, two units at $24.99). */
  lines?: Array<{ variant: Variant; size?: string; color?: string; quantity?: number; unitPriceCents?: number }>;
  shippingCents?: number;
  taxCents?: number;
  discountCents?: number;
  /** How it was paid, for states from `paid` on (default: a Visa ending 4242). */
  payment?: { kind: "card"; cardBrand?: string; cardLast4?: string } | { kind: "paypal" };
  email?: string;
};

/**
 * A placed order built directly in the database, as placing and paying it would leave it: frozen prices and
 * amounts that add up, both addresses, the captured payment once paid, and the status timeline. Not through
 * the API, so history tests choose states and dates freely.
 */
export async function buildPlacedOrder(db: Database, overrides: BuildPlacedOrderOverrides) {
  const state = overrides.state ?? "paid";
  const placedAt = overrides.placedAt ?? new Date(Date.now() - 3600_000);
  const lineSpecs = overrides.lines ?? [{ variant: (await buildDesign(db)).defaultVariant }];
  const lines = lineSpecs.map((line) => ({
    variant: line.variant,
    size: line.size ?? "M",
    color: line.color ?? "black",
    quantity: line.quantity ?? 2,
    unitPriceCents: line.unitPriceCents ?? line.variant.priceCents,
  }));
  const itemTotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountCents = overrides.discountCents ?? 0;
  const shippingCents = overrides.shippingCents ?? 499;
  const taxCents = overrides.taxCents ?? 312;
  const totalCents = itemTotalCents - discountCents + shippingCents + taxCents;
  const isPaid = !["payment_pending", "cancelled", "on_hold", "failed"].includes(state);
  const paidAt = isPaid ? new Date(placedAt.getTime() + 60_000) : null;

  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: generateOrderNumber(),
      state: "payment_pending",
      stateChangedBy: FACTORY_ACTOR,
      stateChangeReason: "test factory: placed",
      userId: overrides.userId ?? null,
      guestId: overrides.guestId ?? null,
      email: overrides.email ?? "buyer@example.com",
      selectedShippingServiceKey: "standard",
      processorPaymentId: `pp_${crypto.randomUUID()}`,
      itemTotalCents,
      discountCents,
      shippingCents,
      taxCents,
      totalCents,
      placedAt,
      paidAt,
      createdAt: new Date(placedAt.getTime() - 600_000),
    })
    .returning();
  if (!order) throw new Error("buildPlacedOrder: insert returned nothing");

  const lineRows = await db
    .insert(orderLineItems)
    .values(
      lines.map((line) => ({
        orderId: order.id,
        sellerDesignProductVariantId: line.variant.id,
        size: line.size,
        color: line.color,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        unitBaseCostCents: 900,
      })),
    )
    .returning();
  const address = { firstName: "Ada", lastName: "Lovelace", address1: "12 Main St", city: "Saint Paul", state: "MN" };
  await db.insert(orderAddresses).values([
    { orderId: order.id, kind: "shipping", ...address, zip: "55102" },
    { orderId: order.id, kind: "billing", ...address, address2: "Apt 2", zip: "55102" },
  ]);

  if (isPaid) {
    const payment = overrides.payment ?? { kind: "card" };
    const processorKey = `test_${crypto.randomUUID()}`;
    await db.insert(orderPayments).values({
      orderId: order.id,
      kind: payment.kind,
      status: state === "refunded" ? "refunded" : "succeeded",
      amountCents: totalCents,
      idempotencyKey: processorKey,
      requestDigest: "test",
      processor: payment.kind === "card" ? "local" : "paypal_sandbox",
      processorKey,
      ...(payment.kind === "card"
        ? {
            cardBrand: payment.cardBrand ?? "visa",
            cardLast4: payment.cardLast4 ?? "4242",
            cardExpMonth: 7,
            cardExpYear: 2030,
          }
        : {}),
      payerKey: overrides.userId ? `user:${overrides.userId}` : `guest:${overrides.guestId}`,
    });
  }

  const path = PATH_TO[state];
  await walkOrderStates(
    db,
    order.id,
    path.slice(1),
    path.map((_, index) => new Date(placedAt.getTime() + index * 60_000)),
  );

  return { order: { ...order, state }, lines: lineRows };
}
