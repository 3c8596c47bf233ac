import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  type DesignStatus,
  designs,
  garmentStyles,
  sellerDesignProductVariants,
  sellerProfiles,
} from "../../db/schema/index.ts";

/**
 * The one place that writes artists, designs and variants: the demo seed, the scale seed, the test factories
 * and the seller studio all go through these functions, so a rule about those rows is kept in one place.
 */

export type Artist = typeof sellerProfiles.$inferSelect;
export type Design = typeof designs.$inferSelect;
export type Variant = typeof sellerDesignProductVariants.$inferSelect;
export type NewArtist = typeof sellerProfiles.$inferInsert;
export type NewDesign = typeof designs.$inferInsert;
export type NewVariant = typeof sellerDesignProductVariants.$inferInsert;

/**
 * Rows per INSERT statement. A multi-row insert binds one parameter per column of every row (designs have 15
 * columns: 30,000 parameters), well under PostgreSQL's limit of 65,535.
 */
const ROWS_PER_INSERT = 2000;

async function insertInBatches<Row, Inserted>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<Inserted[]>,
): Promise<Inserted[]> {
  const inserted: Inserted[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    inserted.push(...(await insert(rows.slice(start, start + ROWS_PER_INSERT))));
  }
  return inserted;
}

/** Creates artists (seller profiles); returns them as stored, in the given order. */
export function insertArtists({ db, artists }: { db: Database; artists: readonly NewArtist[] }): Promise<Artist[]> {
  return insertInBatches(artists, (batch) => db.insert(sellerProfiles).values(batch).returning());
}

/** Creates designs (variants come separately, see insertVariants); returns them as stored, in the given order. */
export function insertDesigns({
  db,
  designs: rows,
}: {
  db: Database;
  designs: readonly NewDesign[];
}): Promise<Design[]> {
  return insertInBatches(rows, (batch) => db.insert(designs).values(batch).returning());
}

/** Creates variants of existing designs (each design exactly one default); returns them as stored. */
export function insertVariants({
  db,
  variants,
}: {
  db: Database;
  variants: readonly NewVariant[];
}): Promise<Variant[]> {
  return insertInBatches(variants, (batch) => db.insert(sellerDesignProductVariants).values(batch).returning());
}

/** A complete design for a bulk import: every column given (no defaults), with its variants. */
export type ImportedDesign = {
  id: string;
  sellerProfileId: string;
  slug: string;
  displayName: string;
  description: string;
  tags: readonly string[];
  artworkKey: string;
  basePriceCents: number;
  defaultColor: string;
  status: DesignStatus;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  orderCount30d: number;
  favoriteCount: number;
  /** Created with the design (same created_at); exactly one is the default. */
  variants: ReadonlyArray<{ garmentStyleId: number; priceCents: number; isDefault: boolean }>;
};

/** A PostgreSQL array literal of the values (each quoted, null as NULL), passed as one text parameter. */
function toArrayLiteral(values: readonly (string | number | boolean | null)[]): string {
  const items = values.map((value) =>
    value === null ? "NULL" : `"${String(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`,
  );
  return `{${items.join(",")}}`;
}

/**
 * Creates many complete designs and their variants (the seeds: 100,000 designs for the scale benchmarks).
 * One parameter per column (`unnest` of arrays) rather than one per value: a multi-row VALUES list of the
 * same rows binds thousands of parameters and took more than twice as long for 30,000 designs, on PGlite and
 * on PostgreSQL alike. Same SQL on both.
 */
export async function importDesigns({
  db,
  designs: imported,
}: {
  db: Database;
  designs: readonly ImportedDesign[];
}): Promise<void> {
  for (let start = 0; start < imported.length; start += ROWS_PER_INSERT) {
    const batch = imported.slice(start, start + ROWS_PER_INSERT);
    const column = (pick: (design: ImportedDesign) => string | number | boolean | null) =>
      toArrayLiteral(batch.map(pick));
    const timestamp = (date: Date | null) => date?.toISOString() ?? null;
    await db.execute(sql`
      insert into designs (id, seller_profile_id, slug, display_name, description, tags, artwork_key,
        base_price_cents, default_color, status, published_at, created_at, updated_at, order_count_30d, favorite_count)
      select id, seller_profile_id, slug, display_name, description, tags::text[], artwork_key, base_price_cents,
        default_color, status, published_at, created_at, updated_at, order_count_30d, favorite_count
      from unnest(
        ${column((d) => d.id)}::uuid[], ${column((d) => d.sellerProfileId)}::uuid[], ${column((d) => d.slug)}::text[],
        ${column((d) => d.displayName)}::text[], ${column((d) => d.description)}::text[],
        ${column((d) => toArrayLiteral(d.tags))}::text[], ${column((d) => d.artworkKey)}::text[],
        ${column((d) => d.basePriceCents)}::int[], ${column((d) => d.defaultColor)}::text[],
        ${column((d) => d.status)}::text[], ${column((d) => timestamp(d.publishedAt))}::timestamptz[],
        ${column((d) => timestamp(d.createdAt))}::timestamptz[], ${column((d) => timestamp(d.updatedAt))}::timestamptz[],
        ${column((d) => d.orderCount30d)}::int[], ${column((d) => d.favoriteCount)}::int[]
      ) as t(id, seller_profile_id, slug, display_name, description, tags, artwork_key, base_price_cents,
        default_color, status, published_at, created_at, updated_at, order_count_30d, favorite_count)`);
    const variants = batch.flatMap((design) => design.variants.map((variant) => ({ design, variant })));
    await db.execute(sql`
      insert into seller_design_product_variants (design_id, garment_style_id, price_cents, is_default, created_at)
      select * from unnest(
        ${toArrayLiteral(variants.map((row) => row.design.id))}::uuid[],
        ${toArrayLiteral(variants.map((row) => row.variant.garmentStyleId))}::int[],
        ${toArrayLiteral(variants.map((row) => row.variant.priceCents))}::int[],
        ${toArrayLiteral(variants.map((row) => row.variant.isDefault))}::boolean[],
        ${toArrayLiteral(variants.map((row) => timestamp(row.design.createdAt)))}::timestamptz[]
      )`);
  }
}

/** Hands an artist's storefront to the user who signs in as that artist. */
export async function linkArtistToUser({
  db,
  uniqueUsername,
  userId,
}: {
  db: Database;
  uniqueUsername: string;
  userId: string;
}): Promise<void> {
  await db.update(sellerProfiles).set({ userId }).where(eq(sellerProfiles.uniqueUsername, uniqueUsername));
}

/** Adds `delta` (+1 or -1) to a design's favourite counter, never below zero. */
export async function adjustFavoriteCount({
  db,
  designId,
  delta,
}: {
  db: Pick<Database, "update">;
  designId: string;
  delta: 1 | -1;
}): Promise<void> {
  await db
    .update(designs)
    .set({ favoriteCount: sql`greatest(${designs.favoriteCount} + ${delta}, 0)` })
    .where(eq(designs.id, designId));
}

/** Garment style ids by key (`mens_tee`…): reference rows from the catalogue migration. */
export async function findGarmentStyleIds({ db }: { db: Database }): Promise<Map<string, number>> {
  const rows = await db.select({ id: garmentStyles.id, key: garmentStyles.key }).from(garmentStyles);
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** How many designs exist, listed or not. */
export async function countDesigns({ db }: { db: Database }): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(designs);
  return row?.count ?? 0;
}
