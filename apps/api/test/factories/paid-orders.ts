import { randomBytes, randomUUID } from "node:crypto";
import type { ProductColor } from "@threadfolk/contract/colors";
import type { OrderState } from "@threadfolk/contract/orders";
import type { ShippingServiceKey } from "@threadfolk/contract/shipping";
import type { Size } from "@threadfolk/contract/sizes";
import { eq } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";
import {
  garmentStyles,
  guests,
  orderAddresses,
  orderLineItems,
  orderPayments,
  orders,
} from "../../src/db/schema/index.ts";
import { generateOrderNumber } from "../../src/modules/cart/order-number.ts";
import { buildDesign, type Variant } from "./catalogue.ts";
import { FACTORY_ACTOR, walkOrderStates } from "./order-states.ts";
import { createTestUser, type TestUser } from "./users.ts";

export type PaidOrderLine = {
  /** The variant sold (default: a new design's default variant, by a new artist). */
  variant?: Variant;
  quantity?: number;
  size?: Size;
  color?: ProductColor;
  /** The frozen unit sale price (default: none). */
  unitSalePriceCents?: number | null;
};

type Address = Omit<typeof orderAddresses.$inferInsert, "orderId" | "kind" | "id">;

const DEFAULT_SHIPPING_ADDRESS: Address = {
  firstName: "Grace",
  lastName: "Hopper",
  address1: "12 Main St",
  address2: "Apt 2",
  city: "Saint Paul",
  state: "MN",
  zip: "55102",
};

export type BuildPaidOrderOptions = {
  /** The customer who bought it (default: a new one), or `guest: true` for a guest's order. */
  user?: TestUser;
  guest?: boolean;
  lines?: PaidOrderLine[];
  discountCents?: number;
  shippingCents?: number;
  taxCents?: number;
  shippingServiceKey?: ShippingServiceKey;
  email?: string;
  state?: Extract<OrderState, "paid" | "in_production" | "shipped" | "delivered" | "refunded">;
  payment?: { kind: "card"; brand?: string; last4?: string } | { kind: "paypal" };
  shippingAddress?: Partial<Address>;
  /** A billing address other than the shipping address (default: the same). */
  billingAddress?: Partial<Address>;
};

/**
 * A paid order as the completion path leaves it, inserted directly: frozen line prices (the variant's price,
 * the garment's base cost), frozen amounts that add up, both addresses, the captured payment and the timeline.
 * Lines default to one unit of a new design; every part can be overridden.
 */
export async function buildPaidOrder(db: Database, options: BuildPaidOrderOptions = {}) {
  const user = options.guest ? undefined : (options.user ?? (await createTestUser(db)));
  const guestId = options.guest ? (await db.insert(guests).values({}).returning())[0]?.id : undefined;
  const specs = options.lines ?? [{}];
  const lines = [];
  for (const spec of specs) {
    const variant = spec.variant ?? (await buildDesign(db)).defaultVariant;
    const [style] = await db.select().from(garmentStyles).where(eq(garmentStyles.id, variant.garmentStyleId));
    if (!style) throw new Error("buildPaidOrder: the variant has no garment style");
    const quantity = spec.quantity ?? 1;
    const unitSalePriceCents = spec.unitSalePriceCents ?? null;
    lines.push({
      variant,
      quantity,
      size: spec.size ?? ("L" satisfies Size),
      color: spec.color ?? ("black" satisfies ProductColor),
      unitPriceCents: variant.priceCents,
      unitSalePriceCents,
      unitBaseCostCents: style.baseCostCents,
      paidCents: (unitSalePriceCents ?? variant.priceCents) * quantity,
    });
  }
  const itemTotalCents = lines.reduce((sum, line) => sum + line.paidCents, 0);
  const discountCents = options.discountCents ?? 0;
  const shippingCents = options.shippingCents ?? 599;
  const taxCents = options.taxCents ?? 0;
  const totalCents = itemTotalCents - discountCents + shippingCents + taxCents;
  const state = options.state ?? "paid";
  const placedAt = new Date(Date.now() - 120_000);
  const paidAt = new Date(Date.now() - 60_000);

  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: generateOrderNumber(),
      state: "payment_pending",
      stateChangedBy: FACTORY_ACTOR,
      stateChangeReason: "test factory: placed",
      userId: user?.id ?? null,
      guestId: guestId ?? null,
      email: options.email ?? user?.email ?? `guest-${randomBytes(4).toString("hex")}@example.com`,
      selectedShippingServiceKey: options.shippingServiceKey ?? "standard",
      billingSameAsShipping: options.billingAddress === undefined,
      processorPaymentId: `pp_${randomBytes(8).toString("hex")}`,
      itemTotalCents,
      discountCents,
      shippingCents,
      taxCents,
      totalCents,
      placedAt,
      paidAt,
    })
    .returning();
  if (!order) throw new Error("buildPaidOrder: insert returned nothing");

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
        unitSalePriceCents: line.unitSalePriceCents,
        unitBaseCostCents: line.unitBaseCostCents,
      })),
    )
    .returning();

  const shippingAddress = { ...DEFAULT_SHIPPING_ADDRESS, ...options.shippingAddress };
  const billingAddress = options.billingAddress
    ? { ...DEFAULT_SHIPPING_ADDRESS, ...options.billingAddress }
    : shippingAddress;
  await db.insert(orderAddresses).values([
    { orderId: order.id, kind: "shipping", ...shippingAddress },
    { orderId: order.id, kind: "billing", ...billingAddress },
  ]);

  const payment = options.payment ?? { kind: "card" };
  const key = randomUUID();
  const [paymentRow] = await db
    .insert(orderPayments)
    .values({
      orderId: order.id,
      kind: payment.kind,
      status: state === "refunded" ? "refunded" : "succeeded",
      amountCents: totalCents,
      idempotencyKey: key,
      requestDigest: randomBytes(32).toString("hex"),
      processor: payment.kind === "card" ? "local" : "paypal_sandbox",
      processorKey: `order-payment-${key}`,
      processorReference: `ch_${randomBytes(8).toString("hex")}`,
      ...(payment.kind === "card"
        ? { cardBrand: payment.brand ?? "visa", cardLast4: payment.last4 ?? "4242", cardExpMonth: 7, cardExpYear: 2028 }
        : {}),
      payerKey: user ? `user:${user.id}` : `guest:${guestId}`,
    })
    .returning();

  const after =
    { paid: [], in_production: ["in_production"], shipped: ["in_production", "shipped"] }[
      state as "paid" | "in_production" | "shipped"
    ] ?? (state === "delivered" ? ["in_production", "shipped", "delivered"] : [state]);
  await walkOrderStates(db, order.id, ["paid", ...after], [placedAt, paidAt]);
  return { order: { ...order, state }, lines: lineRows, user, guestId, payment: paymentRow };
}
