import { createHash, randomBytes } from "node:crypto";
import type { ErrorDetail } from "@threadfolk/contract/errors";
import { ORDER_MESSAGES, type PlacedOrderResponse } from "@threadfolk/contract/orders";
import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import { isDeadlock, violatedUniqueIndex } from "../../lib/database-errors.ts";
import { payerKeyOf, personKeyOf } from "../cart/get-shopping-cart.ts";
import { generateOrderNumber, retryOnOrderNumberCollision } from "../cart/order-number.ts";
import { priceCart } from "../cart/presenters.ts";
import { type CartOwner, cartOwnerOf, type Executor, findCart, OPEN_ORDER } from "../cart/queries.ts";
import { findPromoCode, quoteCart } from "../cart/quote-cart.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { findPlacedOrder, type PlacedLine, type PlacedOrderView, presentPlacedOrder } from "./placed-order.ts";

type LockedCart = {
  id: string;
  revision: number;
  /** Names of the designs in the cart that can no longer be bought (deactivated or unpublished). */
  unavailable: string[] | string | null;
  /** The order placed from this cart and awaiting payment, if any (placing again replaces it while unpaid). */
  order_id: string | null;
  order_number: string | null;
  payment_started_at: Date | string | null;
  processor_payment_id: string | null;
  quote_digest: string | null;
  placed_at: Date | string | null;
  cart_revision: number | null;
};

async function rows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * The caller's cart, locked for the placement, with the names of its lines that can no longer be sold and the
 * order it was last placed as, if that order still awaits payment.
 */
async function lockCart(db: Executor, owner: CartOwner): Promise<LockedCart | undefined> {
  const ownerMatch =
    owner.userId !== undefined ? sql`orders.user_id = ${owner.userId}` : sql`orders.guest_id = ${owner.guestId}`;
  const [row] = await rows<LockedCart>(
    db,
    sql`select orders.id, orders.revision,
      (select array_agg(designs.display_name order by order_line_items.id)
        from order_line_items
        join seller_design_product_variants on seller_design_product_variants.id = order_line_items.seller_design_product_variant_id
        join designs on designs.id = seller_design_product_variants.design_id
        where order_line_items.order_id = orders.id and not (${isListedDesign()})) as unavailable,
      unpaid.id as order_id, unpaid.order_number, unpaid.payment_started_at, unpaid.processor_payment_id,
      unpaid.quote_digest, unpaid.placed_at, unpaid.cart_revision
    from orders
    left join orders unpaid on unpaid.cart_id = orders.id and unpaid.state = 'payment_pending'
    where ${ownerMatch} and ${OPEN_ORDER} for update of orders`,
  );
  return row;
}

function parseNames(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  // A text[] that a driver left as its literal ({"A","B"}).
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean)
    .map((name) => name.replace(/^"|"$/g, ""));
}

/** A new name for a quote of an order: what the card step sends back. */
function newProcessorPaymentId(): string {
  return `pq_${randomBytes(12).toString("hex")}`;
}

/** The frozen prices of the cart's lines, as a VALUES list keyed by the cart line's id. */
function frozenValues(lines: PlacedLine[]): SQL {
  return sql.join(
    lines.map(
      (line) =>
        sql`(${line.line.id}::int, ${line.variant.priceCents}::int, ${line.unitSalePriceCents}::int, ${line.style.baseCostCents}::int)`,
    ),
    sql`, `,
  );
}

/**
 * The order's copy of the cart (in the placement's transaction, under the cart's lock): its lines at the frozen
 * prices, with the artwork version each design has now, and its addresses, in one statement. The order is either
 * one that exists (`orderId`, placed again while unpaid) or written by the same statement (`insertOrder`, an
 * `insert into orders … returning id`). Answers the order's id and its line ids by the cart line they copy.
 */
