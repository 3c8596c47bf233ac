import type { ToggleLikedVariantResponse } from "@threadfolk/contract/favorites";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { likedSellerDesignProductVariants } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { authorize, type UserActor } from "../../lib/authorize.ts";
import { adjustFavoriteCount } from "../catalogue/queries.ts";
import { findOrCreateDefaultCollection } from "./manage-collections.ts";
import { favoritePolicies } from "./policies.ts";
import {
  findCollection,
  findFavoriteDesignUuids,
  findListedVariant,
  hasFavoritedDesign,
  lockCustomerFavorites,
} from "./queries.ts";

const likes = likedSellerDesignProductVariants;

/**
 * Adds the variant to the customer's collection if absent, removes it if present (spec section 4), and keeps
 * the design's favourite counter (customers who have it in any collection) in step, all in one transaction.
 * Without a collection id the variant goes into the customer's default collection, created when missing.
 * The unique (collection, variant) index decides what racing requests see; the customer lock keeps the
 * counter exact.
 */
export async function toggleLikedVariant(options: {
  db: Database;
  actor: UserActor;
  collectionId: number | null | undefined;
  variantId: number;
}): Promise<ToggleLikedVariantResponse> {
  const { db, actor, collectionId, variantId } = options;
  const { userId } = actor;
  return db.transaction(async (tx) => {
    const variant = await findListedVariant({ db: tx, variantId });
    if (!variant) throw AppError.notFound("Design variant");
    await lockCustomerFavorites({ db: tx, userId });
    const collection =
      collectionId == null
        ? await findOrCreateDefaultCollection({
            db: tx,
            userId,
            field: "liked_seller_design_product_variant.customer_profile_design_collection_id",
          })
        : await findCollection({ db: tx, collectionId });
    authorize(actor, favoritePolicies.toggleLikedVariant, collection);

    const hadDesign = await hasFavoritedDesign({ db: tx, userId, designId: variant.designId });
    const pair = and(eq(likes.collectionId, collection.id), eq(likes.sellerDesignProductVariantId, variantId));
    const removed = await tx.delete(likes).where(pair).returning({ id: likes.id });
    let addedOrRemoved: "added" | "removed" = "removed";
    if (removed.length === 0) {
      // A concurrent insert of the same pair (possible only without the lock) leaves the pair present: "added".
      await tx
        .insert(likes)
        .values({ collectionId: collection.id, sellerDesignProductVariantId: variantId })
        .onConflictDoNothing();
      addedOrRemoved = "added";
    }
    const hasDesign =
      addedOrRemoved === "added" || (await hasFavoritedDesign({ db: tx, userId, designId: variant.designId }));
    if (hasDesign !== hadDesign) {
      await adjustFavoriteCount({ db: tx, designId: variant.designId, delta: hasDesign ? 1 : -1 });
    }
    return {
      addedOrRemoved,
      sellerDesignName: variant.designName,
      collectionName: collection.displayName,
      customerProfileDesignCollectionId: collection.id,
      favoriteDesignUuids: await findFavoriteDesignUuids({ db: tx, userId }),
    };
  });
}
