import { type CustomerProfileDesignCollection, DEFAULT_COLLECTION_NAME } from "@threadfolk/contract/favorites";

/** One row of the menu: a collection, or the default one the server makes on the first favorite. */
export type MenuRow = { key: string; collectionId: number | null; name: string; isLiked: boolean };

/**
 * The menu's rows: every collection, and first the default one while the customer has none yet (the server
 * creates it with the first favourite that names no collection). A customer who created a list before ever
 * using the default still has it offered: it is not there only while the list is empty.
 */
export function collectionMenuRows(
  collections: readonly CustomerProfileDesignCollection[],
  variantId: number | null,
): MenuRow[] {
  const rows: MenuRow[] = collections.map((collection) => ({
    key: String(collection.id),
    collectionId: collection.id,
    name: collection.attributes.displayName,
    isLiked: variantId !== null && collection.attributes.likedDefaultVariantIds.includes(variantId),
  }));
  // The server takes a collection named like the default for it, so such a collection counts as the default.
  const hasDefault = collections.some(
    (collection) =>
      collection.attributes.isDefault ||
      collection.attributes.displayName.trim().toLowerCase() === DEFAULT_COLLECTION_NAME.toLowerCase(),
  );
  if (hasDefault) return rows;
  return [{ key: "default", collectionId: null, name: DEFAULT_COLLECTION_NAME, isLiked: false }, ...rows];
}
