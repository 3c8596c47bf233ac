import type { OrderState, PlacedOrderState } from "@threadfolk/contract/orders";

/**
 * THE state machine of an order (decision 053): the states after placement and every move allowed between
 * them, listed once. Migration 0026 stores the same pairs in `order_state_transitions`, and the trigger
 * `orders_state_move` refuses any other move and appends each move to the timeline with who made it and why
 * (`order-states.integration.test.ts` checks that the table and this list agree). A cart (`cart`) is a
 * different row: it never moves, and nothing moves into it.
 *
 *   (new) -> payment_pending -> paid -> in_production -> shipped -> delivered
 *   payment_pending -> on_hold (a capture under review) -> paid | payment_pending | failed | cancelled
 *   payment_pending -> cancelled (voided: its lines moved to an account's cart) | failed
 *   paid, in_production, shipped, delivered, partly_refunded -> partly_refunded | refunded
 *   paid, in_production -> on_hold
 *   fulfilment (issue 27): paid -> cancelled (the shopper, in the window) | fulfilment_failed;
 *   in_production -> partly_shipped -> shipped -> delivered; shipped, delivered, partly_shipped -> returned;
 *   on_hold (a paid order the provider holds) -> in_production | partly_shipped | fulfilment_failed | refunds;
 *   fulfilment_failed -> paid (resubmitted) | refunds; returned -> refunds
 *
 * A paid order never goes back to payment_pending, and no order ever becomes a cart.
 */
export const ORDER_TRANSITIONS: ReadonlyArray<readonly [from: PlacedOrderState | null, to: OrderState]> = [
  [null, "payment_pending"],
  ["payment_pending", "paid"],
  ["payment_pending", "on_hold"],
  ["payment_pending", "failed"],
  ["payment_pending", "cancelled"],
  ["on_hold", "paid"],
  ["on_hold", "payment_pending"],
  ["on_hold", "failed"],
  ["on_hold", "cancelled"],
  ["paid", "in_production"],
  ["paid", "on_hold"],
  ["paid", "partly_refunded"],
  ["paid", "refunded"],
  ["in_production", "shipped"],
  ["in_production", "on_hold"],
  ["in_production", "partly_refunded"],
  ["in_production", "refunded"],
  ["shipped", "delivered"],
  ["shipped", "partly_refunded"],
  ["shipped", "refunded"],
  ["delivered", "partly_refunded"],
  ["delivered", "refunded"],
  ["partly_refunded", "refunded"],
  // Fulfilment (issue 27, migration 0028). A read-back that finds the provider further on walks these one by one.
  ["paid", "cancelled"],
  ["paid", "fulfilment_failed"],
  ["in_production", "partly_shipped"],
  ["in_production", "fulfilment_failed"],
  ["partly_shipped", "shipped"],
  ["partly_shipped", "on_hold"],
  ["partly_shipped", "returned"],
  ["partly_shipped", "partly_refunded"],
  ["partly_shipped", "refunded"],
  ["shipped", "returned"],
  ["delivered", "returned"],
  ["on_hold", "in_production"],
  ["on_hold", "partly_shipped"],
  ["on_hold", "fulfilment_failed"],
  ["on_hold", "partly_refunded"],
  ["on_hold", "refunded"],
  ["fulfilment_failed", "paid"],
  ["fulfilment_failed", "partly_refunded"],
  ["fulfilment_failed", "refunded"],
  ["returned", "partly_refunded"],
  ["returned", "refunded"],
];

/** The states in which an order has been paid (its charge is kept, net of refunds). */
export const PAID_STATES = [
  "paid",
  "in_production",
  "partly_shipped",
  "shipped",
  "delivered",
  "returned",
  "fulfilment_failed",
  "partly_refunded",
] as const satisfies readonly PlacedOrderState[];

/** Whether the machine allows `from` -> `to` (null: a new order). */
export function canMove(from: PlacedOrderState | null, to: OrderState): boolean {
  return ORDER_TRANSITIONS.some(([a, b]) => a === from && b === to);
}
