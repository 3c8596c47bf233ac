import type { UploadPurpose } from "@threadfolk/contract/studio";
import { sql } from "drizzle-orm";
import {
  bigint,
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
import { designs, sellerProfiles } from "./catalogue.ts";

export type { UploadPurpose };

/**
 * `receiving` while the bytes arrive (resumable), `processing` while the checks and the conversion run,
 * then `ready` (the normalised PNG is stored) or `failed` (with the reason the artist is shown).
 */
export const UPLOAD_STATUSES = ["receiving", "processing", "ready", "failed"] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * One uploaded picture (issue 14, decision 035): its bytes arrive straight into media storage through the
 * resumable upload endpoint (never through the JSON body limit), then a check turns them into a normalised
 * sRGB PNG at `sourceKey` and records what the wizard shows (pixel size, transparency) or why it failed.
 * Owned by the customer who started it: a customer becoming an artist uploads an avatar before having a
 * storefront.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<UploadPurpose>().notNull(),
    status: text("status").$type<UploadStatus>().notNull().default("receiving"),
    /** The name the browser gave the file (shown back to the artist; never trusted for the type). */
    fileName: text("file_name").notNull().default(""),
    /** The size the client announced, in bytes. */
    declaredBytes: bigint("declared_bytes", { mode: "number" }).notNull(),
    /** The type sniffed from the content: png, jpeg, webp or svg. */
    detectedType: text("detected_type"),
    /** A `STUDIO_UPLOAD_FAILURES` code (contract `studio.ts`) when failed. */
    failureCode: text("failure_code"),
    /** Media key of the normalised sRGB PNG, once ready. */
    sourceKey: text("source_key"),
    width: integer("width"),
    height: integer("height"),
    hasTransparency: boolean("has_transparency"),
    /** An opaque rectangle around the art (a white or coloured background the artist may not want printed). */
    opaqueBackground: boolean("opaque_background"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("uploads_user_created_idx").on(table.userId, table.createdAt.desc()),
    check("uploads_purpose_check", sql`${table.purpose} in ('artwork', 'avatar', 'banner')`),
    check("uploads_status_check", sql`${table.status} in ('receiving', 'processing', 'ready', 'failed')`),
    check("uploads_declared_bytes_check", sql`${table.declaredBytes} > 0`),
  ],
);

/**
 * A design being made in the product designer, saved after every step so leaving and coming back resumes it
 * (issue 14). `data` is the contract's `DesignDraftData` (artwork upload, placements, colours, products,
 * details); publishing turns it into a design and records which one.
 */
export const designDrafts = pgTable(
  "design_drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    /** The wizard step the artist reached (a `DESIGNER_STEPS` key). */
    step: text("step").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /** The design it became, once published (the draft is then kept only as history). */
    publishedDesignId: uuid("published_design_id").references(() => designs.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("design_drafts_seller_updated_idx").on(table.sellerProfileId, table.updatedAt.desc())],
);

/** A named, ordered group of an artist's designs, shown as a section of their storefront (issue 14). */
export const storefrontCollections = pgTable(
  "storefront_collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerProfileId: uuid("seller_profile_id")
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Order of the sections on the storefront (smallest first). */
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("storefront_collections_seller_name_key").on(table.sellerProfileId, sql`lower(${table.name})`),
    index("storefront_collections_seller_position_idx").on(table.sellerProfileId, table.position),
  ],
);

/** The ordered designs of a storefront collection. */
export const storefrontCollectionDesigns = pgTable(
  "storefront_collection_designs",
  {
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => storefrontCollections.id, { onDelete: "cascade" }),
    designId: uuid("design_id")
      .notNull()
      .references(() => designs.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.designId] }),
    index("storefront_collection_designs_position_idx").on(table.collectionId, table.position),
    index("storefront_collection_designs_design_idx").on(table.designId),
  ],
);
