import * as Dialog from "@radix-ui/react-dialog";
import {
  MODERATION_MESSAGES,
  MODERATION_REASON_LABELS,
  MODERATION_REASONS,
  type ModerationReason,
  OPERATOR_REASON_MAX_LENGTH,
} from "@threadfolk/contract/moderation";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";

export type ReasonDialogResult = { reason: string; kind?: ModerationReason };

type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Ask for the kind of takedown too (intellectual property, offensive, other), starting with this one. */
  kind?: ModerationReason;
  /** The reason is required (takedowns, restores, suspensions) or optional (dismissals). */
  isReasonRequired?: boolean;
  /** A destructive action: the confirm button says so in red. */
  isDestructive?: boolean;
  isBusy?: boolean;
  /** The server's refusal, shown above the buttons. */
  error?: string;
  onConfirm: (result: ReasonDialogResult) => void;
};

/**
 * The operators' confirm dialog (issue 28): what is about to happen, and the reason the operator types, which
 * the audit log keeps and the artist may be sent. Cancel has the focus first, so Enter never acts by accident.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  kind: initialKind,
  isReasonRequired = true,
  isDestructive = false,
  isBusy = false,
  error,
  onConfirm,
}: ReasonDialogProps) {
  const reasonId = useId();
  const kindId = useId();
  const [reason, setReason] = useState("");
  const [kind, setKind] = useState<ModerationReason | undefined>(initialKind);
  const [reasonError, setReasonError] = useState<string>();
  useEffect(() => {
    if (!open) return;
    setReason("");
    setKind(initialKind);
    setReasonError(undefined);
  }, [open, initialKind]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = reason.trim();
    if (isReasonRequired && typed === "") {
      setReasonError(MODERATION_MESSAGES.reasonRequired);
      return;
    }
    onConfirm({ reason: typed, ...(kind ? { kind } : {}) });
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById(`${reasonId}-cancel`)?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="font-display text-xl font-extrabold tracking-tight">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-neutral-700">{description}</Dialog.Description>
          <form noValidate onSubmit={submit} className="mt-5 space-y-4">
            {initialKind && (
              <div>
                <label htmlFor={kindId} className="mb-1 block text-sm font-semibold">
                  Why
                </label>
                <select
                  id={kindId}
                  value={kind}
                  onChange={(event) => setKind(event.target.value as ModerationReason)}
                  className="block h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-[15px] focus:ring-2 focus:ring-brand"
                >
                  {MODERATION_REASONS.map((value) => (
                    <option key={value} value={value}>
                      {MODERATION_REASON_LABELS[value]}
                      {value === "intellectual_property" ? " (a strike)" : ""}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div>
              <label htmlFor={reasonId} className="mb-1 block text-sm font-semibold">
                Reason{isReasonRequired ? "" : " (optional)"}
              </label>
              <textarea
                id={reasonId}
                rows={3}
                value={reason}
                maxLength={OPERATOR_REASON_MAX_LENGTH}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${reasonId}-error` : undefined}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (event.target.value.trim()) setReasonError(undefined);
                }}
                className={`block w-full rounded-xl border px-3 py-2 text-[15px] focus:ring-2 focus:ring-brand ${reasonError ? "border-red-600" : "border-neutral-300"}`}
              />
              {reasonError && (
                <p id={`${reasonId}-error`} className="mt-1 text-sm text-red-600">
                  {reasonError}
                </p>
              )}
            </div>
            {error && (
              <p role="alert" className="text-sm text-red-600">
                {error}
              </p>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button id={`${reasonId}-cancel`} variant="secondary">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button
                type="submit"
                busy={isBusy}
                className={isDestructive ? "bg-red-700 hover:bg-red-800 disabled:bg-red-700/60" : ""}
              >
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
