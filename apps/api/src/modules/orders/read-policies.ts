import { identityRule, resourceRule } from "../../lib/authorize.ts";
import { ownsOrder } from "../cart/policies.ts";

/** What deciding a read of one order needs: its owner and state, and whether the request carried a valid link token. */
export type OrderReadAccess = {
  order: { userId: string | null; guestId: string | null; state: string };
  /** True when `?token=` is the signed link of this order's confirmation e-mail (order-link.ts). */
  hasValidLinkToken: boolean;
};

/**
 * Reading orders (issue 13, deliverable 7; decision 031). The list is a signed-in customer's own orders (a
 * guest has no order history: 401). One order is readable by the customer who placed it, and a guest's order
 * by whoever holds the signed link of its e-mail; anything else, a cart included, is "Order not found" (404),
 * so order numbers cannot be probed.
 */
export const orderReadPolicies = {
  listOrders: identityRule("customer"),
  readOrder: resourceRule({
    who: "guest",
    resourceName: "Order",
    allows: (actor, access: OrderReadAccess) => {
      const { order, hasValidLinkToken } = access;
      if (order.state === "cart") return false;
      if (order.userId !== null) return actor.kind === "user" && ownsOrder(actor, order);
      return hasValidLinkToken;
    },
  }),
};
