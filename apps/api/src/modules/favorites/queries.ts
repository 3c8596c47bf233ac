import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  customerProfileDesignCollections,
  designs,
  likedSellerDesignProductVariants,
  sellerDesignProductVariants,
  users,
} from "../../db/schema/index.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";

/** A database or a transaction: every query here runs in either. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

export type CollectionRow = typeof customerProfileDesignCollections.$inferSelect;

const likes = likedSellerDesignProductVariants;
const collections = customerProfileDesignCollections;
const variants = sellerDesignProductVariants;
// Spelled out: Drizzle leaves the table name off columns of a one-table select, which a subquery would misread.
const collectionIdColumn = sql.raw(`"customer_profile_design_collections"."id"`);

/**
 * Serialises one customer's favourite changes (toggles, collection deletes): the favourite counters of
 * designs depend on all of the customer's collections at once. A row lock that only conflicts with itself
 * and with updates of the user row (not with the key-share locks of foreign keys).
 */
export async function lockCustomerFavorites({ db, userId }: { db: Executor; userId: string }): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

/** A collection by id, whoever owns it: callers authorise the actor on it (favoritePolicies) before use. */
export async function findCollection({
  db,
  collectionId,
}: {
  db: Executor;
  collectionId: number;
}): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collections).where(eq(collections.id, collectionId));
  return row;
}

/**
 * The customer's collections, oldest first, with the variant ids in each and the number of listed designs;
 * one page of them when `page` is given (the per-collection subqueries then run for that page only).
 */
export async function findCollectionsWithVariants({
  db,
  userId,
  page,
}: {
  db: Executor;
  userId: string;
  page?: { page: number; perPage: number };
}) {
  const order = [asc(collections.createdAt), asc(collections.id)];
  // The page's ids first: an offset over the full select would still run its subqueries for every skipped row.
  const pageIds = page
    ? db
        .select({ id: collections.id })
        .from(collections)
        .where(eq(collections.userId, userId))
        .orderBy(...order)
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage)
    : undefined;
  const rows = await selectCollectionsWithVariants(db)
    .where(pageIds ? inArray(collections.id, pageIds) : eq(collections.userId, userId))
    .orderBy(...order);
  return rows.map((row) => ({ ...row, variantIds: parseIntArray(row.variantIds) }));
}

/** How many collections the customer has. */
export async function countCollections({ db, userId }: { db: Executor; userId: string }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(collections)
    .where(eq(collections.userId, userId));
  return row?.count ?? 0;
}

function selectCollectionsWithVariants(db: Executor) {
  return db
    .select({
      collection: collections,
      variantIds: sql<number[]>`coalesce(
        (select array_agg(l.seller_design_product_variant_id order by l.created_at, l.id)
         from liked_seller_design_product_variants l where l.collection_id = ${collectionIdColumn}),
        '{}'::int[])`,
      designCount: sql<number>`(select count(distinct v.design_id)
        from liked_seller_design_product_variants l
        join seller_design_product_variants v on v.id = l.seller_design_product_variant_id
        join designs on designs.id = v.design_id
        where l.collection_id = ${collectionIdColumn} and ${isListedDesign()})`.mapWith(Number),
    })
    .from(collections);
}

function parseIntArray(value: unknown): number[] {
  // node-postgres decodes int[]; PGlite may hand back the array literal text.
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === "string") {
    const inner = value.replace(/^\{|\}$/g, "");
    return inner ? inner.split(",").map(Number) : [];
  }
  return [];
}

/** One of the customer's collections with its variant ids and design count; undefined when it is not theirs. */
export async function findOneCollectionWithVariants({
  db,
  userId,
  collectionId,
}: {
  db: Executor;
  userId: string;
  collectionId: number;
}) {
  // One row by its key: reading a collection costs the same however many the customer has.
  const [row] = await selectCollectionsWithVariants(db).where(
    and(eq(collections.id, collectionId), eq(collections.userId, userId)),
  );
  return row ? { ...row, variantIds: parseIntArray(row.variantIds) } : undefined;
}