async function copyCartIntoOrder(
  db: Executor,
  options: { cartId: string; lines: PlacedLine[] } & ({ orderId: string } | { insertOrder: SQL }),
): Promise<{ orderId: string; lineIds: Map<number, { id: number; uuid: string }> }> {
  const target = "orderId" in options ? sql`select ${options.orderId}::uuid as id` : sql`${options.insertOrder}`;
  const copied = await rows<{ order_id: string; id: number; uuid: string; cart_line_id: number }>(
    db,
    sql`with target as (${target}), addresses as (
        insert into order_addresses (order_id, kind, first_name, last_name, address1, address2, city, state, zip)
        select target.id, a.kind, a.first_name, a.last_name, a.address1, a.address2, a.city, a.state, a.zip
        from order_addresses a cross join target where a.order_id = ${options.cartId}
        on conflict (order_id, kind) do update set first_name = excluded.first_name, last_name = excluded.last_name,
          address1 = excluded.address1, address2 = excluded.address2, city = excluded.city, state = excluded.state,
          zip = excluded.zip, updated_at = now()
        returning id
      ), copied as (
        insert into order_line_items (order_id, seller_design_product_variant_id, size, color, quantity,
          unit_price_cents, unit_sale_price_cents, unit_base_cost_cents, artwork_version)
        select target.id, c.seller_design_product_variant_id, c.size, c.color, c.quantity,
          frozen.price, frozen.sale, frozen.base_cost, designs.artwork_version
        from (values ${frozenValues(options.lines)}) as frozen(id, price, sale, base_cost)
        cross join target
        join order_line_items c on c.id = frozen.id and c.order_id = ${options.cartId}
        join seller_design_product_variants v on v.id = c.seller_design_product_variant_id
        join designs on designs.id = v.design_id
        order by c.id
        returning order_id, id, uuid, seller_design_product_variant_id, size, color
      )
      select copied.order_id, copied.id, copied.uuid, c.id as cart_line_id from copied
      join order_line_items c on c.order_id = ${options.cartId}
        and c.seller_design_product_variant_id = copied.seller_design_product_variant_id
        and c.size = copied.size and c.color = copied.color`,
  );
  const first = copied[0];
  if (!first || copied.length !== options.lines.length) throw new Error(`cart ${options.cartId}: lines not copied`);
  return {
    orderId: first.order_id,
    lineIds: new Map(copied.map((row) => [Number(row.cart_line_id), { id: Number(row.id), uuid: row.uuid }])),
  };
}

const PLACEMENT_ATTEMPTS = 4;

/**
 * Runs a placement again when it lost a race it can only see afterwards: a deadlock's victim, or the second of two
 * placements of one cart at once (two tabs). The second waited for the cart's lock, but the rest of its first
 * statement read the snapshot it started with, so it missed the first one's order and its insert meets the
 * one-unpaid-order-per-cart index; run again, it sees that order and replaces or answers it.
 */
async function retryOnSecondPlacement<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const lostRace = isDeadlock(error) || violatedUniqueIndex(error) === "orders_one_unpaid_per_cart_key";
      if (attempt >= PLACEMENT_ATTEMPTS || !lostRace) throw error;
    }
  }
}

/**
 * `POST /orders` (issue 13, deliverable 1; decision 053): places the caller's cart as an order awaiting payment,
 * a record of its own. One transaction under the cart's row lock: every line is re-priced from the catalogue
 * now, the addresses, e-mail and shipping option must be set and every design still on sale (a 409 naming what
 * is missing), and a separate order row is written holding a frozen copy: lines (prices, sale prices, base
 * costs), addresses, e-mail, option, code and amounts, with a new `processor_payment_id` and the cart's
 * revision. The cart stays a cart. While that order is unpaid and no payment of it is running, placing again
 * replaces its copy (the same order, a new quote); an unchanged cart answers the same quote (200, nothing
 * written). A cart changed after placement leaves the order alone: its quote is stale (paying it is a 409).
 */
