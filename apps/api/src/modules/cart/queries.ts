import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "@threadfolk/contract/cart";
import type { AddressInput } from "@threadfolk/contract/validation";
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { namedStatement, renderStatement } from "../../db/named-statement.ts";
import {
  type AddressKind,
  designs,
  type GarmentFit,
  garmentStyles,
  orderAddresses,
  orderLineItems,
  orders,
  sellerDesignProductVariants,
  shippingRates,
} from "../../db/schema/index.ts";
import type { Actor } from "../../lib/authorize.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import type { SaleOffer } from "../catalogue/pricing.ts";
import { parseSaleOffers, runningSaleOffers } from "../catalogue/running-sale-offers.ts";

/** A database or a transaction: every query here runs in either. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/** The identity whose cart a request works on: a customer's, or a guest's. */
export type CartOwner = { userId: string; guestId?: undefined } | { guestId: string; userId?: undefined };

/** The cart owner of the caller: a signed-in customer's cart is theirs, never the guest's they were. */
export function cartOwnerOf(actor: Actor): CartOwner {
  return actor.kind === "user" ? { userId: actor.userId } : { guestId: actor.guestId };
}

function ownerCondition(owner: CartOwner): SQL {
  const condition = owner.userId !== undefined ? eq(orders.userId, owner.userId) : eq(orders.guestId, owner.guestId);
  // A literal, not a parameter, so the planner can match the partial one-cart-per-identity indexes.
  return and(condition, OPEN_ORDER) as SQL;
}

/**
 * The shopper's cart (decision 053: a cart is only ever in state `cart`; a placed order is another row). Spelled
 * exactly as the predicate of the partial one-cart-per-identity indexes, so the planner uses them.
 */
export const OPEN_ORDER = sql.raw(`"orders"."state" = 'cart'`);

