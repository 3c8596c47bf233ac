import type { OrderLineItem } from "@threadfolk/contract/cart";
import { ORDER_STATE_NAMES, type PlacedOrderState } from "@threadfolk/contract/orders";

const DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Nov 22, 2026" in the shopper's time zone; an empty string when there is no date. */
export function formatOrderDate(iso: string | null): string {
  return iso ? DATE.format(new Date(iso)) : "";
}

/** "Nov 22, 2026, 11:58 PM" in the shopper's time zone. */
export function formatOrderDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** "1 item", "3 items". */
export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? "item" : "items"}`;
}

const FIT_NAMES: Record<OrderLineItem["attributes"]["gender"], string> = {
  Men: "Men's",
  Women: "Women's",
  Unisex: "Unisex",
};

/** "Men's T-Shirt". */
export function orderLineGarment(line: Pick<OrderLineItem["attributes"], "gender" | "garmentStyle">): string {
  return `${FIT_NAMES[line.gender]} ${line.garmentStyle}`;
}

/** How a state's badge looks: good news green, waiting amber, endings grey. */
const STATE_BADGE: Record<PlacedOrderState, string> = {
  payment_pending: "bg-amber-100 text-amber-900",
  on_hold: "bg-amber-100 text-amber-900",
  failed: "bg-neutral-200 text-neutral-800",
  paid: "bg-emerald-100 text-emerald-900",
  in_production: "bg-sky-100 text-sky-900",
  partly_shipped: "bg-sky-100 text-sky-900",
  shipped: "bg-sky-100 text-sky-900",
  delivered: "bg-emerald-100 text-emerald-900",
  returned: "bg-amber-100 text-amber-900",
  fulfilment_failed: "bg-amber-100 text-amber-900",
  cancelled: "bg-neutral-200 text-neutral-800",
  partly_refunded: "bg-neutral-200 text-neutral-800",
  refunded: "bg-neutral-200 text-neutral-800",
};

/** The badge's classes and text for an order's state. */
export function orderStateBadge(state: PlacedOrderState): { className: string; label: string } {
  return { className: STATE_BADGE[state], label: ORDER_STATE_NAMES[state] };
}

/**
 * How an order was paid, as its page and list say it: the server's description ('Visa ending 4242', 'PayPal'),
 * or, without one, what the state tells (an order awaiting payment, a cancelled one that never was paid).
 */
export function paymentMethodText(
  state: PlacedOrderState,
  paymentMethod: { description: string } | null | undefined,
): string {
  if (paymentMethod) return paymentMethod.description;
  if (state === "payment_pending") return "Not paid yet";
  if (state === "cancelled") return "Not paid";
  if (state === "refunded") return "Refunded";
  return "Paid";
}
