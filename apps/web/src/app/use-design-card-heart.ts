import { useCallback } from "react";
import type { HeartClickHandler } from "../components/design-card.tsx";
import { openAuthModal } from "../features/auth/hooks/use-auth-modal.ts";
import { openCollectionsMenu } from "../features/favorites/hooks/use-collections-menu.ts";
import { useSignedIn } from "../features/session/hooks/use-signed-in.ts";

/**
 * What a design card's heart does (composed here: features do not import each other). A guest is asked to
 * sign in, since collections belong to customers; a signed-in customer gets the collections menu against
 * the heart (the app renders the menu once, in the router's root).
 */
export function useDesignCardHeart(): HeartClickHandler {
  const isSignedIn = useSignedIn();
  return useCallback(
    (card, anchor) => {
      if (!isSignedIn) openAuthModal("signIn");
      else openCollectionsMenu(card, anchor);
    },
    [isSignedIn],
  );
}
