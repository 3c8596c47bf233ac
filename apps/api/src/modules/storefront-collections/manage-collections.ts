import {
  STOREFRONT_COLLECTION_LIMITS,
  STOREFRONT_COLLECTION_MESSAGES,
  type storefrontCollectionBodySchema,
  type updateStorefrontCollectionBodySchema,
} from "@threadfolk/contract/studio";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { storefrontCollections } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Actor, type ArtistActor, authorize } from "../../lib/authorize.ts";
import { violatedUniqueIndex } from "../../lib/database-errors.ts";
import { storefrontCollectionPolicies } from "./policies.ts";
import {
  type CollectionWithDesigns,
  type Executor,
  findArtistCollections,
  findCollection,
  findOwnDesignIds,
  lockArtist,
  renumberCollections,
  replaceCollectionDesigns,
} from "./queries.ts";

type CreateInput = z.infer<typeof storefrontCollectionBodySchema>["storefrontCollection"];
type UpdateInput = z.infer<typeof updateStorefrontCollectionBodySchema>["storefrontCollection"];

const FIELD = "storefront_collection";

/** Messages of the collection's own checks (beyond the request schema's). */
export const COLLECTION_DESIGN_MESSAGES = {
  notYours: "Add only your own designs",
  duplicate: "A design is in the collection once",
} as const;

function nameTaken(): AppError {
  return new AppError("validation_failed", STOREFRONT_COLLECTION_MESSAGES.nameTaken, [
    { field: `${FIELD}.name`, message: STOREFRONT_COLLECTION_MESSAGES.nameTaken },
  ]);
}

/**
 * The designs must be the artist's own (any status: a deactivated design stays in its sections and returns
 * with it) and each once. Someone else's design, or an unknown uuid, is a 422 on the field: the body names it,
 * and answering so tells nothing another artist's storefront does not already show.
 */
async function checkDesigns({ db, artistId, designIds }: { db: Executor; artistId: string; designIds: string[] }) {
  const field = `${FIELD}.design_uuids`;
  if (new Set(designIds).size !== designIds.length) {
    throw new AppError("validation_failed", COLLECTION_DESIGN_MESSAGES.duplicate, [
      { field, message: COLLECTION_DESIGN_MESSAGES.duplicate },
    ]);
  }
  const own = await findOwnDesignIds({ db, artistId, designIds });
  const details = designIds.flatMap((id, index) =>
    own.has(id) ? [] : [{ field: `${field}.${index}`, message: COLLECTION_DESIGN_MESSAGES.notYours }],
  );
  if (details.length > 0) throw new AppError("validation_failed", COLLECTION_DESIGN_MESSAGES.notYours, details);
}

/** The artist's section order with `collectionId` moved to `position` (clamped to the end). */
function reorder(ids: string[], collectionId: string, position: number | undefined): string[] {
  const others = ids.filter((id) => id !== collectionId);
  const at = Math.min(position ?? others.length, others.length);
  return [...others.slice(0, at), collectionId, ...others.slice(at)];
}

async function withNameCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (violatedUniqueIndex(error) === "storefront_collections_seller_name_key") throw nameTaken();
    throw error;
  }
}

/** Creates a section: at `position` (the others move down) or last. */
export async function createStorefrontCollection({
  db,
  actor,
  input,
}: {
  db: Database;
  actor: ArtistActor;
  input: CreateInput;
}): Promise<CollectionWithDesigns> {
  const designIds = input.designUuids.map((uuid) => uuid.toLowerCase());
  return withNameCheck(() =>
    db.transaction(async (tx) => {
      await lockArtist({ db: tx, artistId: actor.artistId });
      const existing = await findArtistCollections({ db: tx, artistId: actor.artistId });
      if (existing.length >= STOREFRONT_COLLECTION_LIMITS.collections) {
        throw new AppError("validation_failed", STOREFRONT_COLLECTION_MESSAGES.tooMany, [
          { field: FIELD, message: STOREFRONT_COLLECTION_MESSAGES.tooMany },
        ]);
      }
      if (existing.some((collection) => collection.name.toLowerCase() === input.name.toLowerCase())) {
        throw nameTaken();
      }
      await checkDesigns({ db: tx, artistId: actor.artistId, designIds });
      const [created] = await tx
        .insert(storefrontCollections)
        .values({ sellerProfileId: actor.artistId, name: input.name, position: existing.length })
        .returning();
      if (!created) throw new Error("storefront collection insert returned nothing");
      await replaceCollectionDesigns({ db: tx, collectionId: created.id, designIds });
      const order = reorder(
        existing.map((collection) => collection.id),
        created.id,
        input.position,
      );
      await renumberCollections({ db: tx, collectionIds: order });
      return { ...created, position: order.indexOf(created.id), designIds };
    }),
  );
}

/** Renames, refills (the designs in the order sent) or moves one of the artist's sections. */
export async function updateStorefrontCollection({
  db,
  actor,
  collectionId,
  input,
}: {
  db: Database;
  actor: Actor | undefined;
  collectionId: string;
  input: UpdateInput;
}): Promise<CollectionWithDesigns> {
  return withNameCheck(() =>
    db.transaction(async (tx) => {
      const collection = await findCollection({ db: tx, collectionId });
      authorize(actor, storefrontCollectionPolicies.updateCollection, collection);
      const artistId = collection.sellerProfileId;
      await lockArtist({ db: tx, artistId });
      const all = await findArtistCollections({ db: tx, artistId });
      if (
        input.name !== undefined &&
        all.some((other) => other.id !== collectionId && other.name.toLowerCase() === input.name?.toLowerCase())
      ) {
        throw nameTaken();
      }
      if (input.name !== undefined) {
        await tx
          .update(storefrontCollections)
          .set({ name: input.name, updatedAt: sql`now()` })
          .where(and(eq(storefrontCollections.id, collectionId)));
      }
      if (input.designUuids !== undefined) {
        const designIds = input.designUuids.map((uuid) => uuid.toLowerCase());
        await checkDesigns({ db: tx, artistId, designIds });
        await replaceCollectionDesigns({ db: tx, collectionId, designIds });
        await tx
          .update(storefrontCollections)
          .set({ updatedAt: sql`now()` })
          .where(eq(storefrontCollections.id, collectionId));
      }
      if (input.position !== undefined) {
        await renumberCollections({
          db: tx,
          collectionIds: reorder(
            all.map((other) => other.id),
            collectionId,
            input.position,
          ),
        });
      }
      const updated = (await findArtistCollections({ db: tx, artistId })).find((row) => row.id === collectionId);
      if (!updated) throw AppError.notFound("Collection");
      return updated;
    }),
  );
}

/** Deletes one of the artist's sections (its designs stay); the others close the gap. */
export async function deleteStorefrontCollection({
  db,
  actor,
  collectionId,
}: {
  db: Database;
  actor: Actor | undefined;
  collectionId: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const collection = await findCollection({ db: tx, collectionId });
    authorize(actor, storefrontCollectionPolicies.deleteCollection, collection);
    await lockArtist({ db: tx, artistId: collection.sellerProfileId });
    await tx.delete(storefrontCollections).where(eq(storefrontCollections.id, collectionId));
    const rest = await findArtistCollections({ db: tx, artistId: collection.sellerProfileId });
    await renumberCollections({ db: tx, collectionIds: rest.map((row) => row.id) });
  });
}