export async function placeOrder(options: {
  context: Pick<AppContext, "db" | "config" | "tax">;
  actor: Actor;
}): Promise<{ created: boolean; response: PlacedOrderResponse }> {
  const { context, actor } = options;
  const owner = cartOwnerOf(actor);
  const imagesPromise = createImageUrlSigner({ db: context.db, config: context.config });
  const placed = await retryOnOrderNumberCollision(() =>
    retryOnSecondPlacement(() =>
      context.db.transaction(async (tx) => {
        const locked = await lockCart(tx, owner);
        if (!locked) throw AppError.conflict(ORDER_MESSAGES.cartEmpty);
        if (locked.payment_started_at !== null) throw AppError.conflict(ORDER_MESSAGES.paymentInProgress);
        const unavailable = parseNames(locked.unavailable);
        if (unavailable.length > 0) {
          throw AppError.conflict(ORDER_MESSAGES.designUnavailable(unavailable), [
            { field: "order", message: ORDER_MESSAGES.designUnavailable(unavailable) },
          ]);
        }
        const cart = await findCart({ db: tx, owner });
        if (!cart || cart.lines.length === 0) throw AppError.conflict(ORDER_MESSAGES.cartEmpty);
        const missing: ErrorDetail[] = [];
        if (!cart.shippingAddress)
          missing.push({ field: "shipping_address", message: ORDER_MESSAGES.shippingAddressMissing });
        if (!cart.billingAddress)
          missing.push({ field: "billing_address", message: ORDER_MESSAGES.billingAddressMissing });
        if (!cart.order.email) missing.push({ field: "email", message: ORDER_MESSAGES.emailMissing });
        const priced = priceCart(cart);
        if (priced.shippingKey === null) {
          missing.push({ field: "selected_shipping_service_key", message: ORDER_MESSAGES.shippingServiceMissing });
        }
        if (missing.length > 0) throw AppError.conflict((missing[0] as ErrorDetail).message, missing);

        const code = cart.order.promoCode;
        const promo = code
          ? await findPromoCode({ db: tx, code, payerKey: personKeyOf(actor, cart.order.email) })
          : undefined;
        const quote = await quoteCart({ tax: context.tax, cart, priced, promo });
        // A code that takes nothing off now is not silently dropped: the shopper decides (remove it, or fix the cart).
        if (quote.promoError) {
          throw AppError.conflict(quote.promoError, [{ field: "promo_code", message: quote.promoError }]);
        }
        const discountCents = quote.couponItemsCents + quote.couponShippingCents;
        const lines: PlacedLine[] = cart.lines.map((row, index) => ({
          ...row,
          unitSalePriceCents: priced.lines[index]?.unitSalePriceCents ?? null,
        }));
        // What the quote is made of: any change to it (a line, a price, an address, the option, the tax) is a new quote.
        const digest = createHash("sha256")
          .update(
            JSON.stringify({
              lines: lines.map((line) => [
                line.line.id,
                line.variant.id,
                line.line.size,
                line.line.color,
                line.line.quantity,
                line.variant.priceCents,
                line.unitSalePriceCents,
                line.style.baseCostCents,
              ]),
              shipping: [priced.shippingKey, quote.shippingCents],
              tax: quote.taxCents,
              promo: [code, discountCents, quote.giftCardCents],
              addresses: [cart.shippingAddress, cart.billingAddress],
              email: cart.order.email,
            }),
          )
          .digest("hex");

        const existing = locked.order_id;
        const unchanged = existing !== null && locked.quote_digest === digest;
        const processorPaymentId =
          unchanged && locked.processor_payment_id ? locked.processor_payment_id : newProcessorPaymentId();
        const placedAt = unchanged && locked.placed_at ? new Date(locked.placed_at) : new Date();
        const revision = Number(locked.revision);
        let orderId: string;
        let orderNumber: string;
        let lineIds: Map<number, { id: number; uuid: string }> | undefined;
        const amounts = sql`processor_payment_id = ${processorPaymentId}, quote_digest = ${digest},
        item_total_cents = ${quote.itemsCents}, discount_cents = ${discountCents},
        shipping_cents = ${quote.shippingCents}, tax_cents = ${quote.taxCents}, total_cents = ${quote.totalCents},
        gift_card_cents = ${quote.giftCardCents}, selected_shipping_service_key = ${priced.shippingKey},
        email = ${cart.order.email}, billing_same_as_shipping = ${cart.order.billingSameAsShipping},
        promo_code = ${code}, placed_at = ${placedAt.toISOString()}, cart_revision = ${revision}, updated_at = now()`;
        if (existing !== null) {
          orderId = existing;
          orderNumber = locked.order_number as string;
          // Guarded: a payment of this order that started meanwhile keeps the copy it is paying for.
          const replaced = await rows<{ id: string }>(
            tx,
            sql`update orders set ${amounts}
            where id = ${existing} and state = 'payment_pending' and payment_started_at is null returning id`,
          );
          if (replaced.length === 0) throw AppError.conflict(ORDER_MESSAGES.paymentInProgress);
          if (!unchanged) {
            await tx.execute(sql`delete from order_line_items where order_id = ${existing}`);
            ({ lineIds } = await copyCartIntoOrder(tx, { cartId: locked.id, orderId, lines }));
          }
        } else {
          orderNumber = generateOrderNumber();
          // The order and its copy of the cart in one statement.
          const insertOrder = sql`insert into orders (order_number, state, user_id, guest_id, cart_id, state_changed_by,
              state_change_reason, processor_payment_id, quote_digest, item_total_cents, discount_cents,
              shipping_cents, tax_cents, total_cents, gift_card_cents, selected_shipping_service_key, email,
              billing_same_as_shipping, promo_code, placed_at, cart_revision)
            values (${orderNumber}, 'payment_pending', ${owner.userId ?? null}, ${owner.guestId ?? null}, ${locked.id},
              ${payerKeyOf(actor)}, 'placed', ${processorPaymentId}, ${digest}, ${quote.itemsCents}, ${discountCents},
              ${quote.shippingCents}, ${quote.taxCents}, ${quote.totalCents}, ${quote.giftCardCents},
              ${priced.shippingKey}, ${cart.order.email}, ${cart.order.billingSameAsShipping}, ${code},
              ${placedAt.toISOString()}, ${revision})
            returning id`;
          ({ orderId, lineIds } = await copyCartIntoOrder(tx, { cartId: locked.id, insertOrder, lines }));
        }
        const orderLines = lineIds
          ? lines.map((line) => ({ ...line, line: { ...line.line, ...lineIds.get(line.line.id) } }))
          : await findPlacedOrder({ db: tx, where: { orderId } }).then((view) => view?.lines ?? lines);
        const view: PlacedOrderView = {
          order: {
            id: orderId,
            orderNumber,
            state: "payment_pending",
            userId: owner.userId ?? null,
            guestId: owner.guestId ?? null,
            email: cart.order.email,
            processorPaymentId,
            selectedShippingServiceKey: priced.shippingKey,
            itemTotalCents: quote.itemsCents,
            discountCents,
            shippingCents: quote.shippingCents,
            taxCents: quote.taxCents,
            totalCents: quote.totalCents,
            placedAt,
            paidAt: null,
            promoCode: code,
            promoKind: promo?.rule.kind ?? null,
            giftCardCents: quote.giftCardCents,
          },
          lines: orderLines,
          shippingAddress: cart.shippingAddress,
          billingAddress: cart.billingAddress,
          payment: undefined,
          timeline: [{ state: "payment_pending", at: placedAt }],
          fulfilment: { fulfilment: undefined, shipments: [] },
        };
        return { created: !unchanged, view };
      }),
    ),
  );
  return {
    created: placed.created,
    response: presentPlacedOrder(placed.view, await imagesPromise, {
      cancelWindowSeconds: context.config.ORDER_CANCEL_SECONDS,
    }),
  };
}
