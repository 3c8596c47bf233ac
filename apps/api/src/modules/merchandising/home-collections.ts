import {
  CURATED_COLLECTION_KEYS,
  type CuratedCollectionKey,
  MERCHANDISING_LIMITS,
} from "@threadfolk/contract/merchandising";
import { and, asc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  designs,
  internalDesignCollectionItems,
  internalDesignCollections,
  sellerProfiles,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import type { ChangeOptions, Executor } from "./merchandising-change.ts";

/**
 * The curated home collections (issue 28, decision 076): the home sections an operator fills (the spec's keys
 * but the computed `popular`, `recent` and `browse`), their names, and which designs in which order. Only
 * listed designs (active, published, not taken down: `isListedDesign`) can be added; a design that leaves the
 * listing later stays in the list but the home page and the collection page skip it, as they always did.
 * Every change drops this instance's home payload at once (the catalogue generation, shared between instances
 * on PostgreSQL).
 */

export type CollectionDesign = {
  id: string;
  displayName: string;
  artistName: string;
  /** False once the design left the listing (deactivated, taken down): shoppers no longer see it here. */
  listed: boolean;
};

export type CuratedCollection = {
  id: number;
  key: string;
  displayName: string;
  designs: CollectionDesign[];
};

const listedColumn = sql<boolean>`coalesce(${isListedDesign()}, false)`;

async function loadCollectionDesigns(db: Executor, collectionIds: number[]) {
  if (collectionIds.length === 0) return [];
  return db
    .select({
      collectionId: internalDesignCollectionItems.collectionId,
      id: designs.id,
      displayName: designs.displayName,
      artistName: sellerProfiles.displayName,
      listed: listedColumn,
    })
    .from(internalDesignCollectionItems)
    .innerJoin(designs, eq(designs.id, internalDesignCollectionItems.designId))
    .innerJoin(sellerProfiles, eq(sellerProfiles.id, designs.sellerProfileId))
    .where(inArray(internalDesignCollectionItems.collectionId, collectionIds))
    .orderBy(asc(internalDesignCollectionItems.position), asc(designs.id));
}

/** The curated collections with their designs in order. */
export async function listCuratedCollections({ db }: { db: Executor }): Promise<CuratedCollection[]> {
  const rows = await db
    .select()
    .from(internalDesignCollections)
    .where(eq(internalDesignCollections.kind, "curated"))
    .orderBy(asc(internalDesignCollections.id));
  const items = await loadCollectionDesigns(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    displayName: row.displayName,
    designs: items
      .filter((item) => item.collectionId === row.id)
      .map(({ collectionId: _collectionId, ...design }) => ({ ...design, listed: Boolean(design.listed) })),
  }));
}

/** One curated collection, locked for the rest of the transaction; 404 when there is none. */
async function lockCollection(tx: Executor, collectionId: number): Promise<CuratedCollection> {
  const [row] = await tx
    .select()
    .from(internalDesignCollections)
    .where(and(eq(internalDesignCollections.id, collectionId), eq(internalDesignCollections.kind, "curated")))
    .for("update");
  if (!row) throw AppError.notFound("Collection");
  const items = await loadCollectionDesigns(tx, [row.id]);
  return {
    id: row.id,
    key: row.key,
    displayName: row.displayName,
    designs: items.map(({ collectionId: _collectionId, ...design }) => ({ ...design, listed: Boolean(design.listed) })),
  };
}

/** What the audit log keeps of a collection: its name and its design ids in order. */
function snapshot(collection: CuratedCollection) {
  return { key: collection.key, displayName: collection.displayName, designIds: collection.designs.map((d) => d.id) };
}

/** Writes the collection's designs in `designIds` order (positions 1..n). */
async function writeItems(tx: Executor, collectionId: number, designIds: string[]): Promise<void> {
  await tx.delete(internalDesignCollectionItems).where(eq(internalDesignCollectionItems.collectionId, collectionId));
  if (designIds.length === 0) return;
  await tx
    .insert(internalDesignCollectionItems)
    .values(designIds.map((designId, index) => ({ collectionId, designId, position: index + 1 })));
}

/** Runs one change of a collection in a transaction, records it, and drops the cached home payload. */
async function changeCollection(
  options: ChangeOptions & { collectionId: number },
  change: (tx: Executor, collection: CuratedCollection) => Promise<void>,
): Promise<CuratedCollection> {
  const { db, record, collectionId } = options;
  const after = await db.transaction(async (tx) => {
    const before = await lockCollection(tx, collectionId);
    await change(tx, before);
    const updated = await lockCollection(tx, collectionId);
    await record?.(tx, {
      action: "collection.update",
      subjectType: "collection",
      subjectId: String(collectionId),
      before: snapshot(before),
      after: snapshot(updated),
    });
    return updated;
  });
  bumpCatalogueGeneration();
  return after;
}

