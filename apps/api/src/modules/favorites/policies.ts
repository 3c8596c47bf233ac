import { identityRule, ownsResource, resourceRule } from "../../lib/authorize.ts";

/** Only the customer who owns a collection may see it or change it (its likes included). */
const ownCollection = resourceRule({
  who: "customer",
  resourceName: "Collection",
  allows: (actor, collection: { userId: string }) => ownsResource(actor, collection),
});

/**
 * Favourites are private: a customer's collections and likes are theirs alone. Guests and callers without a
 * token get 401; another customer's collection answers 404 as if it did not exist, for reads and writes.
 */
export const favoritePolicies = {
  listCollections: identityRule("customer"),
  createCollection: identityRule("customer"),
  listLikedDesigns: identityRule("customer"),
  readCollection: ownCollection,
  renameCollection: ownCollection,
  deleteCollection: ownCollection,
  /** The collection the variant goes into or leaves (a named one, or the default one) must be theirs. */
  toggleLikedVariant: ownCollection,
};
