import { identityRule } from "../../lib/authorize.ts";

/**
 * Follows belong to the customer who made them: each action works on the caller's own follows only (the
 * follow is keyed by the caller), so a signed-in customer is all it takes. Guests get 401.
 */
export const followPolicies = {
  followArtist: identityRule("customer"),
  unfollowArtist: identityRule("customer"),
  listFollowedArtists: identityRule("customer"),
};
