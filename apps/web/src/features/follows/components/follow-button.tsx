import type { FollowStateResponse } from "@threadfolk/contract/favorites";
import { useFollowArtist } from "../api/follow-artist.ts";
import { useFollowedSellerUuids } from "../hooks/use-followed-seller-uuids.ts";

type FollowButtonProps = {
  artist: { uuid: string; displayName: string };
  isSignedIn: boolean;
  /** What a guest's click does (the app offers sign-in). */
  onSignInRequired: () => void;
  onChanged?: (state: FollowStateResponse) => void;
  className?: string;
};

/**
 * Follow / Following (one toggle button for the storefront and the design page): pressed while the artist is
 * among the stored followedSellerUuids. Shows the state it is moving to while the request runs.
 */
export function FollowButton({ artist, isSignedIn, onSignInRequired, onChanged, className = "" }: FollowButtonProps) {
  const followed = useFollowedSellerUuids();
  const mutation = useFollowArtist({ onChanged });
  const isFollowing = mutation.isPending
    ? mutation.variables.follow
    : isSignedIn && followed.has(artist.uuid.toLowerCase());

  return (
    <button
      type="button"
      aria-pressed={isFollowing}
      aria-label={`Follow ${artist.displayName}`}
      aria-busy={mutation.isPending || undefined}
      onClick={() => {
        if (!isSignedIn) {
          onSignInRequired();
          return;
        }
        if (mutation.isPending) return;
        mutation.mutate({ artistUuid: artist.uuid, follow: !isFollowing });
      }}
      className={`inline-flex h-10 min-w-[7.5rem] items-center justify-center gap-1.5 rounded-full px-5 text-sm font-bold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
        isFollowing
          ? "border border-neutral-300 bg-white text-neutral-900 hover:border-neutral-400 hover:bg-neutral-50"
          : "bg-neutral-950 text-white hover:bg-brand"
      } ${className}`}
    >
      {isFollowing ? (
        <>
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.4}
            aria-hidden="true"
            className="size-4"
          >
            <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Following
        </>
      ) : (
        "Follow"
      )}
    </button>
  );
}
