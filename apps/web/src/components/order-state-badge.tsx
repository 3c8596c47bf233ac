import { ORDER_STATE_NAMES, type PlacedOrderState } from "@threadfolk/contract/orders";

/**
 * How a state's badge looks: good news green, on its way blue, needing attention amber, endings grey. Shared by
 * the shopper's orders and the artist's Sales, so one state reads the same everywhere.
 */
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

/** The badge's classes and text for an order's state (ORDER_STATE_NAMES). */
export function orderStateBadge(state: PlacedOrderState): { className: string; label: string } {
  return { className: STATE_BADGE[state], label: ORDER_STATE_NAMES[state] };
}

/** The order's state as a small coloured pill ('Paid', 'Shipped'); `compact` for dense tables. */
export function OrderStateBadge({ state, compact = false }: { state: PlacedOrderState; compact?: boolean }) {
  const badge = orderStateBadge(state);
  return (
    <span
      className={`inline-flex items-center rounded-full text-xs font-bold whitespace-nowrap ${
        compact ? "h-6 px-2" : "h-7 px-3 tracking-wide"
      } ${badge.className}`}
    >
      {badge.label}
    </span>
  );
}
