import { useMemo } from "react";

/**
 * What the account menu asks the layout to do. The layout owns these so the auth modal and the sign-out
 * call (accounts work) can be plugged in without touching the navigation bar.
 */
export type AuthActions = {
  onSignIn: () => void;
  onSignUp: () => void;
  onSignOut: () => void;
};

/**
 * The account menu's actions. The auth modal and sign-out arrive with the accounts feature; until it is
 * composed here these entries close the menu and do nothing else.
 */
export function useAuthActions(): AuthActions {
  return useMemo(() => ({ onSignIn: () => {}, onSignUp: () => {}, onSignOut: () => {} }), []);
}
