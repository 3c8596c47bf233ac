import { useMemo } from "react";
import { useSignOut } from "../../features/auth/api/sign-out.ts";
import { openAuthModal } from "../../features/auth/hooks/use-auth-modal.ts";

/**
 * What the account menu asks the layout to do. The layout owns these so the navigation bar does not
 * depend on the accounts feature.
 */
export type AuthActions = {
  onSignIn: () => void;
  onSignUp: () => void;
  onSignOut: () => void;
};

/** The account menu's actions: the auth modal in sign-in or sign-up mode, and logout. */
export function useAuthActions(): AuthActions {
  const { mutate: signOut } = useSignOut();
  return useMemo(
    () => ({
      onSignIn: () => openAuthModal("signIn"),
      onSignUp: () => openAuthModal("signUp"),
      onSignOut: () => signOut(),
    }),
    [signOut],
  );
}
