import { useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { openAuthModal } from "../features/auth/hooks/use-auth-modal.ts";
import { catalogueKeys } from "../features/catalogue/api/query-keys.ts";
import { FollowButton } from "../features/follows/components/follow-button.tsx";
import { sessionKeys } from "../features/session/api/query-keys.ts";
import { useSignedIn } from "../features/session/hooks/use-signed-in.ts";
import { LOCAL_KEYS, readLocal, subscribeToSessionChanges } from "../lib/storage.ts";

const readStoredUniqueUsername = () => readLocal(LOCAL_KEYS.uniqueUsername);

/**
 * The Follow / Following button as the storefront and the design page place it (composed here: features do
 * not import each other). A guest is offered sign-in; a change refreshes the user info and the storefront's
 * follower count. Hidden on the visitor's own storefront, since nobody follows themselves.
 */
export function FollowArtistButton({
  artist,
  className,
}: {
  artist: { uuid: string; uniqueUsername: string; displayName: string };
  className?: string;
}) {
  const isSignedIn = useSignedIn();
  const queryClient = useQueryClient();
  const ownUniqueUsername = useSyncExternalStore(subscribeToSessionChanges, readStoredUniqueUsername, () => undefined);
  if (isSignedIn && ownUniqueUsername && ownUniqueUsername.toLowerCase() === artist.uniqueUsername.toLowerCase()) {
    return null;
  }
  return (
    <FollowButton
      artist={artist}
      isSignedIn={isSignedIn}
      onSignInRequired={() => openAuthModal("signIn")}
      onChanged={() => {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.userInfo() });
        void queryClient.invalidateQueries({ queryKey: catalogueKeys.artists() });
      }}
      className={className}
    />
  );
}
