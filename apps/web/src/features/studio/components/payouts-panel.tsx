import { formatCents } from "@threadfolk/contract/money";
import {
  PAYOUT_EMAIL_CHANGE_HOLD_DAYS,
  type Payout,
  type PayoutStatus,
  type PayoutSummary,
  payPalEmailBodySchema,
} from "@threadfolk/contract/studio-payouts";
import { useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";
import { Spinner } from "../../../components/spinner.tsx";
import { ApiError, generalErrorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import {
  downloadPayoutStatement,
  useChangePayPalEmail,
  usePayout,
  usePayoutSummary,
  usePayouts,
  useUpdateMinimumPayout,
} from "../api/payouts.ts";
import { DownloadIcon } from "./studio-icons.tsx";
import { StudioLoadError } from "./studio-states.tsx";

const MINIMUM_CHOICES = [2000, 2500, 5000, 10_000, 25_000, 50_000];

const STATUS_CLASSES: Record<PayoutStatus, string> = {
  queued: "bg-sky-100 text-sky-900",
  pending: "bg-sky-100 text-sky-900",
  onhold: "bg-amber-100 text-amber-900",
  unclaimed: "bg-amber-100 text-amber-900",
  success: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  returned: "bg-red-100 text-red-900",
  blocked: "bg-red-100 text-red-900",
  refunded: "bg-neutral-200 text-neutral-800",
  reversed: "bg-neutral-200 text-neutral-800",
};

function longDate(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
  return date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

function BalanceCards({ summary }: { summary: PayoutSummary }) {
  const { balances, nextPayout } = summary;
  const cards = [
    { label: "Pending", value: balances.pending, hint: "Orders not yet past the hold after delivery" },
    { label: "Available", value: balances.available, hint: "Paid in the next payout" },
    { label: "In a payout", value: balances.inPayout, hint: "Sent, waiting for PayPal" },
    { label: "Paid", value: balances.paid, hint: "Paid to your PayPal account" },
  ];
  return (
    <section aria-labelledby="balances-heading" className="space-y-3">
      <h2 id="balances-heading" className="font-display text-lg font-extrabold tracking-tight text-neutral-950">
        Balance
      </h2>
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-4 md:gap-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl bg-neutral-50 px-3 py-3 md:px-5 md:py-4">
            <dt className="text-xs font-semibold text-neutral-600 md:text-sm">{card.label}</dt>
            <dd className="mt-1 font-display text-lg font-extrabold tracking-tight text-neutral-950 tabular-nums md:text-2xl">
              {card.value}
            </dd>
            <dd className="mt-0.5 text-xs text-neutral-600">{card.hint}</dd>
          </div>
        ))}
      </dl>
      <p className="rounded-2xl border border-neutral-200 px-4 py-3 text-sm text-neutral-800 [overflow-wrap:anywhere]">
        <span className="font-bold">Next payout: {longDate(nextPayout.date)}</span>
        {nextPayout.blockedReason ? (
          <span> · {nextPayout.blockedReason}</span>
        ) : (
          <span>
            {" "}
            · <span className="font-bold tabular-nums">{nextPayout.amount}</span> to {summary.settings.paypalEmail}
          </span>
        )}
      </p>
    </section>
  );
}

function PayPalEmailForm({ onDone }: { onDone: () => void }) {
  const change = useChangePayPalEmail();
  const schema = payPalEmailBodySchema.shape.payoutSettings;
  const form = useZodForm({ schema, defaultValues: { paypalEmail: "", currentPassword: "" } });
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success(`We sent a confirmation link to ${values.paypalEmail}`);
        form.reset();
        onDone();
      },
      onError: (error) => {
        const detail = error instanceof ApiError ? error.details[0] : undefined;
        if (detail?.field.endsWith("current_password")) {
          form.setError("currentPassword", { message: detail.message });
        } else toast.error(generalErrorMessage());
      },
    }),
  );
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-start">
      <TextField form={form} name="paypalEmail" label="PayPal e-mail" type="email" autoComplete="email" />
      <TextField
        form={form}
        name="currentPassword"
        label="Your password"
        type="password"
        autoComplete="current-password"
      />
      <Button type="submit" busy={change.isPending} className="md:mt-6">
        Send confirmation link
      </Button>
    </form>
  );
}

