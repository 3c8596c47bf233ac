import { type AdminOrder, ORDER_NOTE_MAX_LENGTH } from "@threadfolk/contract/admin-orders";
import { formatCents } from "@threadfolk/contract/money";
import { ORDER_STATE_NAMES, type PlacedOrderState } from "@threadfolk/contract/orders";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Link, useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { OrderStateBadge } from "../../../components/order-state-badge.tsx";
import { appConfig } from "../../../lib/config.ts";
import { type ActionDialogKind, ReasonDialog, RefundDialog, ResendDialog } from "./order-action-dialogs.tsx";
import { type AdminOrderAction, useAdminOrder, useAdminOrderAction } from "./orders-api.ts";
import { formatDateTime, PAYMENT_METHOD_NAMES } from "./orders-page.tsx";

/** One order for an operator (issue 28): every section, and the actions with their dialogs. */
export default function OrderPage() {
  const orderNumber = (useParams().orderNumber ?? "").toUpperCase();
  useEffect(() => {
    document.title = `Order ${orderNumber} | ${appConfig.brandName} admin`;
  }, [orderNumber]);
  const order = useAdminOrder(orderNumber);
  const action = useAdminOrderAction(orderNumber);
  const [dialog, setDialog] = useState<ActionDialogKind | null>(null);
  const [result, setResult] = useState<string | null>(null);

  async function run(request: AdminOrderAction) {
    const reply = await action.mutateAsync(request);
    setResult(reply.meta.message);
    return reply;
  }

  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/orders" className="text-sm font-semibold text-brand underline-offset-4 hover:underline">
          ← Orders
        </Link>
      </p>
      {order.isPending ? (
        <p role="status">Loading the order…</p>
      ) : order.isError ? (
        <p role="alert" className="text-red-700">
          {order.error.message}
        </p>
      ) : (
        <>
          <OrderHeader order={order.data.data} onAction={setDialog} />
          <div role="status" aria-live="polite">
            {result && <p className="rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900">{result}</p>}
          </div>
          <OrderSections order={order.data.data} run={run} />
          <RefundDialog
            key={`refund-${dialog === "refund"}`}
            order={order.data.data}
            open={dialog === "refund"}
            onOpenChange={(open) => setDialog(open ? "refund" : null)}
            run={run}
          />
          {(["cancel", "resubmit"] as const).map((kind) => (
            <ReasonDialog
              key={`${kind}-${dialog === kind}`}
              kind={kind}
              order={order.data.data}
              open={dialog === kind}
              onOpenChange={(open) => setDialog(open ? kind : null)}
              run={run}
            />
          ))}
          <ResendDialog
            key={`resend-${dialog === "resend"}`}
            order={order.data.data}
            open={dialog === "resend"}
            onOpenChange={(open) => setDialog(open ? "resend" : null)}
            run={run}
          />
        </>
      )}
    </div>
  );
}

function OrderHeader({ order, onAction }: { order: AdminOrder; onAction: (kind: ActionDialogKind) => void }) {
  const { actions } = order;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-extrabold tracking-tight text-neutral-950">
          Order {order.orderNumber}
        </h1>
        <OrderStateBadge state={order.state as PlacedOrderState} />
        {order.late && (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900">Late</span>
        )}
      </div>
      <p className="text-neutral-700">
        Placed {formatDateTime(order.placedAt)} · {formatCents(order.amounts.totalCents)}
        {order.amounts.refundedCents > 0 && ` · ${formatCents(order.amounts.refundedCents)} refunded`}
        {order.expectedDeliveryDate && ` · expected ${order.expectedDeliveryDate}`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="h-10 px-4" disabled={!actions.refund} onClick={() => onAction("refund")}>
          Refund
        </Button>
        <Button variant="secondary" className="h-10 px-4" disabled={!actions.cancel} onClick={() => onAction("cancel")}>
          Cancel order
        </Button>
        <Button
          variant="secondary"
          className="h-10 px-4"
          disabled={!actions.resubmit}
          onClick={() => onAction("resubmit")}
        >
          Send to production again
        </Button>
        <Button
          variant="secondary"
          className="h-10 px-4"
          disabled={actions.resendEmails.length === 0}
          onClick={() => onAction("resend")}
        >
          Send an e-mail again
        </Button>
      </div>
    </div>
  );
}

