import { useSyncExternalStore } from "react";

/** The auth modal's modes (spec section 4: signIn <-> signUp, signIn <-> reset). */
export type AuthModalMode = "signIn" | "signUp" | "reset";

type AuthModalState = {
  open: boolean;
  mode: AuthModalMode;
  /** An e-mail to start the form with (after confirming an address, for instance). */
  email?: string;
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

/** Opens the auth modal in `mode` from anywhere (navigation, a guest's favourite heart, a page). */
export function openAuthModal(mode: AuthModalMode = "signIn", options: { email?: string } = {}): void {
  setState({ open: true, mode, email: options.email });
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
