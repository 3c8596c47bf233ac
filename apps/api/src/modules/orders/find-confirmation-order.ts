import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  designs,
  garmentStyles,
  orderAddresses,
  orderLineItems,
  orderPayments,
  orders,
  sellerDesignProductVariants,
  users,
} from "../../db/schema/index.ts";

/** Everything the confirmation e-mail of an order shows, as stored when it was paid. */
export async function findConfirmationOrder({ db, orderId }: { db: Database; orderId: string }) {
  const [row] = await db
    .select({ order: orders, customerFirstName: users.firstName })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return undefined;
  const lines = await db
    .select({
      line: orderLineItems,
      design: { id: designs.id, displayName: designs.displayName },
      style: { key: garmentStyles.key, displayName: garmentStyles.displayName, fit: garmentStyles.fit },
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
  const addresses = await db.select().from(orderAddresses).where(eq(orderAddresses.orderId, orderId));
  const [payment] = await db
    .select({ kind: orderPayments.kind, cardBrand: orderPayments.cardBrand, cardLast4: orderPayments.cardLast4 })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, "succeeded")));
  return {
    order: row.order,
    customerFirstName: row.customerFirstName,
    lines,
    shippingAddress: addresses.find((address) => address.kind === "shipping"),
    billingAddress: addresses.find((address) => address.kind === "billing"),
    payment,
  };
}

export type ConfirmationOrder = NonNullable<Awaited<ReturnType<typeof findConfirmationOrder>>>;