function Section({ title, children, className = "" }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-neutral-200 bg-white p-4 md:p-5 ${className}`}>
      <h2 id={id} className="mb-3 text-lg font-bold text-neutral-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-neutral-600">{children}</p>;
}

function stateName(state: string | null): string {
  return state ? (ORDER_STATE_NAMES[state as PlacedOrderState] ?? state) : "New";
}

function OrderSections({ order, run }: { order: AdminOrder; run: (action: AdminOrderAction) => Promise<unknown> }) {
  const address = order.shippingAddress;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <Section title="Items" className="lg:col-span-2">
        <ul className="divide-y divide-neutral-100">
          {order.lines.map((line) => (
            <li key={line.id} className="flex flex-wrap justify-between gap-2 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-semibold text-neutral-950">
                  {line.quantity} × {line.name}
                  {line.refunded && (
                    <span className="ml-2 rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-bold text-neutral-800">
                      Refunded
                    </span>
                  )}
                </p>
                <p className="text-neutral-700">{line.description}</p>
                <p className="text-neutral-600">Line {line.id}</p>
                {line.printFile ? (
                  <a
                    href={line.printFile.url}
                    target="_blank"
                    rel="noreferrer"
                    className="font-semibold text-brand underline-offset-4 hover:underline"
                  >
                    Print file ({line.printFile.widthPx} × {line.printFile.heightPx} px, {line.printFile.dpi} DPI)
                  </a>
                ) : (
                  <p className="text-neutral-600">No print file yet</p>
                )}
              </div>
              <p className="tabular-nums">{formatCents(line.lineTotalCents)}</p>
            </li>
          ))}
        </ul>
        {order.packingSlipUrl && (
          <a
            href={order.packingSlipUrl}
            target="_blank"
            rel="noreferrer"
            className="mt-2 inline-block text-sm font-semibold text-brand underline-offset-4 hover:underline"
          >
            Packing slip (PDF)
          </a>
        )}
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 border-t border-neutral-100 pt-3 text-sm">
          <dt>Items</dt>
          <dd className="text-right tabular-nums">{formatCents(order.amounts.itemTotalCents)}</dd>
          {order.amounts.discountCents > 0 && (
            <>
              <dt>Discount{order.promoCode ? ` (${order.promoCode})` : ""}</dt>
              <dd className="text-right tabular-nums">−{formatCents(order.amounts.discountCents)}</dd>
            </>
          )}
          <dt>Shipping</dt>
          <dd className="text-right tabular-nums">{formatCents(order.amounts.shippingCents)}</dd>
          <dt>Tax</dt>
          <dd className="text-right tabular-nums">{formatCents(order.amounts.taxCents)}</dd>
          <dt className="font-bold">Total</dt>
          <dd className="text-right font-bold tabular-nums">{formatCents(order.amounts.totalCents)}</dd>
          <dt>Refunded</dt>
          <dd className="text-right tabular-nums">{formatCents(order.amounts.refundedCents)}</dd>
        </dl>
      </Section>

      <Section title="Customer">
        <p className="text-sm font-semibold text-neutral-950">
          {order.customer.kind === "customer" ? (order.customer.name ?? "Customer") : "Guest checkout"}
        </p>
        <p className="text-sm break-all text-neutral-700">{order.email}</p>
        {address && (
          <address className="mt-3 text-sm text-neutral-800 not-italic">
            <span className="block font-semibold">Ship to</span>
            {address.firstName} {address.lastName}
            <br />
            {address.address1}
            {address.address2 && (
              <>
                <br />
                {address.address2}
              </>
            )}
            <br />
            {address.city}, {address.state} {address.zip}
          </address>
        )}
        <p className="mt-3 text-sm text-neutral-700">Shipping: {order.shippingServiceKey ?? "not chosen"}</p>
      </Section>

      <Section title="Payments">
        {order.payments.length === 0 ? (
          <Empty>No payment.</Empty>
        ) : (
          <ul className="space-y-2 text-sm">
            {order.payments.map((payment) => (
              <li key={payment.id}>
                <span className="font-semibold">
                  {PAYMENT_METHOD_NAMES[payment.kind as keyof typeof PAYMENT_METHOD_NAMES] ?? payment.kind}
                  {payment.cardBrand && ` (${payment.cardBrand} ending ${payment.cardLast4})`}
                </span>{" "}
                {formatCents(payment.amountCents)} · {payment.status}
                <span className="block text-neutral-600">
                  {payment.processor} {payment.processorReference ?? ""} · {formatDateTime(payment.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Refunds">
        {order.refunds.length === 0 ? (
          <Empty>No refund.</Empty>
        ) : (
          <ul className="space-y-2 text-sm">
            {order.refunds.map((refund) => (
              <li key={refund.id}>
                <span className="font-semibold">{formatCents(refund.amountCents)}</span> · {refund.status} ·{" "}
                {refund.processor}
                {refund.lineIds.length > 0 && ` · line ${refund.lineIds.join(", ")}`}
                <span className="block text-neutral-700">“{refund.reason}”</span>
                <span className="block text-neutral-600">
                  {refund.actor} · {formatDateTime(refund.createdAt)}
                  {refund.message ? ` · ${refund.message}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Print provider">
        {order.fulfilment ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-neutral-600">Provider</dt>
            <dd>{order.fulfilment.provider ?? "not sent yet"}</dd>
            <dt className="text-neutral-600">Status</dt>
            <dd>{order.fulfilment.status.replaceAll("_", " ")}</dd>
            <dt className="text-neutral-600">External id</dt>
            <dd className="break-all">{order.fulfilment.externalId}</dd>
            {order.fulfilment.providerOrderId && (
              <>
                <dt className="text-neutral-600">Provider order</dt>
                <dd className="break-all">{order.fulfilment.providerOrderId}</dd>
              </>
            )}
            {order.fulfilment.reason && (
              <>
                <dt className="text-neutral-600">Reason</dt>
                <dd>{order.fulfilment.reason}</dd>
              </>
            )}
            <dt className="text-neutral-600">Sent</dt>
            <dd>{order.fulfilment.submittedAt ? formatDateTime(order.fulfilment.submittedAt) : "not yet"}</dd>
          </dl>
        ) : (
          <Empty>Not paid yet: nothing to print.</Empty>
        )}
      </Section>

      <Section title="Parcels">
        {order.shipments.length === 0 ? (
          <Empty>Nothing has shipped.</Empty>
        ) : (
          <ul className="space-y-2 text-sm">
            {order.shipments.map((parcel) => (
              <li key={parcel.trackingNumber}>
                <a
                  href={parcel.trackingUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold text-brand underline-offset-4 hover:underline"
                >
                  {parcel.carrier} {parcel.trackingNumber}
                </a>
                <span className="block text-neutral-700">
                  {parcel.status} · shipped {formatDateTime(parcel.shippedAt)}
                  {parcel.estimatedDeliveryDate && ` · expected ${parcel.estimatedDeliveryDate}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Timeline" className="lg:col-span-2">
        <ol className="space-y-2 text-sm">
          {order.timeline.map((entry) => (
            <li key={`${entry.at}-${entry.state}`} className="flex flex-wrap gap-x-2">
              <span className="font-semibold text-neutral-950">
                {stateName(entry.fromState)} → {stateName(entry.state)}
              </span>
              <span className="text-neutral-700">{formatDateTime(entry.at)}</span>
              <span className="w-full text-neutral-600">
                {entry.actor ?? "system"}
                {entry.reason ? ` · ${entry.reason}` : ""}
              </span>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="E-mails sent">
        {order.emails.length === 0 ? (
          <Empty>No e-mail.</Empty>
        ) : (
          <ul className="space-y-2 text-sm">
            {order.emails.map((email) => (
              <li key={email.id}>
                <span className="font-semibold">{email.subject}</span>
                <span className="block text-neutral-600">
                  {email.status === "succeeded" && email.sentAt
                    ? `Sent ${formatDateTime(email.sentAt)}`
                    : `${email.status} (${email.attempts} attempts)${email.lastError ? `: ${email.lastError}` : ""}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Notes" className="lg:col-span-3">
        <Notes order={order} run={run} />
      </Section>
    </div>
  );
}

function Notes({ order, run }: { order: AdminOrder; run: (action: AdminOrderAction) => Promise<unknown> }) {
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  async function add(event: FormEvent) {
    event.preventDefault();
    if (body.trim() === "") return setError("Write the note first.");
    setBusy(true);
    setError(null);
    try {
      await run({ kind: "note", body: { body } });
      setBody("");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The note was not saved");
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      {order.notes.length === 0 ? (
        <Empty>No notes.</Empty>
      ) : (
        <ul className="space-y-3 text-sm">
          {order.notes.map((note) => (
            <li key={note.id}>
              <p className="whitespace-pre-wrap text-neutral-950">{note.body}</p>
              <p className="text-neutral-600">
                {note.operatorEmail ?? note.operatorId} · {formatDateTime(note.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="mt-4 space-y-2">
        <label htmlFor={id} className="block text-sm font-semibold text-neutral-800">
          Add a note
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={ORDER_NOTE_MAX_LENGTH}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          className="w-full rounded-lg border border-neutral-400 px-3 py-2 text-[15px] focus:border-brand focus:outline-2 focus:outline-brand/40"
        />
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" variant="secondary" className="h-10 px-4" busy={busy}>
          Add note
        </Button>
      </form>
    </>
  );
}
