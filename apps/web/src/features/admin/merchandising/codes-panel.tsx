import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import { apiPath } from "@threadfolk/contract/api-paths";
import type { PromoCodeReply } from "@threadfolk/contract/merchandising";
import { type FormEvent, useId, useState } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import {
  dateTime,
  fieldErrors,
  formatCents,
  merchandisingKeys,
  useMerchandisingChange,
  usePromoCodes,
  useRedemptions,
} from "./merchandising-api.ts";
import { FieldLabel, FieldMessage, inputClass, Section, SmallButton, StatusLine } from "./merchandising-ui.tsx";

type Status = { kind: "done" | "error"; text: string } | null;

const STATUS_LABELS = { active: "Active", scheduled: "Not started", expired: "Expired", used_up: "Used up" } as const;

/** Dollars typed ("12.50") as cents, or undefined when not an amount. */
function toCents(value: string): number | undefined {
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(value.trim())) return undefined;
  return Math.round(Number(value) * 100);
}

function describe(code: PromoCodeReply): string {
  const parts = [
    code.kind === "percent_off"
      ? `${code.percentOff}% off`
      : code.kind === "amount_off"
        ? `${formatCents(code.amountOffCents ?? 0)} off`
        : code.kind === "free_shipping"
          ? "Free shipping"
          : `Gift card: ${formatCents(code.balanceCents ?? 0)} left of ${formatCents(code.issuedCents ?? 0)}`,
  ];
  if (code.minimumSubtotalCents > 0) parts.push(`subtotal from ${formatCents(code.minimumSubtotalCents)}`);
  if (code.oncePerCustomer) parts.push("once per customer");
  if (code.maxRedemptions !== null) parts.push(`at most ${code.maxRedemptions} uses`);
  if (code.startsAt) parts.push(`from ${dateTime.format(new Date(code.startsAt))}`);
  if (code.endsAt)
    parts.push(`${code.status === "expired" ? "ended" : "until"} ${dateTime.format(new Date(code.endsAt))}`);
  return parts.join(" · ");
}

function Uses({ code }: { code: string }) {
  const uses = useRedemptions(code);
  if (uses.isPending) return <Spinner label={`Loading the uses of ${code}`} />;
  if (uses.isError) return <p role="alert">{uses.error.message}</p>;
  if (uses.data.data.length === 0) return <p className="text-sm text-neutral-700">Not used yet.</p>;
  return (
    <ul className="mt-2 space-y-1 text-sm" aria-label={`Orders that used ${code}`}>
      {uses.data.data.map((use) => (
        <li key={`${use.orderNumber}-${use.usedAt}`} className="flex flex-wrap gap-x-3">
          <span className="font-semibold">{use.orderNumber}</span>
          <span>{use.email ?? "no e-mail"}</span>
          <span>
            {use.discountCents > 0 && `${formatCents(use.discountCents)} off`}
            {use.giftCardCents > 0 && `${formatCents(use.giftCardCents)} paid by the card`}
            {use.discountCents === 0 && use.giftCardCents === 0 && "free shipping"}
          </span>
          <span className="text-neutral-700">
            {use.status === "redeemed" ? "paid" : use.status === "held" ? "payment running" : "payment failed"} ·{" "}
            {dateTime.format(new Date(use.usedAt))}
          </span>
        </li>
      ))}
    </ul>
  );
}

