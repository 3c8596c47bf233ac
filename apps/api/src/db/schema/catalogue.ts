import { PRODUCT_COLORS } from "@threadfolk/contract/colors";
import { SIZES } from "@threadfolk/contract/sizes";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

// Check constraints keep the data honest even when rows arrive from the scale seed or a future admin tool.
const COLOR_LIST = sql.raw(PRODUCT_COLORS.map((color) => `'${color}'`).join(", "));
const SIZE_LIST = sql.raw(SIZES.map((size) => `'${size}'`).join(", "));

export const DESIGN_STATUSES = ["active", "deactivated"] as const;
export type DesignStatus = (typeof DESIGN_STATUSES)[number];

export const GARMENT_FITS = ["Men", "Women", "Unisex"] as const;
export type GarmentFit = (typeof GARMENT_FITS)[number];

export const COLLECTION_KINDS = ["curated", "popular", "recent", "all"] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];

/** An artist's public storefront, owned by the user who signs in as that artist (at most one profile per user). */
export const sellerProfiles = pgTable(
  "seller_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Lowercase and URL-safe: it is the `{username}` of `/artist/{username}/{artistUuid}`. */
    uniqueUsername: text("unique_username").notNull(),
    displayName: text("display_name").notNull(),
    bio: text("bio").notNull().default(""),
    /** Media storage keys (`artists/{uuid}/avatar.png`), not URLs: URLs are signed when presented. */
    avatarKey: text("avatar_key"),
    bannerKey: text("banner_key"),
    /** Bumped when the avatar or banner is replaced: the `v` of their signed URLs, so caches let go. */
    imagesVersion: integer("images_version").notNull().default(1),
    /** When the artist agreed to the seller program terms and the intellectual property policy (issue 14). */
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    /**
     * Set while the storefront is suspended (issue 28): its page and every design of it are hidden from the
     * public; the artist still signs in, sees Sales and is paid. `suspension_cause` says who lifts it: an
     * operator ('operator'), or the strikes falling under three again ('strikes', decision 072).
     */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspensionCause: text("suspension_cause").$type<"strikes" | "operator">(),
    suspensionReason: text("suspension_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("seller_profiles_unique_username_key").on(table.uniqueUsername),
    uniqueIndex("seller_profiles_user_id_key").on(table.userId),
    // The listing rule's "storefront suspended" check reads only the few suspended storefronts (issue 28).
    index("seller_profiles_suspended_idx").on(table.id).where(sql`${table.suspendedAt} is not null`),
    check(
      "seller_profiles_suspension_check",
      sql`(${table.suspendedAt} is null) = (${table.suspensionCause} is null) and (${table.suspensionCause} is null or ${table.suspensionCause} in ('strikes', 'operator'))`,
    ),
    check("seller_profiles_unique_username_format", sql`${table.uniqueUsername} ~ '^[a-z0-9][a-z0-9_-]{2,39}$'`),
  ],
);

/** A printable garment (style and fit): its sizes in the spec's order and the colours it comes in. */
export const garmentStyles = pgTable(
  "garment_styles",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Stable key used by code and the mockup pipeline: `mens_tee`, `womens_tee`, `hoodie`, `tank_top`. */
    key: text("key").notNull(),
    displayName: text("display_name").notNull(),
    /** The spec's `gender` of a line item: 'Men', 'Women' or 'Unisex'. */
    fit: text("fit").$type<GarmentFit>().notNull(),
    baseCostCents: integer("base_cost_cents").notNull(),
    /** Sizes sorted by SIZE_ORDER (XS first). */
    sizes: text("sizes").array().notNull(),
    /** Colours among the 19 product colours, in display order. */
    colors: text("colors").array().notNull(),
    /** Order in which styles are offered on the design page. */
    position: integer("position").notNull().default(0),
  },
  (table) => [
    uniqueIndex("garment_styles_key_key").on(table.key),
    check("garment_styles_fit_check", sql`${table.fit} in ('Men', 'Women', 'Unisex')`),
    check("garment_styles_base_cost_check", sql`${table.baseCostCents} >= 0`),
    check("garment_styles_sizes_check", sql`cardinality(${table.sizes}) > 0 and ${table.sizes} <@ array[${SIZE_LIST}]`),
    check(
      "garment_styles_colors_check",
      sql`cardinality(${table.colors}) > 0 and ${table.colors} <@ array[${COLOR_LIST}]`,
    ),
  ],
);

/**
 * One artwork published by an artist. Everything search needs is on this row (title, tags, description;
 * the artist's display name is one join away), and the popularity counters live here so "popular" sorts
 * one table with one index.
 */
