import { useCallback } from "react";
import type { HeartClickHandler } from "../components/design-card.tsx";
import { openAuthModal } from "../features/auth/hooks/use-auth-modal.ts";
import { openCollectionsMenu } from "../features/favorites/hooks/use-collections-menu.ts";
import { useSignedIn } from "../features/session/hooks/use-signed-in.ts";
import { readSignedInFlag } from "../lib/storage.ts";

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

/**
 * The error page's hearts: the same, but the signed-in flag is read at the click and storage that cannot be
 * read counts as a guest, since that page must render whatever broke (a storage fault may be why it is shown).
 */
export function useErrorPageCardHeart(): HeartClickHandler {
  return useCallback((card, anchor) => {
    let isSignedIn = false;
    try {
      isSignedIn = readSignedInFlag();
    } catch {
      // Unreadable storage: the visitor is asked to sign in, as a guest would be.
    }
    if (!isSignedIn) openAuthModal("signIn");
    else openCollectionsMenu(card, anchor);
  }, []);
}