async function selectRaw<Row>(db: Executor, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres and PGlite) answer `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** What the cart needs of a variant to validate a choice and to price and picture a line. */
export type CartVariant = {
  variant: { id: number; priceCents: number; isDefault: boolean };
  /** `offeredColors`: the colours the artist offers (read when a line is added or changed). */
  design: { id: string; slug: string; displayName: string; defaultColor: string; offeredColors?: string[] };
  style: {
    key: string;
    displayName: string;
    fit: GarmentFit;
    sizes: string[];
    colors: string[];
    /** The garment's production cost of one unit (frozen on the line when the order is placed). */
    baseCostCents: number;
  };
  saleOffers: SaleOffer[];
};

/** What a line shows of its design and garment style (the cart's lines and a placed order's alike). */
export const lineDesignColumns = {
  id: designs.id,
  slug: designs.slug,
  displayName: designs.displayName,
  defaultColor: designs.defaultColor,
};
export const lineStyleColumns = {
  key: garmentStyles.key,
  displayName: garmentStyles.displayName,
  fit: garmentStyles.fit,
  sizes: garmentStyles.sizes,
  colors: garmentStyles.colors,
  baseCostCents: garmentStyles.baseCostCents,
};

const variantColumns = {
  variant: {
    id: sellerDesignProductVariants.id,
    priceCents: sellerDesignProductVariants.priceCents,
    isDefault: sellerDesignProductVariants.isDefault,
  },
  design: { ...lineDesignColumns, offeredColors: designs.offeredColors },
  style: lineStyleColumns,
  saleOffers: runningSaleOffers(),
};

/**
 * The one rule for a line's choice, as two columns of the statement that reads the variant: the garment style is
 * sold in the size (`sizeSold`), and comes in the colour while the artist offers the design in it (`colorOffered`,
 * issue 14). A null size or colour (nothing chosen yet) is neither.
 */
function lineChoiceColumns(size: SQL, color: SQL): SQL {
  return sql`coalesce(${size} = any(${garmentStyles.sizes}), false) as "sizeSold",
    coalesce(${color} = any(${garmentStyles.colors})
      and (${designs.offeredColors} is null or ${color} = any(${designs.offeredColors})), false) as "colorOffered"`;
}

/** An offered variant of a listed design with its style and running sale offers (one JSON value), and the checks. */
function variantChoiceQuery(variantId: SQL, size: SQL, color: SQL): SQL {
  return sql`select json_build_object(
      'variant', ${jsonObject(variantColumns.variant)},
      'design', ${jsonObject(variantColumns.design)},
      'style', ${jsonObject(lineStyleColumns)},
      'saleOffers', ${runningSaleOffers()}
    ) as found, ${lineChoiceColumns(size, color)}
    from ${sellerDesignProductVariants}
    join ${designs} on ${designs.id} = ${sellerDesignProductVariants.designId} and ${isListedDesign()}
    join ${garmentStyles} on ${garmentStyles.id} = ${sellerDesignProductVariants.garmentStyleId}
    where ${sellerDesignProductVariants.id} = ${variantId} and ${sellerDesignProductVariants.offered}`;
}

/** A variant as the statements answer it: JSON (node-postgres decodes it; PGlite may hand it over as text). */
type VariantChoiceRow = { found: CartVariant | string; sizeSold: boolean; colorOffered: boolean };

/** An offered variant of a listed design, and whether a size and colour may be chosen of it (lineChoiceColumns). */
export type VariantChoice = { variant: CartVariant; sizeSold: boolean; colorOffered: boolean };

function readVariantChoice(row: VariantChoiceRow): VariantChoice {
  const found: CartVariant = typeof row.found === "string" ? JSON.parse(row.found) : row.found;
  return {
    variant: { ...found, saleOffers: parseSaleOffers(found.saleOffers) },
    sizeSold: row.sizeSold === true,
    colorOffered: row.colorOffered === true,
  };
}

/**
 * The variant read by name, as ONE JSON value (decoded by JSON.parse, not column by column and array by array):
 * every change of a line asks it. A style the artist no longer offers cannot be chosen (its row stays for
 * existing lines).
 */
const findCartVariantStatement = namedStatement<VariantChoiceRow>(
  "find_cart_variant",
  renderStatement(variantChoiceQuery(sql.raw("$1::int"), sql.raw("$2::text"), sql.raw("$3::text"))),
);

/** An offered variant of a listed design, with whether `choice` (when given) may be chosen; undefined otherwise. */
export async function findCartVariant({
  db,
  variantId,
  choice,
}: {
  db: Executor;
  variantId: number;
  choice?: { size: string; color: string };
}): Promise<VariantChoice | undefined> {
  const [row] = await findCartVariantStatement(db, [variantId, choice?.size ?? null, choice?.color ?? null]);
  return row ? readVariantChoice(row) : undefined;
}

/**
 * The owner's open cart, created when missing, locked for the rest of the transaction: the conflict on the
 * one-cart-per-identity index turns a racing creation into an update of the winner's row, and that row lock
 * serialises every change to one cart (so the line limit is counted exactly).
 */
export async function upsertCart({
  db,
  owner,
  orderNumber,
}: {
  db: Executor;
  owner: CartOwner;
  orderNumber: string;
}): Promise<{ id: string } | undefined> {
  const isCustomer = owner.userId !== undefined;
  const [cart] = await db
    .insert(orders)
    .values({ orderNumber, state: "cart", userId: owner.userId ?? null, guestId: owner.guestId ?? null })
    .onConflictDoUpdate({
      target: isCustomer ? orders.userId : orders.guestId,
      targetWhere: OPEN_ORDER,
      set: { updatedAt: sql`now()` },
    })
    .returning({ id: orders.id });
  return cart;
}

/**
 * The sum of the quantities of an order's lines whose designs are listed (what the cart shows). The lines are
 * summed per variant first, so the listing rule is checked once per variant, not once per line (a cart holds a
 * variant in several sizes and colours; at 50 lines of 10 variants that is a quarter of the work).
 */
export function listedQuantitySum(orderId: SQL | string, exceptLineId?: SQL): SQL {
  return sql`(select coalesce(sum(per_variant.quantity), 0)::int
    from (
      select l.seller_design_product_variant_id as variant_id, sum(l.quantity) as quantity
      from order_line_items l
      where l.order_id = ${orderId}${exceptLineId ? sql` and l.id <> ${exceptLineId}` : sql``}
      group by l.seller_design_product_variant_id
    ) per_variant
    join seller_design_product_variants on seller_design_product_variants.id = per_variant.variant_id
    join designs on designs.id = seller_design_product_variants.design_id
    where ${isListedDesign()})`;
}

/** What `cart_add_line` (migration 0018) answers: the line added, or why nothing was written. */
export type AddedLine =
  | { outcome: "added"; cartId: string; line: { id: number; uuid: string; quantity: number }; cartCount: number }
  | { outcome: "line_full"; cartId: string; quantity: number }
  | { outcome: "cart_full"; cartId: string }
  | { outcome: "no_cart" | "refused" };

type AddedLineRow = VariantChoiceRow & {
  outcome: AddedLine["outcome"];
  cartId: string | null;
  lineId: number | null;
  lineUuid: string | null;
  lineQuantity: number | null;
  cartCount: number | null;
};

/**
 * The add as one named statement: the variant is read with the checks of the choice (lineChoiceColumns), and
 * `cart_add_line` locks (or creates) the cart and writes the line, each with a snapshot taken after the lock,
 * only when both checks hold (otherwise it is given no variant and answers 'refused' at once). An unknown or
 * unlisted variant is no row, and the function is not called. This statement's own snapshot, taken before the
 * lock, supplies the other lines' listed quantities for the reply's count (a racing add of the same shopper may be
 * missing from that count; the next reply has it). The listing rule is isListedDesign's, rendered once.
 */
const addLineStatement = namedStatement<AddedLineRow>(
  "cart_add_line",
  renderStatement(sql`with v as materialized (${variantChoiceQuery(sql.raw("$4::int"), sql.raw("$5::text"), sql.raw("$6::text"))})
    select v.found, v."sizeSold", v."colorOffered",
    a.outcome, a.cart_id as "cartId", a.line_id as "lineId", a.line_uuid as "lineUuid",
    a.line_quantity as "lineQuantity",
    case when a.outcome = 'added' then a.line_quantity + ${listedQuantitySum(sql`a.cart_id`, sql`a.line_id`)} end
      as "cartCount"
    from v cross join lateral cart_add_line($1::uuid, $2::uuid, $3::text,
      case when v."sizeSold" and v."colorOffered" then $4::int end,
      $5::text, $6::text, $7::int, $8::int, $9::int) a`),
);

/**
 * Adds `quantity` units of a variant/size/colour to the owner's open cart in one round trip, within
 * MAX_LINE_QUANTITY per line and MAX_CART_LINES per cart, and answers the variant with the checks of the choice
 * (undefined: no offered variant of a listed design; 'refused' when a check fails). Without an open cart:
 * 'no_cart' when no `orderNumber` is given, else the cart is created with it. Only a plain cart is written: a
 * placed order is another row, which an add never touches (decision 053).
 */
export async function addLineToCart(options: {
  db: Database;
  owner: CartOwner;
  orderNumber: string | null;
  variantId: number;
  size: string;
  color: string;
  quantity: number;
}): Promise<{ choice: VariantChoice; added: AddedLine } | undefined> {
  const { db, owner, orderNumber, variantId, size, color, quantity } = options;
  const [row] = await addLineStatement(db, [
    owner.userId ?? null,
    owner.guestId ?? null,
    orderNumber,
    variantId,
    size,
    color,
    quantity,
    MAX_CART_LINES,
    MAX_LINE_QUANTITY,
  ]);
  if (!row) return undefined;
  return { choice: readVariantChoice(row), added: readAddedLine(row) };
}

function readAddedLine(row: AddedLineRow): AddedLine {
  if (row.outcome === "no_cart" || row.outcome === "refused") return { outcome: row.outcome };
  const cartId = String(row.cartId);
  switch (row.outcome) {
    case "added":
      return {
        outcome: "added",
        cartId,
        line: { id: Number(row.lineId), uuid: String(row.lineUuid), quantity: Number(row.lineQuantity) },
        cartCount: Number(row.cartCount),
      };
    case "line_full":
      return { outcome: "line_full", cartId, quantity: Number(row.lineQuantity) };
    default:
      return { outcome: row.outcome, cartId };
  }
}

/** The quantity of an order's line for a variant/size/colour, or undefined when the order has no such line. */
export async function findLineQuantity(options: {
  db: Executor;
  orderId: string;
  variantId: number;
  size: string;
  color: string;
}): Promise<{ id: number; quantity: number } | undefined> {
  const { db, orderId, variantId, size, color } = options;
  const [row] = await db
    .select({ id: orderLineItems.id, quantity: orderLineItems.quantity })
    .from(orderLineItems)
    .where(
      and(
        eq(orderLineItems.orderId, orderId),
        eq(orderLineItems.sellerDesignProductVariantId, variantId),
        eq(orderLineItems.size, size),
        eq(orderLineItems.color, color),
      ),
    );
  return row;
}

export type LineWithOrder = {
  id: number;
  orderId: string;
  variantId: number;
  size: string;
  color: string;
  quantity: number;
  order: { userId: string | null; guestId: string | null; state: string; paymentStartedAt: Date | null };
};

/**
 * A line by id with its order's owner and state, whoever owns it (callers authorise the actor on it,
 * cartPolicies), locking the order row like every other change to a cart does.
 */
export async function findLineForChange({
  db,
  lineId,
}: {
  db: Executor;
  lineId: number;
}): Promise<LineWithOrder | undefined> {
  const [row] = await db
    .select({
      id: orderLineItems.id,
      orderId: orderLineItems.orderId,
      variantId: orderLineItems.sellerDesignProductVariantId,
      size: orderLineItems.size,
      color: orderLineItems.color,
      quantity: orderLineItems.quantity,
      order: {
        userId: orders.userId,
        guestId: orders.guestId,
        state: orders.state,
        paymentStartedAt: orders.paymentStartedAt,
      },
    })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .where(eq(orderLineItems.id, lineId))
    .for("update", { of: orders });
  return row;
}

/** Sets a line's size, colour and quantity. */
export async function updateLine(options: {
  db: Executor;
  lineId: number;
  size: string;
  color: string;
  quantity: number;
}): Promise<{ id: number; uuid: string; quantity: number }> {
  const { db, lineId, size, color, quantity } = options;
  const [row] = await db
    .update(orderLineItems)
    .set({ size, color, quantity, updatedAt: sql`now()` })
    .where(eq(orderLineItems.id, lineId))
    .returning({ id: orderLineItems.id, uuid: orderLineItems.uuid, quantity: orderLineItems.quantity });
  if (!row) throw new Error(`order line item ${lineId} vanished under its cart's lock`);
  return row;
}

