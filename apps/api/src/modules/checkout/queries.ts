import type { AddressInput } from "@threadfolk/contract/validation";
import { and, eq, sql } from "drizzle-orm";
import { type AddressKind, orderAddresses, orders } from "../../db/schema/index.ts";
import {
  type CartOwner,
  type Executor,
  listedQuantitySum,
  OPEN_ORDER,
  parseShippingRates,
  type ShippingRate,
  shippingRatesJson,
} from "../cart/queries.ts";

/**
 * The owner's open cart, locked for the rest of the transaction, in one statement with what the checkout
 * decides on: its item count (listed designs only, as the cart shows), whether it has addresses, and the
 * shipping rates in force.
 */
export async function lockCartForCheckout({ db, owner }: { db: Executor; owner: CartOwner }): Promise<
  | {
      id: string;
      state: string;
      paymentStartedAt: Date | null;
      itemCount: number;
      hasAddresses: boolean;
      shippingRates: ShippingRate[];
    }
  | undefined
> {
  const ownerMatches = owner.userId !== undefined ? eq(orders.userId, owner.userId) : eq(orders.guestId, owner.guestId);
  const [cart] = await db
    .select({
      id: orders.id,
      state: orders.state,
      paymentStartedAt: orders.paymentStartedAt,
      // Spelled out: drizzle drops the table names of columns inside a select list's subquery.
      hasAddresses: sql<boolean>`exists (select 1 from order_addresses where order_addresses.order_id = orders.id)`,
      itemCount: listedQuantitySum(sql`orders.id`),
      shippingRates: shippingRatesJson,
    })
    .from(orders)
    // The open order (cart or placed, unpaid), as the partial one-cart-per-identity index says.
    .where(and(ownerMatches, OPEN_ORDER))
    .for("update", { of: orders });
  if (!cart) return undefined;
  return {
    id: cart.id,
    state: cart.state,
    paymentStartedAt: cart.paymentStartedAt,
    itemCount: Number(cart.itemCount),
    hasAddresses: Boolean(cart.hasAddresses),
    shippingRates: parseShippingRates(cart.shippingRates),
  };
}

function addressRow(orderId: string, kind: AddressKind, address: AddressInput) {
  return {
    orderId,
    kind,
    firstName: address.firstName,
    lastName: address.lastName,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state: address.state,
    zip: address.zip,
  };
}

/** Writes both addresses of an order in one statement: inserted the first time, replaced after. */
export async function upsertOrderAddresses(options: {
  db: Executor;
  orderId: string;
  shipping: AddressInput;
  billing: AddressInput;
}): Promise<void> {
  const { db, orderId, shipping, billing } = options;
  await db
    .insert(orderAddresses)
    .values([addressRow(orderId, "shipping", shipping), addressRow(orderId, "billing", billing)])
    .onConflictDoUpdate({
      target: [orderAddresses.orderId, orderAddresses.kind],
      set: {
        firstName: sql`excluded.first_name`,
        lastName: sql`excluded.last_name`,
        address1: sql`excluded.address1`,
        address2: sql`excluded.address2`,
        city: sql`excluded.city`,
        state: sql`excluded.state`,
        zip: sql`excluded.zip`,
        updatedAt: sql`now()`,
      },
    });
}

/** Sets checkout columns of an open cart (the e-mail, the billing flag, the shipping option). */
export async function updateCartCheckout(options: {
  db: Executor;
  orderId: string;
  changes: {
    email?: string;
    billingSameAsShipping?: boolean;
    selectedShippingServiceKey?: string;
    promoCode?: string | null;
  };
}): Promise<void> {
  const { db, orderId, changes } = options;
  await db
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), sql`${orders.state} = 'cart'`));
}
