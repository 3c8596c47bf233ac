/**
 * The seeded artist that the demo artist account signs in as. Users live on the accounts branch: after the
 * merge, the accounts seed creates the demo artist user and sets `seller_profiles.user_id` on this profile.
 */
export const DEMO_ARTIST_UNIQUE_USERNAME = "mayaokafor";
