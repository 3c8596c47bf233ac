import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Optional explanation under the title. */
  description?: ReactNode;
  /** Text of the submit button (spec: caller-given, e.g. 'Deactivate Design'). */
  confirmLabel: string;
  cancelLabel?: string;
  /** Called when the visitor confirms; the dialog closes first. */
  onConfirm: () => void;
  /** Where focus goes when the dialog closes, when it has no Radix trigger to return to. */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * The generic confirm dialog (spec section 2): a title, a cancel button and a submit button with texts the
 * caller gives. Cancel has the focus first, so Enter never destroys anything by accident.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl focus:outline-none md:p-8"
        >
          <Dialog.Title className="font-display text-xl font-extrabold tracking-tight text-neutral-950 md:text-2xl">
            {title}
          </Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-2 text-neutral-600">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </Dialog.Close>
            <Button
              onClick={() => {
                onOpenChange(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
