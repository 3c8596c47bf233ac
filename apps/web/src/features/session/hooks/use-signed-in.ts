import { useSyncExternalStore } from "react";
import { SESSION_CHANGE_EVENT, SESSION_STORAGE_KEYS } from "../storage-keys.ts";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(SESSION_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(SESSION_CHANGE_EVENT, onChange);
  };
}

// Read during render on purpose: storage that cannot be read is a real fault the error boundary shows.
function readSignedIn(): boolean {
  return window.localStorage.getItem(SESSION_STORAGE_KEYS.signedIn) === "true";
}

/** True when local storage says the visitor is signed in; follows changes in this and other tabs. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, readSignedIn, () => false);
}

/** Stores the signed-in flag and tells every `useSignedIn` in this tab. */
export function setSignedIn(isSignedIn: boolean): void {
  window.localStorage.setItem(SESSION_STORAGE_KEYS.signedIn, isSignedIn ? "true" : "false");
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}
