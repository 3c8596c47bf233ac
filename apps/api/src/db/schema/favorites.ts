import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { sellerDesignProductVariants, sellerProfiles } from "./catalogue.ts";

/**
 * A customer's named list of favourite designs (spec: customer profile design collection). Names are
 * unique per customer ignoring case and surrounding spaces; at most one collection per customer is the
 * default, the one a favourite without a collection id goes into.
 */
export const customerProfileDesignCollections = pgTable(
  "customer_profile_design_collections",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("customer_profile_design_collections_user_name_key").on(
      table.userId,
      sql`lower(btrim(${table.displayName}))`,
    ),
    uniqueIndex("customer_profile_design_collections_one_default_key").on(table.userId).where(sql`${table.isDefault}`),
    check(
      "customer_profile_design_collections_name_length",
      sql`char_length(btrim(${table.displayName})) between 1 and 60`,
    ),
  ],
);

/** One variant (the card's default variant, usually) in one collection: the spec's liked seller design product variant. */
export const likedSellerDesignProductVariants = pgTable(
  "liked_seller_design_product_variants",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    collectionId: integer("collection_id")
      .notNull()
      .references(() => customerProfileDesignCollections.id, { onDelete: "cascade" }),
    sellerDesignProductVariantId: integer("seller_design_product_variant_id")
      .notNull()
      .references(() => sellerDesignProductVariants.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Decides racing toggles: a pair can exist once, whatever the application does.
    uniqueIndex("liked_variants_collection_variant_key").on(table.collectionId, table.sellerDesignProductVariantId),
    index("liked_variants_variant_idx").on(table.sellerDesignProductVariantId),
    index("liked_variants_collection_created_idx").on(table.collectionId, table.createdAt.desc()),
  ],
);

/** A customer following an artist's storefront; one row per pair. */
export const artistFollows = pgTable(
  "artist_follows",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.sellerProfileId], name: "artist_follows_pkey" }),
    // Follower counts of a storefront, and the user's list newest first.
    index("artist_follows_seller_idx").on(table.sellerProfileId),
    index("artist_follows_user_created_idx").on(table.userId, table.createdAt.desc()),
  ],
);
