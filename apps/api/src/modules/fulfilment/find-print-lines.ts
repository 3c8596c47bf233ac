import { and, asc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  designArtworkVersions,
  designs,
  garmentStyles,
  orderAddresses,
  orderLineItems,
  orders,
  sellerDesignProductVariants,
} from "../../db/schema/index.ts";

/**
 * The artwork version a line prints: the one it froze when placed; a line placed before versions were frozen
 * prints the design's current one.
 */
const lineVersion = sql<number>`coalesce(${orderLineItems.artworkVersion}, ${designs.artworkVersion})`;

/** One paid line with what its print file and picture are made from. */
export type PrintLine = Awaited<ReturnType<typeof selectPrintLines>>[number];

function selectPrintLines(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: orderLineItems.id,
      uuid: orderLineItems.uuid,
      orderId: orderLineItems.orderId,
      quantity: orderLineItems.quantity,
      size: orderLineItems.size,
      color: orderLineItems.color,
      version: lineVersion,
      designId: designs.id,
      designName: designs.displayName,
      style: { key: garmentStyles.key, displayName: garmentStyles.displayName, fit: garmentStyles.fit },
      /** The version's artwork and placements (decision 067); null when the version was never recorded. */
      artworkKey: designArtworkVersions.artworkKey,
      placements: designArtworkVersions.placements,
    })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .innerJoin(
      sellerDesignProductVariants,
      eq(sellerDesignProductVariants.id, orderLineItems.sellerDesignProductVariantId),
    )
    .innerJoin(designs, eq(designs.id, sellerDesignProductVariants.designId))
    .innerJoin(garmentStyles, eq(garmentStyles.id, sellerDesignProductVariants.garmentStyleId))
    .leftJoin(
      designArtworkVersions,
      and(eq(designArtworkVersions.designId, designs.id), eq(designArtworkVersions.version, lineVersion)),
    )
    .where(and(isNotNull(orders.paidAt), where))
    .orderBy(asc(orderLineItems.id));
}

/** A paid order with its lines and ship-to address, as its print files and packing slip need them; undefined when it is not paid (or unknown). */
export async function findPrintOrder(db: Database, orderId: string) {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      placedAt: orders.placedAt,
      paidAt: orders.paidAt,
      shippingServiceKey: orders.selectedShippingServiceKey,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNotNull(orders.paidAt)))
    .limit(1);
  if (!order) return undefined;
  const [lines, [shipTo]] = await Promise.all([
    selectPrintLines(db, eq(orderLineItems.orderId, orderId)),
    db
      .select()
      .from(orderAddresses)
      .where(and(eq(orderAddresses.orderId, orderId), eq(orderAddresses.kind, "shipping")))
      .limit(1),
  ]);
  return { order, lines, shipTo };
}

export type PrintOrder = NonNullable<Awaited<ReturnType<typeof findPrintOrder>>>;

/** One line of a paid order by its uuid (its e-mail picture); undefined for a line of an unpaid order or none. */
export async function findPrintLine(db: Database, lineUuid: string): Promise<PrintLine | undefined> {
  const [line] = await selectPrintLines(db, eq(orderLineItems.uuid, lineUuid));
  return line;
}
