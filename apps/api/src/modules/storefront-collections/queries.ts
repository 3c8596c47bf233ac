import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designs, sellerProfiles, storefrontCollectionDesigns, storefrontCollections } from "../../db/schema/index.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";

/** A database or a transaction. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

export type CollectionRow = typeof storefrontCollections.$inferSelect;

/** A collection with its designs' uuids in order. */
export type CollectionWithDesigns = CollectionRow & { designIds: string[] };

/** Holds the artist's profile row for the rest of the transaction: serialises changes to their collections. */
export async function lockArtist({ db, artistId }: { db: Executor; artistId: string }) {
  await db.select({ id: sellerProfiles.id }).from(sellerProfiles).where(eq(sellerProfiles.id, artistId)).for("update");
}

/** One collection by id, whoever owns it (the policy decides). */
export async function findCollection({ db, collectionId }: { db: Executor; collectionId: string }) {
  const [row] = await db.select().from(storefrontCollections).where(eq(storefrontCollections.id, collectionId));
  return row;
}

/** The artist's collections in storefront order, each with its designs in order (every status). */
export async function findArtistCollections({
  db,
  artistId,
  listedOnly = false,
}: {
  db: Executor;
  artistId: string;
  /** Only designs the public may see (active, published): the storefront's sections. */
  listedOnly?: boolean;
}): Promise<CollectionWithDesigns[]> {
  const collections = await db
    .select()
    .from(storefrontCollections)
    .where(eq(storefrontCollections.sellerProfileId, artistId))
    .orderBy(asc(storefrontCollections.position), asc(storefrontCollections.createdAt), asc(storefrontCollections.id));
  if (collections.length === 0) return [];
  const members = await db
    .select({ collectionId: storefrontCollectionDesigns.collectionId, designId: storefrontCollectionDesigns.designId })
    .from(storefrontCollectionDesigns)
    .innerJoin(designs, eq(designs.id, storefrontCollectionDesigns.designId))
    .where(
      and(
        inArray(
          storefrontCollectionDesigns.collectionId,
          collections.map((collection) => collection.id),
        ),
        listedOnly ? isListedDesign() : undefined,
      ),
    )
    .orderBy(asc(storefrontCollectionDesigns.position));
  const byCollection = new Map<string, string[]>();
  for (const member of members) {
    const list = byCollection.get(member.collectionId) ?? [];
    list.push(member.designId);
    byCollection.set(member.collectionId, list);
  }
  return collections.map((collection) => ({ ...collection, designIds: byCollection.get(collection.id) ?? [] }));
}

/** The designs among `designIds` that belong to the artist (any status). */
export async function findOwnDesignIds({
  db,
  artistId,
  designIds,
}: {
  db: Executor;
  artistId: string;
  designIds: readonly string[];
}): Promise<Set<string>> {
  if (designIds.length === 0) return new Set();
  const rows = await db
    .select({ id: designs.id })
    .from(designs)
    .where(and(eq(designs.sellerProfileId, artistId), inArray(designs.id, [...designIds])));
  return new Set(rows.map((row) => row.id));
}

/** Replaces a collection's designs with these, in this order. */
export async function replaceCollectionDesigns({
  db,
  collectionId,
  designIds,
}: {
  db: Executor;
  collectionId: string;
  designIds: readonly string[];
}) {
  await db.delete(storefrontCollectionDesigns).where(eq(storefrontCollectionDesigns.collectionId, collectionId));
  if (designIds.length === 0) return;
  await db
    .insert(storefrontCollectionDesigns)
    .values(designIds.map((designId, position) => ({ collectionId, designId, position })));
}

/** Numbers the artist's sections 0, 1, 2… in the order given. */
export async function renumberCollections({ db, collectionIds }: { db: Executor; collectionIds: readonly string[] }) {
  for (const [position, id] of collectionIds.entries()) {
    await db
      .update(storefrontCollections)
      .set({ position })
      .where(and(eq(storefrontCollections.id, id), sql`${storefrontCollections.position} <> ${position}`));
  }
}
