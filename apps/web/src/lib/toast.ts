/**
 * The app's toasts (spec section 8). The toast library is not needed to paint a page, so it is fetched when
 * the first toast is shown or when the browser is idle after start-up, whichever comes first (decision 011).
 * A toast shown before the Toaster is mounted appears as soon as it is (the library replays active toasts).
 */

import { createElement, type ReactElement } from "react";

type ToastKind = "success" | "error" | "warning";

/**
 * The live-region role of a toast's message, by its tone: an error interrupts (`alert`), the rest waits for a
 * pause (`status`). The toast list itself is a polite live region, which not every screen reader follows for
 * content added inside it; the role on the message makes each toast an announcement of its own.
 */
export function toastRole(kind: ToastKind): "alert" | "status" {
  return kind === "error" ? "alert" : "status";
}

/** The message as the toast shows it: its text inside an element with the live-region role its tone asks for. */
export function toastMessage(kind: ToastKind, message: string): ReactElement {
  return createElement("span", { role: toastRole(kind) }, message);
}

const loadToastLibrary = () => import("sonner");

let isToasterRequested = false;
const toasterListeners = new Set<() => void>();

/** Asks the app to mount its Toaster (once); `LazyToaster` listens. */
export function requestToaster(): void {
  if (isToasterRequested) return;
  isToasterRequested = true;
  for (const listener of toasterListeners) listener();
}

/** Calls `listener` when the Toaster is wanted (at once when it already is); answers an unsubscribe function. */
export function onToasterRequested(listener: () => void): () => void {
  if (isToasterRequested) {
    listener();
    return () => {};
  }
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

type ToastOptions = {
  /** A button in the toast ('View Cart'): the way on from what the toast reports. */
  action?: { label: string; onClick: () => void };
  /** A second line under the message (a card processor's reason for a decline). */
  description?: string;
  /** Called once when the toast goes, by its timer or by the visitor (the thank-you toast then goes home). */
  onClose?: () => void;
  /** Names the toast, so that `toast.dismiss(id)` can take it away when what it reports is out of date. */
  id?: string;
};

function show(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  requestToaster();
  const { onClose, ...shown } = options;
  let isClosed = false;
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    onClose?.();
  };
  loadToastLibrary()
    .then(({ toast }) =>
      toast[kind](toastMessage(kind, message), {
        ...shown,
        ...(onClose ? { onDismiss: close, onAutoClose: close } : {}),
      }),
    )
    .catch(() => {
      // The library could not be downloaded (offline): there is nowhere to show the message, so what follows
      // its closing follows at once.
      close();
    });
}

/** Takes away the toast named `id`, if it is shown. */
function dismiss(id: string): void {
  if (!isToasterRequested) return;
  loadToastLibrary()
    .then(({ toast }) => toast.dismiss(id))
    .catch(() => {
      // Nothing could have been shown.
    });
}

/**
 * `toast.success(text, { action })`, `toast.error(text)`, `toast.warning(text)`: the coloured toasts of the app;
 * `toast.dismiss(id)` takes a named one away.
 */
export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  warning: (message: string, options?: ToastOptions) => show("warning", message, options),
  dismiss,
};