/**
 * Creates the curated collection of a home section that has none (a fresh install without the demo data): the
 * home page's sections are the spec's fixed list, so a collection under any other key would show nowhere.
 */
export async function createCuratedCollection(
  options: ChangeOptions & { key: CuratedCollectionKey; displayName: string },
): Promise<CuratedCollection> {
  const { db, record, key, displayName } = options;
  if (!(CURATED_COLLECTION_KEYS as readonly string[]).includes(key)) {
    throw new AppError("validation_failed", `No home section is named ${key}`, [
      { field: "key", message: `key must be one of ${CURATED_COLLECTION_KEYS.join(", ")}` },
    ]);
  }
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(internalDesignCollections)
      .values({ key, displayName, kind: "curated" })
      .onConflictDoNothing()
      .returning();
    if (!row) throw AppError.conflict(`The ${key} section has a collection already: rename it instead`);
    const collection: CuratedCollection = { id: row.id, key: row.key, displayName: row.displayName, designs: [] };
    await record?.(tx, {
      action: "collection.create",
      subjectType: "collection",
      subjectId: String(row.id),
      before: null,
      after: snapshot(collection),
    });
    return collection;
  });
  bumpCatalogueGeneration();
  return created;
}

export async function renameCollection(
  options: ChangeOptions & { collectionId: number; displayName: string },
): Promise<CuratedCollection> {
  return changeCollection(options, async (tx, collection) => {
    await tx
      .update(internalDesignCollections)
      .set({ displayName: options.displayName })
      .where(eq(internalDesignCollections.id, collection.id));
  });
}

/** Adds a listed design at the end of the collection; 409 when it is there already, 422 when not listed. */
export async function addCollectionDesign(
  options: ChangeOptions & { collectionId: number; designId: string },
): Promise<CuratedCollection> {
  return changeCollection(options, async (tx, collection) => {
    const designIds = collection.designs.map((design) => design.id);
    if (designIds.includes(options.designId)) throw AppError.conflict("This design is in the collection already");
    if (designIds.length >= MERCHANDISING_LIMITS.collectionMaxDesigns) {
      throw AppError.conflict(`A collection holds at most ${MERCHANDISING_LIMITS.collectionMaxDesigns} designs`);
    }
    const [listed] = await tx
      .select({ id: designs.id })
      .from(designs)
      .where(and(eq(designs.id, options.designId), isListedDesign()));
    if (!listed) {
      throw new AppError("validation_failed", "Only designs shoppers can see (active, published) can be added", [
        { field: "design_id", message: "This design is not listed" },
      ]);
    }
    await writeItems(tx, collection.id, [...designIds, options.designId]);
  });
}

export async function removeCollectionDesign(
  options: ChangeOptions & { collectionId: number; designId: string },
): Promise<CuratedCollection> {
  return changeCollection(options, async (tx, collection) => {
    const designIds = collection.designs.map((design) => design.id);
    if (!designIds.includes(options.designId)) throw AppError.notFound("Design in this collection");
    await writeItems(
      tx,
      collection.id,
      designIds.filter((id) => id !== options.designId),
    );
  });
}

/** Puts the collection's designs in the given order: the same designs, each once (409 otherwise). */
export async function reorderCollectionDesigns(
  options: ChangeOptions & { collectionId: number; designIds: string[] },
): Promise<CuratedCollection> {
  return changeCollection(options, async (tx, collection) => {
    const current = collection.designs.map((design) => design.id);
    const wanted = options.designIds;
    const same =
      wanted.length === current.length &&
      new Set(wanted).size === wanted.length &&
      wanted.every((id) => current.includes(id));
    if (!same) throw AppError.conflict("The collection changed meanwhile: reload it and try again");
    await writeItems(tx, collection.id, wanted);
  });
}

/** Listed designs whose title or artist matches `query` (for the operator's picker), at most 20. */
export async function findListedDesigns({ db, query }: { db: Database; query: string }) {
  const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return db
    .select({ id: designs.id, displayName: designs.displayName, artistName: sellerProfiles.displayName })
    .from(designs)
    .innerJoin(sellerProfiles, eq(sellerProfiles.id, designs.sellerProfileId))
    .where(
      and(
        isListedDesign(),
        sql`(${ilike(designs.displayName, pattern)} or ${ilike(sellerProfiles.displayName, pattern)})`,
      ),
    )
    .orderBy(asc(designs.displayName), asc(designs.id))
    .limit(20);
}