/** Uuids of the designs in any of the customer's collections (what the client paints red), oldest like first. */
export async function findFavoriteDesignUuids({ db, userId }: { db: Executor; userId: string }): Promise<string[]> {
  const rows = await db
    .select({ designId: variants.designId, firstLikedAt: sql`min(${likes.createdAt})` })
    .from(likes)
    .innerJoin(collections, eq(collections.id, likes.collectionId))
    .innerJoin(variants, eq(variants.id, likes.sellerDesignProductVariantId))
    .where(eq(collections.userId, userId))
    .groupBy(variants.designId)
    .orderBy(sql`min(${likes.createdAt})`, asc(variants.designId));
  return rows.map((row) => row.designId);
}

/** Whether the customer has any variant of the design in any collection. */
export async function hasFavoritedDesign({
  db,
  userId,
  designId,
}: {
  db: Executor;
  userId: string;
  designId: string;
}): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(likes)
    .innerJoin(collections, eq(collections.id, likes.collectionId))
    .innerJoin(variants, eq(variants.id, likes.sellerDesignProductVariantId))
    .where(and(eq(collections.userId, userId), eq(variants.designId, designId)))
    .limit(1);
  return row !== undefined;
}

/** A variant of a listed design, with the design's name; undefined for unknown variants and unlisted designs. */
export async function findListedVariant({ db, variantId }: { db: Executor; variantId: number }) {
  const [row] = await db
    .select({ variantId: variants.id, designId: designs.id, designName: designs.displayName })
    .from(variants)
    .innerJoin(designs, eq(designs.id, variants.designId))
    .where(and(eq(variants.id, variantId), isListedDesign()));
  return row;
}

export type LikedItem = { likedVariantId: number; designId: string };

/** One page of a collection's listed designs, most recently added first, with the collection's total. */
export async function findCollectionItemPage({
  db,
  collectionId,
  page,
  perPage,
}: {
  db: Executor;
  collectionId: number;
  page: number;
  perPage: number;
}): Promise<LikedItem[]> {
  return db
    .select({ likedVariantId: likes.sellerDesignProductVariantId, designId: variants.designId })
    .from(likes)
    .innerJoin(variants, eq(variants.id, likes.sellerDesignProductVariantId))
    .innerJoin(designs, eq(designs.id, variants.designId))
    .where(and(eq(likes.collectionId, collectionId), isListedDesign()))
    .orderBy(desc(likes.createdAt), desc(likes.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

/** One page of the customer's liked listed designs across collections, most recently liked first. */
export async function findLikedDesignPage({
  db,
  userId,
  page,
  perPage,
}: {
  db: Executor;
  userId: string;
  page: number;
  perPage: number;
}): Promise<{ items: LikedItem[]; totalCount: number }> {
  const lastLikedAt = sql`max(${likes.createdAt})`;
  const rows = await db
    .select({
      designId: variants.designId,
      // The most recently liked variant of the design: toggling it removes that like.
      likedVariantId:
        sql<number>`(array_agg(${likes.sellerDesignProductVariantId} order by ${likes.createdAt} desc, ${likes.id} desc))[1]`.mapWith(
          Number,
        ),
      totalCount: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(likes)
    .innerJoin(collections, eq(collections.id, likes.collectionId))
    .innerJoin(variants, eq(variants.id, likes.sellerDesignProductVariantId))
    .innerJoin(designs, eq(designs.id, variants.designId))
    .where(and(eq(collections.userId, userId), isListedDesign()))
    .groupBy(variants.designId)
    .orderBy(desc(lastLikedAt), asc(variants.designId))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (rows.length > 0 || page === 1) {
    return {
      items: rows.map(({ designId, likedVariantId }) => ({ designId, likedVariantId })),
      totalCount: rows[0]?.totalCount ?? 0,
    };
  }
  // Past the last page the window saw no rows: count separately so the meta still tells the total.
  const [total] = await db
    .select({ totalCount: sql<number>`count(distinct ${variants.designId})`.mapWith(Number) })
    .from(likes)
    .innerJoin(collections, eq(collections.id, likes.collectionId))
    .innerJoin(variants, eq(variants.id, likes.sellerDesignProductVariantId))
    .innerJoin(designs, eq(designs.id, variants.designId))
    .where(and(eq(collections.userId, userId), isListedDesign()));
  return { items: [], totalCount: total?.totalCount ?? 0 };
}