function CodeList({ kind, onStatus }: { kind: "codes" | "gift_cards"; onStatus: (status: Status) => void }) {
  const codes = usePromoCodes(kind);
  const expire = useMerchandisingChange(merchandisingKeys.codes(kind));
  const [open, setOpen] = useState<string | null>(null);
  if (codes.isPending) return <Spinner label="Loading" />;
  if (codes.isError) return <p role="alert">{codes.error.message}</p>;
  if (codes.data.data.length === 0) return <p className="text-sm text-neutral-700">None yet.</p>;
  return (
    <ul className="divide-y divide-neutral-200">
      {codes.data.data.map((code) => (
        <li key={code.code} className="py-3">
          <div className="flex flex-wrap items-center gap-2">
            <code className="rounded-md bg-neutral-100 px-2 py-0.5 font-bold">{code.code}</code>
            <span className="rounded-full bg-neutral-100 px-3 py-0.5 text-sm font-semibold">
              {STATUS_LABELS[code.status]}
            </span>
            <span className="text-sm text-neutral-700">
              {code.redemptions} {code.redemptions === 1 ? "use" : "uses"}
            </span>
            <span className="ml-auto flex gap-2">
              <SmallButton
                aria-expanded={open === code.code}
                onClick={() => setOpen(open === code.code ? null : code.code)}
              >
                {open === code.code ? "Hide uses" : `Uses of ${code.code}`}
              </SmallButton>
              {code.status !== "expired" && (
                <SmallButton
                  tone="danger"
                  disabled={expire.isPending}
                  aria-label={`Expire ${code.code}`}
                  onClick={() => {
                    onStatus(null);
                    expire.mutate(
                      { path: apiPath(ADMIN_API.adminExpirePromoCode, { code: code.code }), method: "POST" },
                      {
                        onSuccess: () => onStatus({ kind: "done", text: `${code.code} has expired` }),
                        onError: (error) => onStatus({ kind: "error", text: error.message }),
                      },
                    );
                  }}
                >
                  Expire now
                </SmallButton>
              )}
            </span>
          </div>
          <p className="mt-1 text-sm text-neutral-700">{describe(code)}</p>
          {open === code.code && <Uses code={code.code} />}
        </li>
      ))}
    </ul>
  );
}

