import { useSyncExternalStore } from "react";
import { readSignedInFlag, subscribeToSessionChanges, writeSignedInFlag } from "../../../lib/storage.ts";

/** True when local storage says the visitor is signed in; follows changes in this and other tabs. */
export function useSignedIn(): boolean {
  // Read during render on purpose: storage that cannot be read is a real fault the error boundary shows.
  return useSyncExternalStore(subscribeToSessionChanges, readSignedInFlag, () => false);
}

/** Stores the signed-in flag and tells every `useSignedIn` in this tab. */
export function setSignedIn(isSignedIn: boolean): void {
  writeSignedInFlag(isSignedIn);
}
