/**
 * Every favourites query key, from one factory. They share the `all` prefix: a change to any collection
 * invalidates it, and the menu, the Favorite Designs tab and the further pages all refetch.
 */
export const favoritesKeys = {
  all: ["favorites"] as const,
  collections: () => [...favoritesKeys.all, "collections"] as const,
  collectionsWithDesigns: () => [...favoritesKeys.all, "collections-with-designs"] as const,
  collectionPages: (collectionId: number) => [...favoritesKeys.all, "collection-pages", collectionId] as const,
};
