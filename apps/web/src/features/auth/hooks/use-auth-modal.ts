import { useSyncExternalStore } from "react";

/** The auth modal's modes (spec section 4: signIn <-> signUp, signIn <-> reset). */
export type AuthModalMode = "signIn" | "signUp" | "reset";

type AuthModalState = {
  open: boolean;
  mode: AuthModalMode;
  /** An e-mail to start the form with (after confirming an address, for instance). */
  email?: string;
  /** What opened the modal (a button, a heart): the focus goes back to it when the modal closes. */
  opener?: HTMLElement;
};

let state: AuthModalState = { open: false, mode: "signIn" };
const listeners = new Set<() => void>();

function setState(next: AuthModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The control that opened the modal, from the focused element at that moment: an item of a menu (which closes
 * as the modal opens) stands for the menu's button, found by the `aria-controls` that names the menu.
 */
export function findOpener(focused: Element | null): HTMLElement | undefined {
  if (!(focused instanceof HTMLElement) || focused === focused.ownerDocument.body) return undefined;
  const menu = focused.closest<HTMLElement>('[role="menu"]');
  if (!menu) return focused;
  const button = menu.id
    ? focused.ownerDocument.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`)
    : null;
  return button ?? undefined;
}

/** Opens the auth modal in `mode` from anywhere (navigation, a guest's favorite heart, a page). */
export function openAuthModal(mode: AuthModalMode = "signIn", options: { email?: string } = {}): void {
  const opener = state.open ? state.opener : findOpener(document.activeElement);
  setState({ open: true, mode, email: options.email, opener });
}

/** Gives the focus back to what opened the modal, if it is still on the page; true when it did. */
export function focusAuthModalOpener(): boolean {
  const { opener } = state;
  if (!opener?.isConnected) return false;
  opener.focus();
  return document.activeElement === opener;
}

/** Switches the open modal to another mode. */
export function setAuthModalMode(mode: AuthModalMode): void {
  setState({ ...state, mode });
}

/** Closes the auth modal. */
export function closeAuthModal(): void {
  setState({ ...state, open: false });
}

/** The auth modal's open state and mode. */
export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
