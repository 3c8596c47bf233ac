import { createHash, randomBytes } from "node:crypto";
import type { ErrorDetail } from "@threadfolk/contract/errors";
import { ORDER_MESSAGES, type PlacedOrderResponse } from "@threadfolk/contract/orders";
import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import { computeCartTotals } from "../cart/compute-cart-totals.ts";
import { estimateCartTax } from "../cart/get-shopping-cart.ts";
import { priceCart } from "../cart/presenters.ts";
import { type CartOwner, cartOwnerOf, type Executor, findCart, OPEN_ORDER } from "../cart/queries.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { type PlacedLine, type PlacedOrderView, presentPlacedOrder } from "./placed-order.ts";

type LockedOrder = {
  id: string;
  state: "cart" | "payment_pending";
  payment_started_at: Date | string | null;
  processor_payment_id: string | null;
  quote_digest: string | null;
  placed_at: Date | string | null;
  /** Names of the designs in the cart that can no longer be bought (deactivated or unpublished). */
  unavailable: string[] | string | null;
};

async function rows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The caller's open order, locked for the placement, with the names of its lines that can no longer be sold. */
async function lockOpenOrder(db: Executor, owner: CartOwner): Promise<LockedOrder | undefined> {
  const ownerMatch =
    owner.userId !== undefined ? sql`orders.user_id = ${owner.userId}` : sql`orders.guest_id = ${owner.guestId}`;
  const [row] = await rows<LockedOrder>(
    db,
    sql`select orders.id, orders.state, orders.payment_started_at, orders.processor_payment_id, orders.quote_digest,
      orders.placed_at,
      (select array_agg(designs.display_name order by order_line_items.id)
        from order_line_items
        join seller_design_product_variants on seller_design_product_variants.id = order_line_items.seller_design_product_variant_id
        join designs on designs.id = seller_design_product_variants.design_id
        where order_line_items.order_id = orders.id and not (${isListedDesign()})) as unavailable
    from orders where ${ownerMatch} and ${OPEN_ORDER} for update of orders`,
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

/**
 * `POST /orders` (issue 13, deliverable 1): turns the caller's cart into an order awaiting payment. One
 * transaction under the cart's row lock: every line is re-priced from the catalogue now, the addresses, e-mail
 * and shipping option must be set and every design still on sale (a 409 naming what is missing), and the
 * prices, shipping, tax and addresses are frozen on the order with a new `processor_payment_id`. Placing an
 * unchanged cart again answers the same quote (200, nothing written); a cart changed since, or whose prices
 * moved, is quoted again (201).
 */
export async function placeOrder(options: {
  context: Pick<AppContext, "db" | "config" | "tax">;
  actor: Actor;
}): Promise<{ created: boolean; response: PlacedOrderResponse }> {
  const { context, actor } = options;
  const owner = cartOwnerOf(actor);
  const imagesPromise = createImageUrlSigner({ db: context.db, config: context.config });
  const placed = await context.db.transaction(async (tx) => {
    const locked = await lockOpenOrder(tx, owner);
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
    if (!cart.billingAddress) missing.push({ field: "billing_address", message: ORDER_MESSAGES.billingAddressMissing });
    if (!cart.order.email) missing.push({ field: "email", message: ORDER_MESSAGES.emailMissing });
    const priced = priceCart(cart);
    if (priced.shippingKey === null) {
      missing.push({ field: "selected_shipping_service_key", message: ORDER_MESSAGES.shippingServiceMissing });
    }
    if (missing.length > 0) throw AppError.conflict((missing[0] as ErrorDetail).message, missing);

    const estimate = await estimateCartTax({ tax: context.tax, cart, priced });
    const totals = computeCartTotals({
      lines: priced.lines,
      shippingCents: priced.shippingCents,
      taxCents: estimate.totalTaxCents,
    });
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
          shipping: [priced.shippingKey, totals.totalShippingCents],
          tax: totals.totalTaxCents,
          addresses: [cart.shippingAddress, cart.billingAddress],
          email: cart.order.email,
        }),
      )
      .digest("hex");

    const unchanged = locked.state === "payment_pending" && locked.quote_digest === digest;
    const processorPaymentId =
      unchanged && locked.processor_payment_id ? locked.processor_payment_id : newProcessorPaymentId();
    const placedAt = unchanged && locked.placed_at ? new Date(locked.placed_at) : new Date();
    if (!unchanged) {
      const values = sql.join(
        lines.map(
          (line) =>
            sql`(${line.line.id}::int, ${line.variant.priceCents}::int, ${line.unitSalePriceCents}::int, ${line.style.baseCostCents}::int)`,
        ),
        sql`, `,
      );
      // The quote, the frozen line prices and the timeline's first step (once: an order placed again after a
      // change is still the same order), in one statement.
      await tx.execute(sql`with placed as (
          update orders set state = 'payment_pending', processor_payment_id = ${processorPaymentId},
            quote_digest = ${digest}, item_total_cents = ${totals.totalBeforeTaxCents}, discount_cents = 0,
            shipping_cents = ${totals.totalShippingCents}, tax_cents = ${totals.totalTaxCents},
            total_cents = ${totals.orderTotalCents}, selected_shipping_service_key = ${priced.shippingKey},
            placed_at = ${placedAt.toISOString()}, updated_at = now()
          where id = ${locked.id}
          returning id
        ), frozen_lines as (
          update order_line_items set unit_price_cents = frozen.price, unit_sale_price_cents = frozen.sale,
            unit_base_cost_cents = frozen.base_cost, updated_at = now()
          from (values ${values}) as frozen(id, price, sale, base_cost)
          where order_line_items.id = frozen.id and order_line_items.order_id in (select id from placed)
          returning order_line_items.id
        )
        insert into order_state_changes (order_id, state)
        select id, 'payment_pending' from placed
        where not exists (select 1 from order_state_changes where order_id = ${locked.id} and state = 'payment_pending')`);
    }
    const view: PlacedOrderView = {
      order: {
        id: cart.order.id,
        orderNumber: cart.order.orderNumber,
        state: "payment_pending",
        userId: owner.userId ?? null,
        guestId: owner.guestId ?? null,
        email: cart.order.email,
        processorPaymentId,
        selectedShippingServiceKey: priced.shippingKey,
        itemTotalCents: totals.totalBeforeTaxCents,
        discountCents: 0,
        shippingCents: totals.totalShippingCents,
        taxCents: totals.totalTaxCents,
        totalCents: totals.orderTotalCents,
        placedAt,
        paidAt: null,
      },
      lines,
      shippingAddress: cart.shippingAddress,
      billingAddress: cart.billingAddress,
      payment: undefined,
      timeline: [{ state: "payment_pending", at: placedAt }],
    };
    return { created: !unchanged, view };
  });
  return { created: placed.created, response: presentPlacedOrder(placed.view, await imagesPromise) };
}
