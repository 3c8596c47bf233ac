import type { OrdersListResponse } from "@threadfolk/contract/orders";
import { orderPath } from "@threadfolk/contract/routes";
import { Link } from "react-router";
import { OrderStateBadge } from "../../../components/order-state-badge.tsx";
import { formatOrderDate, itemCountText, paymentMethodText } from "../order-facts.ts";

type OrderSummary = OrdersListResponse["data"][number];

function OrderThumbnail({ order }: { order: OrderSummary["attributes"] }) {
  if (!order.previewImage) {
    return <span aria-hidden="true" className="size-16 shrink-0 rounded-xl bg-neutral-100 md:size-20" />;
  }
  return (
    <img
      src={order.previewImage}
      alt=""
      width={80}
      height={80}
      loading="lazy"
      decoding="async"
      className="size-16 shrink-0 rounded-xl bg-neutral-100 object-cover ring-1 ring-neutral-900/5 md:size-20"
    />
  );
}

function OrderListItem({ order }: { order: OrderSummary }) {
  const { attributes } = order;
  const placed = formatOrderDate(attributes.placedAt);
  return (
    <li>
      <article
        aria-label={`Order ${attributes.orderNumber}`}
        className="relative flex gap-4 rounded-2xl bg-white p-4 ring-1 ring-neutral-900/10 transition-shadow focus-within:ring-2 focus-within:ring-brand hover:shadow-md md:items-center md:gap-6 md:p-5"
      >
        <OrderThumbnail order={attributes} />
        <div className="grid min-w-0 flex-1 gap-x-6 gap-y-1 md:grid-cols-[minmax(0,1fr)_9.5rem_14rem] lg:grid-cols-[minmax(0,1fr)_11rem_15rem] md:items-center">
          <div className="min-w-0">
            <h2 className="font-display text-lg font-extrabold tracking-tight text-neutral-950">
              {/* The whole card is the link's target (the ::after covers it). */}
              <Link
                to={orderPath(attributes.orderNumber)}
                className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
              >
                {attributes.orderNumber}
              </Link>
            </h2>
            <p className="truncate text-sm text-neutral-600">
              {placed && <time dateTime={attributes.placedAt ?? undefined}>{placed}</time>}
              {placed && <span aria-hidden="true"> · </span>}
              {itemCountText(attributes.itemCount)}
              {attributes.previewName && <span className="hidden md:inline"> · {attributes.previewName}</span>}
            </p>
          </div>
          <p className="text-sm text-neutral-600">
            <span className="sr-only">Payment: </span>
            {paymentMethodText(attributes.state, attributes.paymentMethod, attributes.paidAt)}
          </p>
          <div className="mt-2 flex items-center justify-between gap-3 md:mt-0 md:justify-end md:gap-5">
            <OrderStateBadge state={attributes.state} />
            <p className="text-base font-bold text-neutral-950">
              <span className="sr-only">Total </span>
              {attributes.orderTotal}
            </p>
          </div>
        </div>
      </article>
    </li>
  );
}

/** The Orders tab's list: each order with its thumbnail, number, date, items, payment method, status and total. */
export function OrderList({ orders }: { orders: OrderSummary[] }) {
  return (
    <ul aria-label="Your orders" className="space-y-3">
      {orders.map((order) => (
        <OrderListItem key={order.id} order={order} />
      ))}
    </ul>
  );
}
