import { identityRule, resourceRule } from "../../lib/authorize.ts";

/** Only the artist whose storefront a collection belongs to may read or change it. */
const ownCollection = resourceRule({
  who: "artist",
  resourceName: "Collection",
  allows: (actor, collection: { sellerProfileId: string }) => collection.sellerProfileId === actor.artistId,
});

/**
 * Storefront collections (sections of the artist's storefront): an artist lists, creates, changes and deletes
 * only their own. Guests get 401, customers without a storefront 403, another artist's collection 404.
 * The storefront itself is public (modules/discovery shows the sections).
 */
export const storefrontCollectionPolicies = {
  listCollections: identityRule("artist"),
  createCollection: identityRule("artist"),
  readCollection: ownCollection,
  updateCollection: ownCollection,
  deleteCollection: ownCollection,
};