export async function deleteLine({ db, lineId }: { db: Executor; lineId: number }): Promise<void> {
  await db.delete(orderLineItems).where(eq(orderLineItems.id, lineId));
}

/** The item count of an order: the sum of its listed lines' quantities (the spec's shoppingCartCount). */
export async function countOrderItems({ db, orderId }: { db: Executor; orderId: string }): Promise<number> {
  const [row] = await selectRaw<{ count: number }>(db, sql`select ${listedQuantitySum(orderId)} as count`);
  return Number(row?.count ?? 0);
}

/** An open cart's own columns. */
export type CartOrder = {
  id: string;
  orderNumber: string;
  email: string | null;
  selectedShippingServiceKey: string | null;
  billingSameAsShipping: boolean;
  /** The gift card or coupon code applied (decision 033). */
  promoCode: string | null;
  /** A payment of it is with the processor: nothing may change until it ends. */
};

/** A saved address of an order (issue 12): the contract's address, as validated, with its row id. */
export type StoredAddress = AddressInput & { id: number };

/** One row of `shipping_rates`. */
export type ShippingRate = { key: string; firstItemCents: number; additionalItemCents: number };

/** The cart with what prices and ships it: lines, saved addresses, and the shipping rates in force. */
export type FoundCart = {
  order: CartOrder;
  lines: CartLineRow[];
  /** Lines whose design is no longer listed (deactivated): kept, not priced, shown as unavailable. */
  unavailableLineIds: number[];
  shippingAddress: StoredAddress | undefined;
  billingAddress: StoredAddress | undefined;
  shippingRates: ShippingRate[];
};