export const designs = pgTable(
  "designs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description").notNull().default(""),
    /**
     * Lowercase tags. An array (not a tags table) so the search document of a design is built from its own
     * row: an expression or generated tsvector over title, tags and description needs no join or aggregate,
     * and one GIN index can serve both `tags @> '{x}'` filters and full-text matches.
     */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /**
     * Storage key of the artwork as uploaded, never replaced (`designs/{uuid}/artworks/{sha256}.png`, decision
     * 067; designs from before name `designs/{uuid}/artwork.png`). The version trigger copies it per version.
     * Mockups are drawn from the current copy at `designs/{uuid}/artwork.png` (media-keys.ts `artworkKey`).
     */
    artworkKey: text("artwork_key").notNull(),
    basePriceCents: integer("base_price_cents").notNull(),
    defaultColor: text("default_color").notNull(),
    status: text("status").$type<DesignStatus>().notNull().default("active"),
    /**
     * Set while an operator has taken the design down (issue 28, `design_takedowns` keeps the history): hidden
     * everywhere like a deactivated design, whatever its status, and the artist cannot reactivate it.
     */
    takenDownAt: timestamp("taken_down_at", { withTimezone: true }),
    /** The colours the artist offers, among the 19 (the default colour is one of them). */
    offeredColors: text("offered_colors")
      .array()
      .notNull()
      .default(sql.raw(`array[${PRODUCT_COLORS.map((color) => `'${color}'`).join(", ")}]::text[]`)),
    /**
     * Where the artwork sits on each garment drawing, keyed by garment (`tee`, `hoodie`, …): a
     * `@threadfolk/contract/studio` Placement. A garment without an entry uses the default placement.
     */
    placements: jsonb("placements").$type<Record<string, unknown>>().notNull().default({}),
    /** Pixel size of the stored artwork (null for rows seeded before issue 14). */
    artworkWidth: integer("artwork_width"),
    artworkHeight: integer("artwork_height"),
    /** Bumped when the artwork or a placement changes: the `v` of its mockup URLs, so caches let go. */
    artworkVersion: integer("artwork_version").notNull().default(1),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Orders in the last 30 days, refreshed by the order flow; with favourites it ranks "popular". */
    orderCount30d: integer("order_count_30d").notNull().default(0),
    favoriteCount: integer("favorite_count").notNull().default(0),
    /**
     * The price a card shows before any sale: the default variant's price, or the base price without a default
     * variant. Kept by triggers on designs and variants (migration 0019, decision 049), never written by code, so
     * cards and the price sorts read one column instead of looking the default variant up per row.
     */
    listPriceCents: integer("list_price_cents").notNull().default(0),
    /**
     * The price the card shows now, sales included (`design_shown_price`), as of the last refresh: kept by the
     * triggers that keep the list price and by triggers on the sales (migration 0020, decision 052); a sale that
     * starts or ends by time makes it stale until the next refresh, which the price sorts check for before
     * reading it.
     */
    shownPriceCents: integer("shown_price_cents").notNull().default(0),
  },
  (table) => [
    index("designs_seller_published_idx").on(table.sellerProfileId, table.publishedAt.desc()),
    // "More by this artist" on the design page: the artist's first designs by popularity, read in order.
    index("designs_seller_popular_idx").on(table.sellerProfileId, table.orderCount30d.desc(), table.publishedAt.desc()),
    index("designs_status_published_idx").on(table.status, table.publishedAt.desc()),
    index("designs_status_popular_idx").on(
      table.status,
      table.orderCount30d.desc(),
      table.favoriteCount.desc(),
      table.publishedAt.desc(),
    ),
    // "Price: low to high" and "high to low" without a sale running read these in order (decision 049).
    index("designs_status_price_asc_idx").on(
      table.status,
      table.listPriceCents.asc(),
      table.publishedAt.desc().nullsLast(),
      table.id,
    ),
    index("designs_status_price_desc_idx").on(
      table.status,
      table.listPriceCents.desc(),
      table.publishedAt.desc().nullsLast(),
      table.id,
    ),
    // The same while a sale runs, once the shown prices are current (decision 052).
    index("designs_status_shown_price_asc_idx").on(
      table.status,
      table.shownPriceCents.asc(),
      table.publishedAt.desc().nullsLast(),
      table.id,
    ),
    index("designs_status_shown_price_desc_idx").on(
      table.status,
      table.shownPriceCents.desc(),
      table.publishedAt.desc().nullsLast(),
      table.id,
    ),
    check("designs_status_check", sql`${table.status} in ('active', 'deactivated')`),
    check("designs_default_color_check", sql`${table.defaultColor} in (${COLOR_LIST})`),
    check("designs_base_price_check", sql`${table.basePriceCents} > 0`),
    check("designs_counters_check", sql`${table.orderCount30d} >= 0 and ${table.favoriteCount} >= 0`),
    check(
      "designs_offered_colors_check",
      sql`cardinality(${table.offeredColors}) > 0 and ${table.offeredColors} <@ array[${COLOR_LIST}] and ${table.defaultColor} = any(${table.offeredColors})`,
    ),
  ],
);

/**
 * What each artwork version of a design printed (decision 067): the artwork's storage key and the placements,
 * as they were at that version. Written only by the trigger of migration 0027 on `designs` (a new version, or
 * a change of the current one), never by code: an order line freezes the version (`order_line_items.
 * artwork_version`), and its print file is made from this row, whatever the artist changed since. The key is
 * immutable (`designs/{uuid}/artworks/{sha256}.png`), except on rows written before it was (the mutable
 * `designs/{uuid}/artwork.png`), which the studio moves to an immutable key before it replaces that artwork.
 */
