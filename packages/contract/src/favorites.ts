import { z } from "zod";
import type { DesignCard, ImageSource, PageMeta } from "./discovery.ts";
import { pageParamSchema } from "./discovery.ts";
import { uuidSchema } from "./ids.ts";
import { textSchema } from "./text.ts";
import { collectionNameSchema } from "./validation.ts";

/**
 * Favourites and follows API: request schemas (camelCase, as `parseInput` sees them after case conversion)
 * and response types. The wire is snake_case; docs/decisions/009-favourites-follows-analytics.md shows it.
 */

/** Cards per page of the liked-designs list and of one collection. */
export const FAVORITES_PAGE_SIZE = 24;
/** Followed artists per page. */
export const FOLLOWS_PAGE_SIZE = 24;
/** Latest designs shown with each followed artist. */
export const FOLLOWED_ARTIST_LATEST_DESIGNS = 4;
/**
 * Collections one customer may have (decision 020): far more than anyone organises by hand, few enough that
 * the collections menu stays one light request.
 */
export const MAX_COLLECTIONS_PER_CUSTOMER = 100;
/** Collections per page of `display=true` (each with the first FAVORITES_PAGE_SIZE of its designs). */
export const FAVORITE_COLLECTIONS_PAGE_SIZE = 10;
/** Name of the collection a customer's first favourite goes into when they have none. */
export const DEFAULT_COLLECTION_NAME = "Favorites";

export const COLLECTION_NAME_TAKEN = "Collection Name has already been taken";
export const COLLECTION_LIMIT_REACHED = `You can have at most ${MAX_COLLECTIONS_PER_CUSTOMER} collections. Delete one to make room for a new one.`;
export const CANNOT_FOLLOW_YOURSELF = "You cannot follow yourself";

const MAX_ID = 2_147_483_647;

/** A numeric id (collection, variant) sent as a JSON number or a string of digits. */
export const numericIdSchema = (name: string) =>
  z
    .union(
      [
        z.number(),
        textSchema({ maxLength: 10 })
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ],
      { error: `${name} must be a positive integer` },
    )
    .pipe(
      z
        .number({ error: `${name} must be a positive integer` })
        .int(`${name} must be a positive integer`)
        .min(1, `${name} must be a positive integer`)
        .max(MAX_ID, `${name} must be a positive integer`),
    );

/** Create or rename a collection: the spec's client sends `display_name` flat. */
export const collectionInputSchema = z.strictObject({ displayName: collectionNameSchema });
/** The same, wrapped as Rails-style clients send it: `{ customer_profile_design_collection: { display_name } }`. */
export const wrappedCollectionInputSchema = z.strictObject({ customerProfileDesignCollection: collectionInputSchema });

/**
 * `GET /customer_profile_design_collections?display=false|true` (default false): false lists every collection,
 * light; true pages them (`page`, FAVORITE_COLLECTIONS_PAGE_SIZE a page) with their first designs.
 */
export const collectionListQuerySchema = z
  .strictObject({
    display: z.enum(["true", "false"], { error: "display must be true or false" }).optional(),
    page: pageParamSchema.optional(),
  })
  .refine((query) => query.page === undefined || query.display === "true", {
    message: "page applies to display=true only",
    path: ["page"],
  });

/** `GET /customer_profile_design_collections/{id}?page=`. */
export const collectionPageQuerySchema = z.strictObject({ page: pageParamSchema.optional() });

/** `POST /liked_seller_design_product_variants`: toggles a variant in a collection (null: the default collection). */
export const toggleLikedVariantBodySchema = z.strictObject({
  likedSellerDesignProductVariant: z.strictObject({
    customerProfileDesignCollectionId: numericIdSchema("customer_profile_design_collection_id").nullish(),
    sellerDesignProductVariantId: numericIdSchema("seller_design_product_variant_id"),
  }),
});
export type ToggleLikedVariantInput = z.infer<typeof toggleLikedVariantBodySchema>["likedSellerDesignProductVariant"];

/** `GET /liked_seller_design_product_variants?page=` and `GET /artist_follows?page=`. */
export const favoritesPageQuerySchema = z.strictObject({ page: pageParamSchema.optional() });

/** `POST /artist_follows`. */
export const followArtistBodySchema = z.strictObject({
  artistFollow: z.strictObject({ sellerProfileId: uuidSchema("seller_profile_id") }),
});

/** A collection as the collections menu needs it (`display=false`, create, rename). */
export type CustomerProfileDesignCollection = {
  id: number;
  type: "customer_profile_design_collection";
  attributes: {
    displayName: string;
    /** Every variant id in the collection; the menu's heart is red when the card's default variant is in it. */
    likedDefaultVariantIds: number[];
    isDefault: boolean;
    /** Listed designs in it (deactivated designs are not counted). */
    designCount: number;
  };
};

/** A design card in a collection, with the variant that was liked (toggle it to remove the design). */
export type LikedDesignCard = DesignCard & { likedSellerDesignProductVariantId: number };

/** A collection with its designs (`display=true`: the first page; `GET /{id}`: the page asked for). */
export type CustomerProfileDesignCollectionWithDesigns = Omit<CustomerProfileDesignCollection, "attributes"> & {
  attributes: CustomerProfileDesignCollection["attributes"] & { designs: LikedDesignCard[] };
};

/** Answer of the toggle (spec section 3: liked-variant toggle). */
export type ToggleLikedVariantResponse = {
  addedOrRemoved: "added" | "removed";
  sellerDesignName: string;
  collectionName: string;
  customerProfileDesignCollectionId: number;
  /** Uuids of every design in any of the customer's collections: replaces the stored favoriteDesignUuids. */
  favoriteDesignUuids: string[];
};

/** One followed artist of `GET /artist_follows`. */
export type FollowedArtist = {
  id: string;
  type: "artist";
  attributes: {
    uuid: string;
    uniqueUsername: string;
    displayName: string;
    bio: string;
    avatar: ImageSource | null;
    banner: ImageSource | null;
    designCount: number;
    followerCount: number;
    followedAt: string;
    latestDesigns: DesignCard[];
  };
};

export type FollowedArtistsResponse = { data: FollowedArtist[]; meta: PageMeta };

/** `DELETE /customer_profile_design_collections/{id}`: the deleted collection and the remaining favourites. */
export type DeleteCollectionResponse = {
  data: { id: number; type: "customer_profile_design_collection" };
  favoriteDesignUuids: string[];
};

/** `POST /artist_follows` and `DELETE /artist_follows/{uuid}` (decision 009): the new state and every followed artist. */
export type FollowStateResponse = {
  data: {
    id: string;
    type: "artist_follow";
    attributes: { sellerProfileId: string; following: boolean; followerCount: number };
  };
  followedSellerUuids: string[];
};
