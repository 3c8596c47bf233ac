/**
 * Every favourites query key, from one factory. They share the `all` prefix: a change to any collection
 * invalidates it, and the menu, the Favorite Designs tab and the further pages all refetch.
 */
export const favouritesKeys = {
  all: ["favourites"] as const,
  collections: () => [...favouritesKeys.all, "collections"] as const,
  collectionsWithDesigns: () => [...favouritesKeys.all, "collections-with-designs"] as const,
  collectionPages: (collectionId: number) => [...favouritesKeys.all, "collection-pages", collectionId] as const,
};