function PayoutSettingsSection({ summary }: { summary: PayoutSummary }) {
  const { settings } = summary;
  const [isEditing, setIsEditing] = useState(settings.paypalEmail === null && settings.pendingPaypalEmail === null);
  const minimum = useUpdateMinimumPayout();
  const minimumId = useId();
  return (
    <section
      aria-labelledby="payout-settings-heading"
      className="space-y-4 rounded-2xl ring-1 ring-neutral-900/10 p-4 md:p-6"
    >
      <h2 id="payout-settings-heading" className="font-display text-lg font-extrabold tracking-tight text-neutral-950">
        Payout settings
      </h2>
      <div className="space-y-1 text-sm text-neutral-800">
        <p className="[overflow-wrap:anywhere]">
          PayPal e-mail: <span className="font-bold">{settings.paypalEmail ?? "not set"}</span>
          {settings.paypalEmail && <span className="ml-2 text-emerald-800">Confirmed</span>}
        </p>
        {settings.pendingPaypalEmail && (
          <p className="text-amber-900 [overflow-wrap:anywhere]">
            Waiting for confirmation: open the link we sent to {settings.pendingPaypalEmail}.
          </p>
        )}
        {settings.heldUntil && (
          <p className="text-amber-900">
            Payouts are held until {longDate(settings.heldUntil)} because your PayPal e-mail changed.
          </p>
        )}
        {settings.onHold && <p className="text-red-800">Your payouts are on hold. Contact support to learn more.</p>}
      </div>
      {isEditing ? (
        <div className="space-y-2">
          <PayPalEmailForm onDone={() => setIsEditing(false)} />
          {settings.paypalEmail && (
            <p className="text-xs text-neutral-600">
              For your security, payouts are held for {PAYOUT_EMAIL_CHANGE_HOLD_DAYS} days after the change, and we tell
              your current address.
            </p>
          )}
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setIsEditing(true)}>
          {settings.paypalEmail ? "Change PayPal e-mail" : "Add PayPal e-mail"}
        </Button>
      )}
      <div>
        <label htmlFor={minimumId} className="mb-1 block text-xs font-bold tracking-wide text-neutral-600 uppercase">
          Minimum payout
        </label>
        <select
          id={minimumId}
          value={settings.minimumPayoutCents}
          disabled={minimum.isPending}
          onChange={(event) =>
            minimum.mutate(Number(event.target.value), { onError: () => toast.error(generalErrorMessage()) })
          }
          className="h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-base md:w-48 md:text-[15px]"
        >
          {[...new Set([...MINIMUM_CHOICES, settings.minimumPayoutCents])]
            .sort((a, b) => a - b)
            .map((cents) => (
              <option key={cents} value={cents}>
                {formatCents(cents)}
              </option>
            ))}
        </select>
      </div>
    </section>
  );
}

