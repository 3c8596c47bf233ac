import type { AddressInput } from "@threadfolk/contract/validation";
import { and, eq, sql } from "drizzle-orm";
import { namedStatement, renderStatement } from "../../db/named-statement.ts";
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
    // The cart, as the partial one-cart-per-identity index says.
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

/** The cart `$1`: what a checkout change may write to (an order is another row; decision 053). */
const writableCart = sql`${orders.id} = $1 and ${OPEN_ORDER}`;

const setCheckoutChoicesStatement = namedStatement<{ id: string }>(
  "set_cart_checkout_choices",
  renderStatement(sql`update ${orders}
    set email = coalesce($2::text, ${orders.email}),
      selected_shipping_service_key = coalesce($3::text, ${orders.selectedShippingServiceKey}),
      updated_at = now()
    where ${writableCart}
    returning ${orders.id} as id`),
);

/**
 * Sets the e-mail and/or the shipping option of a cart in one statement (an order placed from it keeps its copy,
 * its quote now stale). False when nothing was written: the cart is gone.
 */
export async function setCheckoutChoices(options: {
  db: Executor;
  orderId: string;
  email?: string;
  selectedShippingServiceKey?: string;
}): Promise<boolean> {
  const { db, orderId, email, selectedShippingServiceKey } = options;
  const rows = await setCheckoutChoicesStatement(db, [orderId, email ?? null, selectedShippingServiceKey ?? null]);
  return rows.length > 0;
}

const ADDRESS_FIELDS = ["firstName", "lastName", "address1", "address2", "city", "state", "zip"] as const;

const saveCheckoutAddressesStatement = namedStatement<{ id: number; kind: AddressKind }>(
  "save_cart_addresses",
  renderStatement(sql`with cart as (
      update ${orders}
      set email = $2::text, billing_same_as_shipping = $3::boolean, updated_at = now()
      where ${writableCart}
      returning ${orders.id} as id
    )
    insert into ${orderAddresses} as a (order_id, kind, first_name, last_name, address1, address2, city, state, zip)
    select cart.id, v.kind, v.first_name, v.last_name, v.address1, v.address2, v.city, v.state, v.zip
    from cart cross join (values
      ('shipping', $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text),
      ('billing', $11::text, $12::text, $13::text, $14::text, $15::text, $16::text, $17::text)
    ) as v (kind, first_name, last_name, address1, address2, city, state, zip)
    on conflict (order_id, kind) do update set first_name = excluded.first_name, last_name = excluded.last_name,
      address1 = excluded.address1, address2 = excluded.address2, city = excluded.city, state = excluded.state,
      zip = excluded.zip, updated_at = now()
    returning a.id, a.kind`),
);

/**
 * Saves both addresses, the e-mail and the billing flag of a cart in one statement. Answers the address rows' ids,
 * or undefined when nothing was written (the cart is gone).
 */
export async function saveCheckoutAddresses(options: {
  db: Executor;
  orderId: string;
  email: string;
  billingSameAsShipping: boolean;
  shipping: AddressInput;
  billing: AddressInput;
}): Promise<{ shippingId: number; billingId: number } | undefined> {
  const { db, orderId, email, billingSameAsShipping, shipping, billing } = options;
  const rows = await saveCheckoutAddressesStatement(db, [
    orderId,
    email,
    billingSameAsShipping,
    ...ADDRESS_FIELDS.map((field) => shipping[field]),
    ...ADDRESS_FIELDS.map((field) => billing[field]),
  ]);
  const shippingRow = rows.find((row) => row.kind === "shipping");
  const billingRow = rows.find((row) => row.kind === "billing");
  if (!shippingRow || !billingRow) return undefined;
  return { shippingId: Number(shippingRow.id), billingId: Number(billingRow.id) };
}