function CreateCodeForm({ onStatus }: { onStatus: (status: Status) => void }) {
  const create = useMerchandisingChange(merchandisingKeys.codes("codes"));
  const [code, setCode] = useState("");
  const [kind, setKind] = useState<"percent_off" | "amount_off" | "free_shipping">("percent_off");
  const [percent, setPercent] = useState("10");
  const [amount, setAmount] = useState("5.00");
  const [minimum, setMinimum] = useState("");
  const [startsAt, setStartsAt] = useState("");
  const [endsAt, setEndsAt] = useState("");
  const [limit, setLimit] = useState("");
  const [once, setOnce] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = {
    code: useId(),
    kind: useId(),
    percent: useId(),
    amount: useId(),
    minimum: useId(),
    start: useId(),
    end: useId(),
    limit: useId(),
    once: useId(),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStatus(null);
    const minimumCents = minimum.trim() ? toCents(minimum) : 0;
    const amountCents = toCents(amount);
    const local: Record<string, string> = {};
    if (minimumCents === undefined) local.minimum_subtotal_cents = "Enter an amount in dollars, e.g. 30.00";
    if (kind === "amount_off" && amountCents === undefined)
      local.amount_off_cents = "Enter an amount in dollars, e.g. 5.00";
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    create.mutate(
      {
        path: apiPath(ADMIN_API.adminCreatePromoCode),
        method: "POST",
        body: {
          code,
          kind,
          percentOff: kind === "percent_off" ? Number(percent) : null,
          amountOffCents: kind === "amount_off" ? amountCents : null,
          minimumSubtotalCents: minimumCents,
          startsAt: startsAt ? new Date(startsAt).toISOString() : null,
          endsAt: endsAt ? new Date(endsAt).toISOString() : null,
          maxRedemptions: limit.trim() ? Number(limit) : null,
          oncePerCustomer: once,
        },
      },
      {
        onSuccess: () => {
          onStatus({ kind: "done", text: `${code.trim().toUpperCase()} is ready to use` });
          setCode("");
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          onStatus({ kind: "error", text: error.message });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 md:grid-cols-3" aria-label="Create a code">
      <div>
        <FieldLabel htmlFor={ids.code}>Code</FieldLabel>
        <input
          id={ids.code}
          className={`${inputClass} uppercase`}
          value={code}
          maxLength={32}
          onChange={(event) => setCode(event.target.value)}
        />
        <FieldMessage id={`${ids.code}-error`} message={errors.code} />
      </div>
      <div>
        <FieldLabel htmlFor={ids.kind}>Kind</FieldLabel>
        <select
          id={ids.kind}
          className={inputClass}
          value={kind}
          onChange={(event) => setKind(event.target.value as typeof kind)}
        >
          <option value="percent_off">Percent off the items</option>
          <option value="amount_off">Amount off the items</option>
          <option value="free_shipping">Free shipping</option>
        </select>
      </div>
      {kind === "percent_off" && (
        <div>
          <FieldLabel htmlFor={ids.percent}>Percent off</FieldLabel>
          <input
            id={ids.percent}
            type="number"
            min={1}
            max={100}
            className={inputClass}
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
          />
          <FieldMessage id={`${ids.percent}-error`} message={errors.percent_off} />
        </div>
      )}
      {kind === "amount_off" && (
        <div>
          <FieldLabel htmlFor={ids.amount}>Amount off ($)</FieldLabel>
          <input
            id={ids.amount}
            inputMode="decimal"
            className={inputClass}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <FieldMessage id={`${ids.amount}-error`} message={errors.amount_off_cents} />
        </div>
      )}
      {kind === "free_shipping" && <div />}
      <div>
        <FieldLabel htmlFor={ids.minimum}>Minimum subtotal ($, optional)</FieldLabel>
        <input
          id={ids.minimum}
          inputMode="decimal"
          className={inputClass}
          value={minimum}
          onChange={(event) => setMinimum(event.target.value)}
        />
        <FieldMessage id={`${ids.minimum}-error`} message={errors.minimum_subtotal_cents} />
      </div>
      <div>
        <FieldLabel htmlFor={ids.start}>Starts (optional)</FieldLabel>
        <input
          id={ids.start}
          type="datetime-local"
          className={inputClass}
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
        />
      </div>
      <div>
        <FieldLabel htmlFor={ids.end}>Expires (optional)</FieldLabel>
        <input
          id={ids.end}
          type="datetime-local"
          className={inputClass}
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
        />
        <FieldMessage id={`${ids.end}-error`} message={errors.ends_at} />
      </div>
      <div>
        <FieldLabel htmlFor={ids.limit}>Usage limit (optional)</FieldLabel>
        <input
          id={ids.limit}
          type="number"
          min={1}
          className={inputClass}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
        />
        <FieldMessage id={`${ids.limit}-error`} message={errors.max_redemptions} />
      </div>
      <div className="flex items-center gap-2 self-end pb-2">
        <input
          id={ids.once}
          type="checkbox"
          className="size-5"
          checked={once}
          onChange={(event) => setOnce(event.target.checked)}
        />
        <label htmlFor={ids.once} className="font-semibold">
          Once per customer
        </label>
      </div>
      <div className="md:col-span-3">
        <SmallButton type="submit" tone="primary" disabled={create.isPending}>
          Create code
        </SmallButton>
      </div>
    </form>
  );
}

function IssueGiftCardForm({ onStatus }: { onStatus: (status: Status) => void }) {
  const issue = useMerchandisingChange<{ data: PromoCodeReply }>(merchandisingKeys.codes("gift_cards"));
  const [amount, setAmount] = useState("25.00");
  const [endsAt, setEndsAt] = useState("");
  const [error, setError] = useState<string | undefined>();
  const amountId = useId();
  const endId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStatus(null);
    const cents = toCents(amount);
    setError(cents === undefined ? "Enter an amount in dollars, e.g. 25.00" : undefined);
    if (cents === undefined) return;
    issue.mutate(
      {
        path: apiPath(ADMIN_API.adminIssueGiftCard),
        method: "POST",
        body: { amountCents: cents, endsAt: endsAt ? new Date(endsAt).toISOString() : null },
      },
      {
        onSuccess: (reply) =>
          onStatus({ kind: "done", text: `Gift card ${reply.data.code} issued for ${formatCents(cents)}` }),
        onError: (failure) => {
          setError(fieldErrors(failure).amount_cents);
          onStatus({ kind: "error", text: failure.message });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Issue a gift card">
      <div>
        <FieldLabel htmlFor={amountId}>Amount ($)</FieldLabel>
        <input
          id={amountId}
          inputMode="decimal"
          className={inputClass}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <FieldMessage id={`${amountId}-error`} message={error} />
      </div>
      <div>
        <FieldLabel htmlFor={endId}>Expires (optional)</FieldLabel>
        <input
          id={endId}
          type="datetime-local"
          className={inputClass}
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
        />
      </div>
      <SmallButton type="submit" tone="primary" disabled={issue.isPending}>
        Issue gift card
      </SmallButton>
    </form>
  );
}

/** Promo codes and gift cards: create, expire, and see the orders that used each. */
export function CodesPanel() {
  const [status, setStatus] = useState<Status>(null);
  return (
    <>
      <StatusLine status={status} />
      <Section title="Create a code">
        <CreateCodeForm onStatus={setStatus} />
      </Section>
      <Section title="Codes">
        <CodeList kind="codes" onStatus={setStatus} />
      </Section>
      <Section title="Issue a gift card">
        <IssueGiftCardForm onStatus={setStatus} />
      </Section>
      <Section title="Gift cards">
        <CodeList kind="gift_cards" onStatus={setStatus} />
      </Section>
    </>
  );
}
