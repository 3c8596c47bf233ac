import type { OrderLineItem } from "@threadfolk/contract/cart";
import {
  CANCELLATION_MESSAGES,
  type OrderCancellation,
  type OrderShipmentStatus,
  type PlacedOrderState,
} from "@threadfolk/contract/orders";

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

/**
 * How an order was paid, as its page and list say it: the server's description ('Visa ending 4242', 'PayPal'),
 * or, without one, what the state tells (an order awaiting payment, a cancelled one that never was paid, one
 * cancelled after payment and refunded: `paidAt` tells those two apart).
 */
export function paymentMethodText(
  state: PlacedOrderState,
  paymentMethod: { description: string } | null | undefined,
  paidAt: string | null = null,
): string {
  if (paymentMethod) return paymentMethod.description;
  if (state === "payment_pending") return "Not paid yet";
  if (state === "cancelled") return paidAt ? "Refunded" : "Not paid";
  if (state === "refunded") return "Refunded";
  return "Paid";
}

const DELIVERY_DAY = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * "Tuesday, December 8" for a calendar day (YYYY-MM-DD). The carrier's day is a date, not an instant: it is
 * read in UTC so that no time zone moves it to the day before.
 */
export function formatDeliveryDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return DELIVERY_DAY.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** The states in which an order is still on its way to the shopper (paid, not delivered, not ended). */
const AWAITING_DELIVERY: readonly PlacedOrderState[] = [
  "paid",
  "in_production",
  "partly_shipped",
  "shipped",
  "on_hold",
];

/**
 * The day to show as 'Expected by Tuesday, December 8' (YYYY-MM-DD): the server's estimate while the order is on
 * its way; null once it arrived or ended, and when there is no estimate.
 */
export function expectedDeliveryDay(state: PlacedOrderState, estimatedDeliveryDate: string | null): string | null {
  return estimatedDeliveryDate && AWAITING_DELIVERY.includes(state) ? estimatedDeliveryDate : null;
}

/** How each parcel's status reads, and its badge's colours (as the order states' badges). */
export const SHIPMENT_STATUS_BADGE: Record<OrderShipmentStatus, { label: string; className: string }> = {
  shipped: { label: "On its way", className: "bg-sky-100 text-sky-900" },
  delivered: { label: "Delivered", className: "bg-emerald-100 text-emerald-900" },
  returned: { label: "Returned", className: "bg-amber-100 text-amber-900" },
  lost: { label: "Lost in transit", className: "bg-amber-100 text-amber-900" },
};

/**
 * The order's lines in a parcel, in the order's own order, each with whether it is split across parcels (the
 * print shop cuts a very large line in two: its quantity is then not all in this parcel).
 */
export function shipmentLines<Line extends { id: number }>(options: {
  lineItemIds: readonly number[];
  lines: readonly Line[];
  shipments: ReadonlyArray<{ lineItemIds: readonly number[] }>;
}): Array<{ line: Line; isSplit: boolean }> {
  const { lineItemIds, lines, shipments } = options;
  return lines
    .filter((line) => lineItemIds.includes(line.id))
    .map((line) => ({
      line,
      isSplit: shipments.filter((shipment) => shipment.lineItemIds.includes(line.id)).length > 1,
    }));
}

const TIME = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const DAY_TIME = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** 'You can cancel until 3:42 PM' (today) or 'You can cancel until Dec 8, 3:42 PM', in the shopper's time zone. */
export function cancelUntilText(until: string, now: Date = new Date()): string {
  const date = new Date(until);
  const isToday = date.toDateString() === now.toDateString();
  return `You can cancel until ${(isToday ? TIME : DAY_TIME).format(date)}`;
}

/**
 * Why a paid order can no longer be cancelled, as its page says it under the status (the server's reason); null
 * while it can be, and for orders never paid (nothing to cancel there: the 'not paid' reason is not shown).
 */
export function cancellationNote(options: { paidAt: string | null; cancellation: OrderCancellation }): string | null {
  const { paidAt, cancellation } = options;
  if (cancellation.cancellable || !paidAt || !cancellation.reason) return null;
  if (cancellation.reason === CANCELLATION_MESSAGES.notPaid) return null;
  return cancellation.reason;
}
