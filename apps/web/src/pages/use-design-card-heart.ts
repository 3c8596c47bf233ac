import { useCallback } from "react";
import { openAuthModal } from "../features/auth/hooks/use-auth-modal.ts";
import type { HeartClickHandler } from "../features/catalogue/components/design-card.tsx";
import { useSignedIn } from "../features/session/hooks/use-signed-in.ts";

/**
 * What a design card's heart does (composed here: features do not import each other). A guest is asked to
 * sign in, since collections belong to customers. For a signed-in customer the heart will toggle the
 * collections menu, which the favourites work adds; until then it does nothing for them.
 */
export function useDesignCardHeart(): HeartClickHandler {
  const isSignedIn = useSignedIn();
  return useCallback(() => {
    if (!isSignedIn) openAuthModal("signIn");
  }, [isSignedIn]);
}
