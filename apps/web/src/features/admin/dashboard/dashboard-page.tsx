import type { AdminDashboard } from "@threadfolk/contract/admin-orders";
import { formatCents } from "@threadfolk/contract/money";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminPageHeading } from "../admin-page-heading.tsx";
import { useAdminDashboard } from "../orders/orders-api.ts";
import { RevenueChart } from "./revenue-chart.tsx";

/** The admin console's home (issue 28): today's and the month's figures, the chart, and what needs attention. */
export default function DashboardPage() {
  const dashboard = useAdminDashboard();
  return (
    <div className="space-y-8">
      <AdminPageHeading title="Dashboard" />
      {dashboard.isPending ? (
        <p role="status">Loading the figures…</p>
      ) : dashboard.isError ? (
        <p role="alert" className="text-red-700">
          The dashboard could not be loaded: {dashboard.error.message}
        </p>
      ) : (
        <DashboardBody data={dashboard.data.data} />
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-neutral-200 bg-white p-4">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-extrabold text-neutral-950 tabular-nums">{value}</dd>
    </div>
  );
}

function DashboardBody({ data }: { data: AdminDashboard }) {
  const { today, last30Days, attention } = data;
  return (
    <>
      <section aria-labelledby="figures-today" className="space-y-3">
        <h2 id="figures-today" className="text-lg font-bold text-neutral-950">
          Today
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Figure label="Orders" value={String(today.orders)} />
          <Figure label="Revenue" value={formatCents(today.revenueCents)} />
          <Figure label="Average order" value={formatCents(today.averageOrderCents)} />
        </dl>
      </section>
      <section aria-labelledby="figures-month" className="space-y-3">
        <h2 id="figures-month" className="text-lg font-bold text-neutral-950">
          Last 30 days
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Orders" value={String(last30Days.orders)} />
          <Figure label="Revenue" value={formatCents(last30Days.revenueCents)} />
          <Figure label="Average order" value={formatCents(last30Days.averageOrderCents)} />
          <Figure label="Refunded" value={formatCents(last30Days.refundedCents)} />
        </dl>
        <RevenueChart series={data.series} />
      </section>
      <section aria-labelledby="attention" className="space-y-3">
        <h2 id="attention" className="text-lg font-bold text-neutral-950">
          Needs attention
        </h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <AttentionList title="On hold" count={attention.onHold.count} empty="No order is on hold.">
            {attention.onHold.orders.map((order) => (
              <AttentionItem
                key={order.orderNumber}
                orderNumber={order.orderNumber}
                detail={order.reason ?? "On hold"}
              />
            ))}
          </AttentionList>
          <AttentionList
            title="Failed at the print provider"
            count={attention.failed.count}
            empty="No order failed at the print provider."
          >
            {attention.failed.orders.map((order) => (
              <AttentionItem
                key={order.orderNumber}
                orderNumber={order.orderNumber}
                detail={order.reason ?? "Could not be printed"}
              />
            ))}
          </AttentionList>
          <AttentionList title="Late" count={attention.late.count} empty="No order is late.">
            {attention.late.orders.map((order) => (
              <AttentionItem
                key={order.orderNumber}
                orderNumber={order.orderNumber}
                detail={`Expected ${order.expectedDeliveryDate}, ${order.daysLate} ${order.daysLate === 1 ? "day" : "days"} late`}
              />
            ))}
          </AttentionList>
          <AttentionList
            title="Money to give back"
            count={attention.capturesToRefund.length + attention.refundsNeedingAttention.length}
            empty="No capture or refund is waiting."
          >
            {attention.capturesToRefund.map((capture) => (
              <AttentionItem
                key={capture.paymentId}
                orderNumber={capture.orderNumber}
                detail={`${capture.kind === "paypal" ? "PayPal capture" : "Card charge"} of ${formatCents(capture.amountCents)} not refunded`}
              />
            ))}
            {attention.refundsNeedingAttention.map((refund) => (
              <AttentionItem
                key={refund.refundId}
                orderNumber={refund.orderNumber}
                detail={`Refund of ${formatCents(refund.amountCents)} ${refund.status === "failed" ? "refused" : "still pending"}${refund.message ? `: ${refund.message}` : ""}`}
              />
            ))}
          </AttentionList>
        </div>
      </section>
    </>
  );
}

function AttentionList(props: { title: string; count: number; empty: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-neutral-200 bg-white p-4">
      <h3 className="flex items-center justify-between gap-2 font-bold text-neutral-950">
        {props.title}
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm tabular-nums ${props.count > 0 ? "bg-amber-100 text-amber-900" : "bg-neutral-100 text-neutral-700"}`}
        >
          {props.count}
        </span>
      </h3>
      {props.count === 0 ? (
        <p className="mt-2 text-sm text-neutral-600">{props.empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-neutral-100">{props.children}</ul>
      )}
    </div>
  );
}

function AttentionItem({ orderNumber, detail }: { orderNumber: string; detail: string }) {
  return (
    <li className="py-2 text-sm">
      <Link
        to={`/admin/orders/${orderNumber}`}
        className="font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
      >
        {orderNumber}
      </Link>
      <span className="block text-neutral-700 sm:ml-2 sm:inline">{detail}</span>
    </li>
  );
}