export const designArtworkVersions = pgTable(
  "design_artwork_versions",
  {
    designId: uuid("design_id")
      .notNull()
      .references(() => designs.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    artworkKey: text("artwork_key").notNull(),
    /** The design's `placements` at this version (per garment; missing garments use the default placement). */
    placements: jsonb("placements").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.designId, table.version] })],
);

/**
 * One design on one garment style: the spec's numeric `seller_design_product_variant_id`. Each design has
 * exactly one default variant (the partial unique index forbids two; the writers always create one).
 */
export const sellerDesignProductVariants = pgTable(
  "seller_design_product_variants",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    designId: uuid("design_id")
      .notNull()
      .references(() => designs.id, { onDelete: "cascade" }),
    garmentStyleId: integer("garment_style_id")
      .notNull()
      .references(() => garmentStyles.id),
    priceCents: integer("price_cents").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    /**
     * False once the artist stops offering this style: the row stays (carts, favourites and placed orders
     * point at it), but it is no longer sold or shown (issue 14's product editor).
     */
    offered: boolean("offered").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("seller_design_product_variants_design_style_key").on(table.designId, table.garmentStyleId),
    uniqueIndex("seller_design_product_variants_one_default_key").on(table.designId).where(sql`${table.isDefault}`),
    check("seller_design_product_variants_price_check", sql`${table.priceCents} > 0`),
  ],
);

/** The home page's collections (spec names: popular, blk_history25, anime, …); numeric ids as in the spec. */
export const internalDesignCollections = pgTable(
  "internal_design_collections",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    key: text("key").notNull(),
    displayName: text("display_name").notNull(),
    /** curated: ordered items; popular: by counters; recent: by published_at; all: every active design. */
    kind: text("kind").$type<CollectionKind>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("internal_design_collections_key_key").on(table.key),
    check("internal_design_collections_kind_check", sql`${table.kind} in ('curated', 'popular', 'recent', 'all')`),
  ],
);

/** The ordered designs of a curated collection. */
export const internalDesignCollectionItems = pgTable(
  "internal_design_collection_items",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => internalDesignCollections.id, { onDelete: "cascade" }),
    designId: uuid("design_id")
      .notNull()
      .references(() => designs.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.designId] }),
    index("internal_design_collection_items_position_idx").on(table.collectionId, table.position),
    index("internal_design_collection_items_design_idx").on(table.designId),
  ],
);

/** A slideshow at a place of the site (`front_page`). */
export const carousels = pgTable(
  "carousels",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    locationCode: text("location_code").notNull(),
    slideDelayInMs: integer("slide_delay_in_ms").notNull().default(5000),
  },
  (table) => [
    uniqueIndex("carousels_location_code_key").on(table.locationCode),
    check("carousels_slide_delay_check", sql`${table.slideDelayInMs} between 1000 and 60000`),
  ],
);

/** One slide: a 1152x300 image (storage key `carousels/{assetId}.png`) linking into the site. */
export const carouselAssets = pgTable(
  "carousel_assets",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    carouselId: integer("carousel_id")
      .notNull()
      .references(() => carousels.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    imageKey: text("image_key").notNull(),
    /** A site path such as `/results?home-collection=anime&page=1`. */
    clickDestinationUrl: text("click_destination_url").notNull(),
    altText: text("alt_text").notNull().default(""),
  },
  (table) => [index("carousel_assets_carousel_position_idx").on(table.carouselId, table.position)],
);

/**
 * A time-boxed sale. It takes `percent_off` from the covered designs' prices (every active design when
 * `applies_to_all_designs`, otherwise the designs listed in marketplace_sale_designs, each optionally with
 * its own sale price). Cards then carry `on_sale` and `sales_price`.
 */
export const marketplaceSales = pgTable(
  "marketplace_sales",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    percentOff: integer("percent_off").notNull(),
    appliesToAllDesigns: boolean("applies_to_all_designs").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("marketplace_sales_window_idx").on(table.endsAt, table.startsAt),
    check("marketplace_sales_window_check", sql`${table.endsAt} > ${table.startsAt}`),
    check("marketplace_sales_percent_off_check", sql`${table.percentOff} between 1 and 90`),
  ],
);

/** Designs covered by a sale; `sale_price_cents` overrides the sale's percentage for that design. */
export const marketplaceSaleDesigns = pgTable(
  "marketplace_sale_designs",
  {
    saleId: integer("sale_id")
      .notNull()
      .references(() => marketplaceSales.id, { onDelete: "cascade" }),
    designId: uuid("design_id")
      .notNull()
      .references(() => designs.id, { onDelete: "cascade" }),
    salePriceCents: integer("sale_price_cents"),
  },
  (table) => [
    primaryKey({ columns: [table.saleId, table.designId] }),
    index("marketplace_sale_designs_design_idx").on(table.designId),
    check("marketplace_sale_designs_price_check", sql`${table.salePriceCents} is null or ${table.salePriceCents} > 0`),
  ],
);
