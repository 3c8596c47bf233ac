import type {
  CustomerProfileDesignCollection,
  CustomerProfileDesignCollectionWithDesigns,
  LikedDesignCard,
} from "@threadfolk/contract/favorites";
import type { CollectionRow } from "./queries.ts";

type CollectionWithVariants = { collection: CollectionRow; variantIds: number[]; designCount: number };

/** A collection as the collections menu shows it (spec section 3: customer profile design collection). */
export function presentCollection({
  collection,
  variantIds,
  designCount,
}: CollectionWithVariants): CustomerProfileDesignCollection {
  return {
    id: collection.id,
    type: "customer_profile_design_collection",
    attributes: {
      displayName: collection.displayName,
      likedDefaultVariantIds: variantIds,
      isDefault: collection.isDefault,
      designCount,
    },
  };
}

/** A collection with (a page of) its designs as cards, for the profile's Favorite Designs tab. */
export function presentCollectionWithDesigns(
  row: CollectionWithVariants,
  designs: LikedDesignCard[],
): CustomerProfileDesignCollectionWithDesigns {
  const presented = presentCollection(row);
  return { ...presented, attributes: { ...presented.attributes, designs } };
}