/** An order's two addresses, joined under these names (the cart read and the placed-order read). */
export const shippingAddresses = alias(orderAddresses, "shipping_address");
export const billingAddresses = alias(orderAddresses, "billing_address");

/** The columns of a joined address, as a StoredAddress (all null when none was joined). */
export function addressColumns(table: typeof shippingAddresses | typeof billingAddresses) {
  return {
    id: table.id,
    firstName: table.firstName,
    lastName: table.lastName,
    address1: table.address1,
    address2: table.address2,
    city: table.city,
    state: table.state,
    zip: table.zip,
  };
}

/** The shipping rates as one JSON array: an uncorrelated scalar subquery, evaluated once per statement. */
export const shippingRatesJson = sql<ShippingRate[] | string | null>`(select json_agg(json_build_object(
  'key', ${shippingRates.key},
  'firstItemCents', ${shippingRates.firstItemCents},
  'additionalItemCents', ${shippingRates.additionalItemCents})) from ${shippingRates})`;

/** A left-joined address: absent when its id is null (no row joined). */
export function storedAddress(
  row: { [Key in keyof StoredAddress]: StoredAddress[Key] | null } | null,
): StoredAddress | undefined {
  return row?.id == null ? undefined : (row as StoredAddress);
}

export function parseShippingRates(value: ShippingRate[] | string | null): ShippingRate[] {
  if (value === null) return [];
  // node-postgres parses json; PGlite may hand it over as text.
  return typeof value === "string" ? (JSON.parse(value) as ShippingRate[]) : value;
}