function PayoutLines({ payoutId }: { payoutId: string }) {
  const detail = usePayout(payoutId, true);
  if (detail.isPending) return <Spinner className="py-4" label="Loading the sales in this payout" />;
  if (detail.isError) return <StudioLoadError what="This payout" onRetry={() => detail.refetch()} />;
  return (
    <ul className="divide-y divide-neutral-100 text-sm" aria-label="Sales in this payout">
      {detail.data.data.lines.map((line) => (
        <li key={line.entryId} className="flex justify-between gap-3 py-1.5">
          <span className="min-w-0">
            <span className="font-semibold text-neutral-900">{line.designName}</span>
            <span className="block text-xs text-neutral-600">
              {longDate(line.soldAt)} · {line.orderNumber} · {line.kind === "sale" ? `Qty ${line.quantity}` : "Refund"}
            </span>
          </span>
          <span className="shrink-0 font-bold tabular-nums">{line.earnings}</span>
        </li>
      ))}
    </ul>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  const [isOpen, setIsOpen] = useState(false);
  const { attributes } = payout;
  const download = (format: "csv" | "pdf") =>
    downloadPayoutStatement(payout.id, format).catch(() => toast.error(generalErrorMessage()));
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-bold text-neutral-950">
            <span className="tabular-nums">{attributes.amount}</span>
            <span
              className={`ml-2 inline-flex h-6 items-center rounded-full px-2 text-xs font-bold ${STATUS_CLASSES[attributes.status]}`}
            >
              {attributes.statusName}
            </span>
          </p>
          <p className="text-xs text-neutral-600 [overflow-wrap:anywhere]">
            {longDate(attributes.createdAt)} · {attributes.paypalEmail} · {attributes.entryCount}{" "}
            {attributes.entryCount === 1 ? "sale" : "sales"}
          </p>
          {attributes.statusReason && (
            <p className="mt-1 text-sm text-red-800">
              Came back: {attributes.statusReason} The amount is back in your available balance.
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className="h-10 px-4 text-sm"
            aria-expanded={isOpen}
            onClick={() => setIsOpen(!isOpen)}
          >
            {isOpen ? "Hide sales" : "Show sales"}
          </Button>
          <Button variant="secondary" className="h-10 px-4 text-sm" onClick={() => void download("csv")}>
            <DownloadIcon className="size-4" />
            Statement CSV
          </Button>
          <Button variant="secondary" className="h-10 px-4 text-sm" onClick={() => void download("pdf")}>
            <DownloadIcon className="size-4" />
            Statement PDF
          </Button>
        </div>
      </div>
      {isOpen && (
        <div className="mt-2 rounded-xl bg-neutral-50 px-3 py-2">
          <PayoutLines payoutId={payout.id} />
        </div>
      )}
    </li>
  );
}

function PayoutHistory() {
  const [page, setPage] = useState(1);
  const payouts = usePayouts(page);
  return (
    <section aria-labelledby="payout-history-heading">
      <h2
        id="payout-history-heading"
        className="mb-2 font-display text-lg font-extrabold tracking-tight text-neutral-950"
      >
        Payouts
      </h2>
      {payouts.isPending ? (
        <Spinner className="py-6" label="Loading your payouts" />
      ) : payouts.isError ? (
        <StudioLoadError what="Your payouts" onRetry={() => payouts.refetch()} />
      ) : payouts.data.data.length === 0 ? (
        <p className="rounded-2xl bg-neutral-50 px-5 py-6 text-neutral-700">
          No payouts yet. Payouts are made monthly to your confirmed PayPal e-mail once your available balance reaches
          your minimum.
        </p>
      ) : (
        <>
          <ul className="divide-y divide-neutral-100">
            {payouts.data.data.map((payout) => (
              <PayoutRow key={payout.id} payout={payout} />
            ))}
          </ul>
          {payouts.data.meta.totalPages > 1 && (
            <div className="mt-3 flex gap-2">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <Button
                variant="secondary"
                disabled={page >= payouts.data.meta.totalPages}
                onClick={() => setPage(page + 1)}
              >
                Older
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** Sales' payouts: balances, the next payout, the payout settings and the payout history (issue 29). */
export function PayoutsPanel() {
  const summary = usePayoutSummary();
  if (summary.isPending) return <Spinner className="py-10" label="Loading your balance" />;
  if (summary.isError) return <StudioLoadError what="Your balance" onRetry={() => summary.refetch()} />;
  return (
    <div className="space-y-8">
      <BalanceCards summary={summary.data.data} />
      <PayoutSettingsSection summary={summary.data.data} />
      <PayoutHistory />
    </div>
  );
}
