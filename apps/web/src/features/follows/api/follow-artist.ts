import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { FollowStateResponse } from "@threadfolk/contract/favorites";
import { trackEvent } from "../../../lib/analytics.ts";
import { apiRequest, isApiError } from "../../../lib/api-client.ts";
import { LOCAL_KEYS, writeLocalList } from "../../../lib/storage.ts";
import { toast } from "../../../lib/toast.ts";
import { followsKeys } from "./query-keys.ts";

type FollowArtistInput = {
  artistUuid: string;
  /** True to follow, false to unfollow. */
  follow: boolean;
};

/** `POST /api/v1/artist_follows` or `DELETE /api/v1/artist_follows/{uuid}`; both are idempotent. */
function setArtistFollow(input: FollowArtistInput): Promise<FollowStateResponse> {
  return input.follow
    ? apiRequest<FollowStateResponse>(apiPath(API.followedArtists), {
        method: "POST",
        body: { artistFollow: { sellerProfileId: input.artistUuid } },
      })
    : apiRequest<FollowStateResponse>(apiPath(API.unfollowArtist, { seller_profile_id: input.artistUuid }), {
        method: "DELETE",
      });
}

/** A refusal the server explains (following yourself): shown as it is rather than as the general error. */
function isExplainedRefusal(error: unknown): boolean {
  return isApiError(error, 422);
}

/**
 * Follows or unfollows an artist: the stored followedSellerUuids are replaced with the server's, the followed
 * list refetches, 'Followed Artist' or 'Unfollowed Artist' is recorded, and `onChanged` runs (the app refreshes
 * the user info and the storefront's follower count through it).
 */
export function useFollowArtist(options: { onChanged?: (state: FollowStateResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setArtistFollow,
    meta: { isExpectedError: isExplainedRefusal },
    onSuccess: (state, input) => {
      writeLocalList(LOCAL_KEYS.followedSellerUuids, state.followedSellerUuids);
      trackEvent(input.follow ? "Followed Artist" : "Unfollowed Artist", "Design Discovery", {
        artistUuid: input.artistUuid,
      });
      options.onChanged?.(state);
      return queryClient.invalidateQueries({ queryKey: followsKeys.all });
    },
    onError: (error) => {
      if (isApiError(error) && isExplainedRefusal(error)) toast.error(error.details[0]?.message ?? error.message);
    },
  });
}
