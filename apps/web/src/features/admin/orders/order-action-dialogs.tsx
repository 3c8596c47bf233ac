import * as Dialog from "@radix-ui/react-dialog";
import {
  type AdminOrder,
  OPERATOR_REASON_MAX_LENGTH,
  RESENDABLE_ORDER_EMAILS,
  type ResendableOrderEmail,
} from "@threadfolk/contract/admin-orders";
import { formatCents } from "@threadfolk/contract/money";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import type { AdminOrderAction } from "./orders-api.ts";

/**
 * The dialogs of the order page's actions (issue 28): each asks what it needs (the reason; for a refund, all of
 * it, some lines or an amount), sends the action and shows the server's refusal inside the dialog; on success the
 * dialog closes and the page shows the result.
 */

export type ActionDialogKind = "refund" | "cancel" | "resubmit" | "resend";

type RunAction = (action: AdminOrderAction) => Promise<unknown>;

const FIELD =
  "w-full rounded-lg border border-neutral-400 bg-white px-3 text-[15px] text-neutral-950 focus:border-brand focus:outline-2 focus:outline-brand/40";

function Frame(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="font-display text-xl font-extrabold text-neutral-950">{props.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-neutral-700">{props.description}</Dialog.Description>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReasonField(props: { required: boolean; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        Reason{props.required ? "" : " (optional)"}
      </label>
      <textarea
        id={id}
        rows={3}
        required={props.required}
        maxLength={OPERATOR_REASON_MAX_LENGTH}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${FIELD} py-2`}
      />
      <p className="mt-1 text-xs text-neutral-600">Kept in the audit log with your name.</p>
    </div>
  );
}

function Footer(props: { busy: boolean; submitLabel: string; error: string | null }) {
  return (
    <>
      {props.error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {props.error}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">Close</Button>
        </Dialog.Close>
        <Button type="submit" busy={props.busy}>
          {props.submitLabel}
        </Button>
      </div>
    </>
  );
}

/** Sends the action; closes on success, keeps the dialog open with the server's message on a refusal. */
function useSubmit(run: RunAction, close: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(action: AdminOrderAction) {
    setBusy(true);
    setError(null);
    try {
      await run(action);
      close();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong");
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, submit };
}

/** Dollars as typed ('12.50') in cents, or undefined when it is not an amount. */
export function parseDollars(text: string): number | undefined {
  const match = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

export function RefundDialog(props: {
  order: AdminOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  run: RunAction;
}) {
  const { order } = props;
  const [mode, setMode] = useState<"full" | "lines" | "amount">("full");
  const [lineIds, setLineIds] = useState<number[]>([]);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [requestKey] = useState(() => crypto.randomUUID());
  const { busy, error, submit } = useSubmit(props.run, () => props.onOpenChange(false));
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();
  const left = order.amounts.refundableCents;

  function send(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const cents = amount.trim() === "" ? undefined : parseDollars(amount);
    if (amount.trim() !== "" && cents === undefined) return setFormError("Type the amount in dollars, like 12.50.");
    if (mode === "lines" && lineIds.length === 0) return setFormError("Choose at least one line.");
    if (mode === "amount" && cents === undefined) return setFormError("Type the amount to refund.");
    if (reason.trim() === "") return setFormError("A reason is required.");
    void submit({
      kind: "refund",
      body: {
        reason,
        requestKey,
        ...(mode === "lines" ? { lineIds } : {}),
        ...(mode !== "full" && cents !== undefined ? { amountCents: cents } : {}),
      },
    });
  }

  return (
    <Frame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={`Refund order ${order.orderNumber}`}
      description={`Up to ${formatCents(left)} can be refunded, through the processor that took the payment.`}
    >
      <form onSubmit={send} className="mt-4 space-y-4" noValidate>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-neutral-800">What to refund</legend>
          <div className="space-y-2">
            {(
              [
                ["full", `Everything left (${formatCents(left)})`],
                ["lines", "Some lines"],
                ["amount", "An amount"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-[15px]">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="size-4 accent-brand"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {mode === "lines" && (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-neutral-800">Lines</legend>
            <div className="space-y-2">
              {order.lines.map((line) => (
                <label key={line.id} className="flex items-start gap-2 text-[15px]">
                  <input
                    type="checkbox"
                    disabled={line.refunded}
                    checked={lineIds.includes(line.id)}
                    onChange={(event) =>
                      setLineIds((ids) =>
                        event.target.checked ? [...ids, line.id] : ids.filter((candidate) => candidate !== line.id),
                      )
                    }
                    className="mt-1 size-4 accent-brand"
                  />
                  <span>
                    {line.quantity} × {line.name} · {formatCents(line.lineTotalCents)}
                    <span className="block text-sm text-neutral-600">
                      {line.description}
                      {line.refunded ? " · refunded already" : ""}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {mode !== "full" && (
          <div>
            <label htmlFor={`${id}-amount`} className="mb-1 block text-sm font-semibold text-neutral-800">
              Amount in dollars{mode === "lines" ? " (optional: the lines' share of items and tax by default)" : ""}
            </label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              className={`${FIELD} h-11`}
              placeholder="12.50"
            />
          </div>
        )}
        <ReasonField required value={reason} onChange={setReason} />
        <Footer busy={busy} submitLabel="Refund" error={formError ?? error} />
      </form>
    </Frame>
  );
}

export function ReasonDialog(props: {
  kind: "cancel" | "resubmit";
  order: AdminOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  run: RunAction;
}) {
  const [reason, setReason] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const { busy, error, submit } = useSubmit(props.run, () => props.onOpenChange(false));
  const cancel = props.kind === "cancel";
  function send(event: FormEvent) {
    event.preventDefault();
    if (cancel && reason.trim() === "") return setFormError("A reason is required.");
    setFormError(null);
    void submit(
      cancel ? { kind: "cancel", body: { reason } } : { kind: "resubmit", body: reason.trim() ? { reason } : {} },
    );
  }
  return (
    <Frame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={cancel ? `Cancel order ${props.order.orderNumber}` : `Send ${props.order.orderNumber} to production again`}
      description={
        cancel
          ? "Nothing has been printed yet. The order is refunded in full and the shopper is e-mailed."
          : "The order goes to the print provider again, once."
      }
    >
      <form onSubmit={send} className="mt-4 space-y-4" noValidate>
        <ReasonField required={cancel} value={reason} onChange={setReason} />
        <Footer busy={busy} submitLabel={cancel ? "Cancel order" : "Send again"} error={formError ?? error} />
      </form>
    </Frame>
  );
}

const EMAIL_NAMES: Record<ResendableOrderEmail, string> = {
  confirmation: "Order confirmation",
  shipped: "Your order has shipped",
  delivered: "Delivered",
};

export function ResendDialog(props: {
  order: AdminOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  run: RunAction;
}) {
  const available = props.order.actions.resendEmails;
  const [email, setEmail] = useState<ResendableOrderEmail>(available[0] ?? "confirmation");
  const [reason, setReason] = useState("");
  const { busy, error, submit } = useSubmit(props.run, () => props.onOpenChange(false));
  const id = useId();
  return (
    <Frame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Send an e-mail again"
      description={`To ${props.order.email ?? "the shopper"}.`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit({ kind: "resend", body: { email, ...(reason.trim() ? { reason } : {}) } });
        }}
        className="mt-4 space-y-4"
      >
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-semibold text-neutral-800">
            E-mail
          </label>
          <select
            id={`${id}-email`}
            value={email}
            onChange={(event) => setEmail(event.target.value as ResendableOrderEmail)}
            className={`${FIELD} h-11`}
          >
            {RESENDABLE_ORDER_EMAILS.filter((kind) => available.includes(kind)).map((kind) => (
              <option key={kind} value={kind}>
                {EMAIL_NAMES[kind]}
              </option>
            ))}
          </select>
        </div>
        <ReasonField required={false} value={reason} onChange={setReason} />
        <Footer busy={busy} submitLabel="Send" error={error} />
      </form>
    </Frame>
  );
}
