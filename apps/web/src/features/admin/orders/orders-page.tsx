import { ADMIN_PAYMENT_METHODS, type AdminOrdersQuery } from "@threadfolk/contract/admin-orders";
import { formatCents } from "@threadfolk/contract/money";
import { ORDER_STATE_NAMES, PLACED_ORDER_STATES, type PlacedOrderState } from "@threadfolk/contract/orders";
import { type FormEvent, useId } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { OrderStateBadge } from "../../../components/order-state-badge.tsx";
import { AdminPageHeading } from "../admin-page-heading.tsx";
import { useAdminOrders } from "./orders-api.ts";

export const PAYMENT_METHOD_NAMES: Record<(typeof ADMIN_PAYMENT_METHODS)[number], string> = {
  card: "Card",
  paypal: "PayPal",
  gift_card: "Gift card",
};

const FIELD =
  "h-11 w-full rounded-lg border border-neutral-400 bg-white px-3 text-[15px] text-neutral-950 focus:border-brand focus:outline-2 focus:outline-brand/40";

export function formatDateTime(value: string): string {
  return new Date(value).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

/** The search box and filters live in the address (shareable, back button). */
function queryOf(params: URLSearchParams): AdminOrdersQuery {
  const page = Number(params.get("page") ?? "1");
  const method = params.get("payment_method");
  return {
    q: params.get("q") || undefined,
    state: params.get("state") || undefined,
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
    paymentMethod: ADMIN_PAYMENT_METHODS.find((candidate) => candidate === method),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  } as AdminOrdersQuery;
}

/** Orders (issue 28): search by number, e-mail or name; filter by state, day and payment method; newest first. */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const orders = useAdminOrders(query);
  const formId = useId();

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ["q", "state", "payment_method", "from", "to"]) {
      const value = String(form.get(name) ?? "").trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  }

  function goToPage(page: number) {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    setParams(next);
  }

  const page = Number(query.page ?? 1);
  return (
    <div className="space-y-6">
      <AdminPageHeading title="Orders" />
      <search aria-label="Orders">
        <form
          onSubmit={search}
          className="grid grid-cols-1 gap-3 rounded-2xl border border-neutral-200 bg-white p-4 md:grid-cols-6"
          key={params.toString()}
        >
          <div className="md:col-span-2">
            <label htmlFor={`${formId}-q`} className="mb-1 block text-sm font-semibold text-neutral-800">
              Order number, e-mail or name
            </label>
            <input id={`${formId}-q`} name="q" type="search" defaultValue={query.q ?? ""} className={FIELD} />
          </div>
          <div>
            <label htmlFor={`${formId}-state`} className="mb-1 block text-sm font-semibold text-neutral-800">
              State
            </label>
            <select id={`${formId}-state`} name="state" defaultValue={query.state ?? ""} className={FIELD}>
              <option value="">Any state</option>
              {PLACED_ORDER_STATES.map((state) => (
                <option key={state} value={state}>
                  {ORDER_STATE_NAMES[state]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${formId}-method`} className="mb-1 block text-sm font-semibold text-neutral-800">
              Payment method
            </label>
            <select
              id={`${formId}-method`}
              name="payment_method"
              defaultValue={query.paymentMethod ?? ""}
              className={FIELD}
            >
              <option value="">Any method</option>
              {ADMIN_PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {PAYMENT_METHOD_NAMES[method]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${formId}-from`} className="mb-1 block text-sm font-semibold text-neutral-800">
              Placed from
            </label>
            <input id={`${formId}-from`} name="from" type="date" defaultValue={query.from ?? ""} className={FIELD} />
          </div>
          <div>
            <label htmlFor={`${formId}-to`} className="mb-1 block text-sm font-semibold text-neutral-800">
              Placed to
            </label>
            <input id={`${formId}-to`} name="to" type="date" defaultValue={query.to ?? ""} className={FIELD} />
          </div>
          <div className="flex gap-3 md:col-span-6">
            <Button type="submit" className="h-11">
              Search
            </Button>
            <Button type="button" variant="secondary" className="h-11" onClick={() => setParams(new URLSearchParams())}>
              Clear
            </Button>
          </div>
        </form>
      </search>

      {orders.isPending ? (
        <p role="status">Loading orders…</p>
      ) : orders.isError ? (
        <p role="alert" className="text-red-700">
          {orders.error.message}
        </p>
      ) : orders.data.data.length === 0 ? (
        <p role="status" className="rounded-2xl border border-neutral-200 bg-white p-6 text-neutral-700">
          No orders match.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-neutral-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Orders, newest first</caption>
            <thead className="border-b border-neutral-200 text-neutral-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Order
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                  Placed
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Customer
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  State
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">
                  Payment
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {orders.data.data.map((order) => (
                <tr key={order.orderNumber} className="align-top hover:bg-neutral-50">
                  <td className="px-4 py-3 whitespace-nowrap">
                    <Link
                      to={`/admin/orders/${order.orderNumber}`}
                      className="font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                    >
                      {order.orderNumber}
                    </Link>
                    <span className="block text-xs text-neutral-600 md:hidden">{formatDateTime(order.placedAt)}</span>
                  </td>
                  <td className="hidden px-4 py-3 whitespace-nowrap md:table-cell">{formatDateTime(order.placedAt)}</td>
                  <td className="max-w-[14rem] px-4 py-3">
                    <span className="block truncate font-medium text-neutral-950">
                      {order.customerName ?? order.shipToName ?? "Guest"}
                    </span>
                    <span className="block truncate text-neutral-600">{order.email}</span>
                  </td>
                  <td className="px-4 py-3">
                    <OrderStateBadge state={order.state as PlacedOrderState} compact />
                  </td>
                  <td className="hidden px-4 py-3 lg:table-cell">
                    {order.paymentMethod ? PAYMENT_METHOD_NAMES[order.paymentMethod] : "None"}
                  </td>
                  <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                    {formatCents(order.totalCents)}
                    {order.refundedCents > 0 && (
                      <span className="block text-xs text-neutral-600">
                        {formatCents(order.refundedCents)} refunded
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {orders.data && (page > 1 || orders.data.meta.hasMore) && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-neutral-700">Page {page}</span>
          <Button variant="secondary" disabled={!orders.data.meta.hasMore} onClick={() => goToPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
