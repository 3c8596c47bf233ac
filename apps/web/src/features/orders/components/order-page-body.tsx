import type { ReactNode } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useOrder } from "../api/get-order.ts";
import { OrderDetail } from "./order-detail.tsx";

/**
 * An order page's content by its number: the order, or a clear word when it cannot be shown. Someone else's
 * order, a mistyped number and a link whose token does not match all read "not found", as the API answers.
 */
export function OrderPageBody({
  orderNumber,
  token = null,
  notFound,
}: {
  orderNumber: string;
  token?: string | null;
  /** What to offer when the order is not found (a way back to the list, or home). */
  notFound: ReactNode;
}) {
  const order = useOrder(orderNumber, token);
  if (order.isPending) return <Spinner className="py-16" label="Loading your order" />;
  if (order.isError) {
    if (isApiError(order.error, 404) || isApiError(order.error, 401)) {
      return (
        <div className="rounded-2xl bg-neutral-50 px-5 py-10 text-center">
          <h2 className="font-display text-xl font-extrabold text-neutral-950">Order not found</h2>
          <p className="mt-2 text-neutral-700">
            We could not find order {orderNumber}. Check the number, or open the link in your confirmation e-mail again.
          </p>
          {notFound}
        </div>
      );
    }
    return (
      <div className="rounded-2xl bg-neutral-50 px-5 py-8">
        <p className="text-neutral-700">This order could not be loaded.</p>
        <button
          type="button"
          onClick={() => order.refetch()}
          className="mt-4 inline-flex h-10 items-center rounded-full border border-neutral-300 px-4 text-sm font-semibold"
        >
          Try again
        </button>
      </div>
    );
  }
  return <OrderDetail order={order.data} token={token} />;
}
