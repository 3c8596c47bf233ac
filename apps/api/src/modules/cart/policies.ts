import { type Actor, identityRule, resourceRule } from "../../lib/authorize.ts";

/** Who an order belongs to: exactly one of a customer and a guest (the table's CHECK guarantees it). */
export type OrderOwnership = { userId: string | null; guestId: string | null };

/**
 * Whether `actor` owns the order: a customer by user id, a guest by guest id. A customer never owns the
 * cart of the guest they were (that cart was merged into theirs at sign-in), and a guest never a customer's.
 */
export function ownsOrder(actor: Actor, order: OrderOwnership): boolean {
  if (actor.kind === "user") return order.userId === actor.userId;
  return order.guestId === actor.guestId;
}

/**
 * A line of the actor's own cart: anyone else's line, or a line of an order (placed orders are rows of their own,
 * never changed through the cart), is "not found".
 */
const ownCartLine = resourceRule({
  who: "guest",
  resourceName: "Order line item",
  allows: (actor, line: { order: OrderOwnership & { state: string } }) =>
    line.order.state === "cart" && ownsOrder(actor, line.order),
});

/**
 * The cart is every shopper's, guests included (spec section 6): any token may read and fill its own cart,
 * which is found by the caller's identity. A line id names one cart's line: another identity's line answers
 * 404 for reads and writes alike (decision 014), so ids cannot be probed.
 */
export const cartPolicies = {
  readCart: identityRule("guest"),
  addLine: identityRule("guest"),
  updateLine: ownCartLine,
  deleteLine: ownCartLine,
};
