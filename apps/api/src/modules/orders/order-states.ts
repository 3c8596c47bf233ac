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
];

/** The states in which an order has been paid (its charge is kept, net of refunds). */
export const PAID_STATES = [
  "paid",
  "in_production",
  "shipped",
  "delivered",
  "partly_refunded",
] as const satisfies readonly PlacedOrderState[];

/** Whether the machine allows `from` -> `to` (null: a new order). */
export function canMove(from: PlacedOrderState | null, to: OrderState): boolean {
  return ORDER_TRANSITIONS.some(([a, b]) => a === from && b === to);
}
