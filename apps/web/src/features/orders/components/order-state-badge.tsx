import type { PlacedOrderState } from "@threadfolk/contract/orders";
import { orderStateBadge } from "../order-facts.ts";

/** The order's state as a small coloured pill ('Paid', 'Shipped'). */
export function OrderStateBadge({ state }: { state: PlacedOrderState }) {
  const badge = orderStateBadge(state);
  return (
    <span
      className={`inline-flex h-7 items-center rounded-full px-3 text-xs font-bold tracking-wide whitespace-nowrap ${badge.className}`}
    >
      {badge.label}
    </span>
  );
}