/** What the cart shows of a line's variant, design and garment style (CartVariant without the add's checks). */
export type CartLineVariant = {
  variant: CartVariant["variant"];
  design: Omit<CartVariant["design"], "offeredColors">;
  style: Omit<CartVariant["style"], "sizes" | "colors">;
  saleOffers: SaleOffer[];
};

/** A line of the cart with everything it is shown with. */
export type CartLineRow = CartLineVariant & {
  line: { id: number; uuid: string; size: string; color: string; quantity: number };
};

/** The cart read's one value: the cart, its addresses, the shipping rates and its lines with their designs. */
type CartDocument = {
  order: CartOrder;
  shippingAddress: StoredAddress | null;
  billingAddress: StoredAddress | null;
  shippingRates: ShippingRate[] | null;
  lines: Array<{
    line: CartLineRow["line"];
    /** Null when the design is no longer listed (the line is shown as unavailable). */
    variant: CartLineRow["variant"] | null;
    design: CartLineRow["design"] | null;
    style: CartLineRow["style"] | null;
    saleOffers: unknown;
  }>;
};

/** `json_build_object` of Drizzle columns under the given keys. */
function jsonObject(columns: Record<string, SQL | AnyColumn>): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})`;
}

function addressDocument(kind: AddressKind): SQL {
  const { id, firstName, lastName, address1, address2, city, state, zip } = orderAddresses;
  return sql`(select ${jsonObject({ id, firstName, lastName, address1, address2, city, state, zip })}
    from ${orderAddresses} where ${orderAddresses.orderId} = ${orders.id} and ${orderAddresses.kind} = ${sql.raw(`'${kind}'`)})`;
}

/**
 * The cart read, one statement per owner kind, sent by name (PostgreSQL keeps its plan per connection), that
 * answers ONE JSON value: the hottest query of the shop (every cart view and every checkout reply) joins seven
 * tables; planning it each time cost more than running it, and decoding it as rows of 40 columns (a parser per
 * column per query, the addresses repeated on every line) cost more than reading it. Columns the cart does not
 * show (the sizes and colours a style is sold in) are not read.
 */
function cartReadStatement(owner: "user" | "guest") {
  const ownerColumn = owner === "user" ? orders.userId : orders.guestId;
  const { id, orderNumber, email, selectedShippingServiceKey, billingSameAsShipping, promoCode } = orders;
  const line = jsonObject({
    id: orderLineItems.id,
    uuid: orderLineItems.uuid,
    size: orderLineItems.size,
    color: orderLineItems.color,
    quantity: orderLineItems.quantity,
  });
  // The design is joined only while listed: a line of a deactivated design comes back with nulls.
  const listed = sql`${designs.id} is not null`;
  const lines = sql`(select json_agg(json_build_object(
      'line', ${line},
      'variant', case when ${listed} then ${jsonObject(variantColumns.variant)} end,
      'design', case when ${listed} then ${jsonObject(lineDesignColumns)} end,
      'style', case when ${listed} then ${jsonObject({
        key: garmentStyles.key,
        displayName: garmentStyles.displayName,
        fit: garmentStyles.fit,
        baseCostCents: garmentStyles.baseCostCents,
      })} end,
      'saleOffers', case when ${listed} then ${runningSaleOffers()} end
    ) order by ${orderLineItems.id})
    from ${orderLineItems}
    join ${sellerDesignProductVariants} on ${sellerDesignProductVariants.id} = ${orderLineItems.sellerDesignProductVariantId}
    join ${garmentStyles} on ${garmentStyles.id} = ${sellerDesignProductVariants.garmentStyleId}
    left join ${designs} on ${designs.id} = ${sellerDesignProductVariants.designId} and ${isListedDesign()}
    where ${orderLineItems.orderId} = ${orders.id})`;
  return namedStatement<{ cart: CartDocument | string }>(
    `find_cart_by_${owner}`,
    renderStatement(sql`select json_build_object(
        'order', ${jsonObject({
          id,
          orderNumber,
          email,
          selectedShippingServiceKey,
          billingSameAsShipping,
          promoCode,
        })},
        'shippingAddress', ${addressDocument("shipping")},
        'billingAddress', ${addressDocument("billing")},
        'shippingRates', ${shippingRatesJson},
        'lines', coalesce(${lines}, '[]'::json)
      ) as cart
      from ${orders}
      -- A literal state, so the planner matches the partial one-cart-per-identity index (as ownerCondition).
      where ${ownerColumn} = $1 and ${OPEN_ORDER}`),
  );
}

const readCartOfUser = cartReadStatement("user");
const readCartOfGuest = cartReadStatement("guest");

/**
 * The owner's open cart and its lines, oldest line first, in ONE statement whatever the number of lines (the
 * running sale offers are a subquery per line). Lines of designs that are no longer listed are left out: they
 * stay in the table (a reactivated design comes back) but cannot be bought. Undefined when there is no cart.
 */
export async function findCart({ db, owner }: { db: Executor; owner: CartOwner }): Promise<FoundCart | undefined> {
  const [row] =
    owner.userId !== undefined ? await readCartOfUser(db, [owner.userId]) : await readCartOfGuest(db, [owner.guestId]);
  if (!row) return undefined;
  // node-postgres decodes json; PGlite may hand it over as text.
  const cart: CartDocument = typeof row.cart === "string" ? JSON.parse(row.cart) : row.cart;
  const lines: CartLineRow[] = [];
  const unavailableLineIds: number[] = [];
  for (const { line, variant, design, style, saleOffers } of cart.lines) {
    if (variant && design && style)
      lines.push({ line, variant, design, style, saleOffers: parseSaleOffers(saleOffers) });
    else unavailableLineIds.push(line.id);
  }
  return {
    order: cart.order,
    lines,
    unavailableLineIds,
    shippingAddress: cart.shippingAddress ?? undefined,
    billingAddress: cart.billingAddress ?? undefined,
    shippingRates: cart.shippingRates ?? [],
  };
}

/** A guest's open cart, locked: the one row a merge and a concurrent replay of it both wait for. */
export async function lockGuestCart({
  db,
  guestId,
}: {
  db: Executor;
  guestId: string;
}): Promise<{ id: string; orderBeingPaid: boolean } | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      // An order placed from this cart whose payment is with a processor right now.
      orderBeingPaid: sql<boolean>`exists (select 1 from orders o where o.cart_id = "orders"."id"
        and o.state = 'payment_pending' and o.payment_started_at is not null)`,
    })
    .from(orders)
    .where(ownerCondition({ guestId }))
    .for("update", { of: orders });
  return row;
}

/**
 * Voids the orders placed from a guest cart whose lines just moved to an account's cart (decision 053): an unpaid
 * order with no payment running is cancelled (its quote can no longer be paid), with who and why on its timeline.
 */
export async function voidOrdersOfMergedCart(options: { db: Executor; cartId: string; userId: string }): Promise<void> {
  await options.db.execute(sql`update orders set state = 'cancelled', state_changed_by = ${`user:${options.userId}`},
      state_change_reason = 'its lines moved to the account cart at sign-in', updated_at = now()
    where cart_id = ${options.cartId} and state = 'payment_pending' and payment_started_at is null`);
}

export type StoredLine = { variantId: number; size: string; color: string; quantity: number };

/** Every line of an order, oldest first. */
export async function findOrderLines({ db, orderId }: { db: Executor; orderId: string }): Promise<StoredLine[]> {
  return db
    .select({
      variantId: orderLineItems.sellerDesignProductVariantId,
      size: orderLineItems.size,
      color: orderLineItems.color,
      quantity: orderLineItems.quantity,
    })
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.id));
}

/** Adds lines to a locked cart: new lines are inserted, existing ones get the quantity added, capped at the line limit. */
export async function addLinesCapped({
  db,
  orderId,
  lines,
}: {
  db: Executor;
  orderId: string;
  lines: readonly StoredLine[];
}): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insert(orderLineItems)
    .values(
      lines.map((line) => ({
        orderId,
        sellerDesignProductVariantId: line.variantId,
        size: line.size,
        color: line.color,
        quantity: Math.min(line.quantity, MAX_LINE_QUANTITY),
      })),
    )
    .onConflictDoUpdate({
      target: [
        orderLineItems.orderId,
        orderLineItems.sellerDesignProductVariantId,
        orderLineItems.size,
        orderLineItems.color,
      ],
      set: {
        quantity: sql`least(${orderLineItems.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})`,
        updatedAt: sql`now()`,
      },
    });
}

/** Deletes an order with its lines. */
export async function deleteOrder({ db, orderId }: { db: Executor; orderId: string }): Promise<void> {
  // A cart with payment attempts (declined ones) keeps its row, emptied: payment records are never deleted.
  const deleted = await db
    .delete(orders)
    .where(
      and(
        eq(orders.id, orderId),
        sql`not exists (select 1 from order_payments where order_payments.order_id = ${orderId})`,
      ),
    )
    .returning({ id: orders.id });
  if (deleted.length === 0) await db.delete(orderLineItems).where(eq(orderLineItems.orderId, orderId));
}

/**
 * The cart's lines whose design is no longer listed (an artist deactivated it), for the cart to show them as
 * unavailable: read only when the cart read found some, so an ordinary cart costs no extra statement.
 */
export async function findUnavailableCartLines({ db, lineIds }: { db: Executor; lineIds: readonly number[] }) {
  if (lineIds.length === 0) return [];
  return db
    .select({
      id: orderLineItems.id,
      uuid: orderLineItems.uuid,
      size: orderLineItems.size,
      color: orderLineItems.color,
      quantity: orderLineItems.quantity,
      designUuid: designs.id,
      displayName: designs.displayName,
      style: { fit: garmentStyles.fit, displayName: garmentStyles.displayName },
    })
    .from(orderLineItems)
    .innerJoin(
      sellerDesignProductVariants,
      eq(sellerDesignProductVariants.id, orderLineItems.sellerDesignProductVariantId),
    )
    .innerJoin(designs, eq(designs.id, sellerDesignProductVariants.designId))
    .innerJoin(garmentStyles, eq(garmentStyles.id, sellerDesignProductVariants.garmentStyleId))
    .where(inArray(orderLineItems.id, [...lineIds]))
    .orderBy(asc(orderLineItems.id));
}
export type UnavailableCartLine = Awaited<ReturnType<typeof findUnavailableCartLines>>[number];
