import {
  COLLECTION_LIMIT_REACHED,
  COLLECTION_NAME_TAKEN,
  DEFAULT_COLLECTION_NAME,
  MAX_COLLECTIONS_PER_CUSTOMER,
} from "@threadfolk/contract/favorites";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  customerProfileDesignCollections,
  likedSellerDesignProductVariants,
  sellerDesignProductVariants,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { authorize, type UserActor } from "../../lib/authorize.ts";
import { violatedUniqueIndex } from "../../lib/database-errors.ts";
import { adjustFavoriteCount } from "../catalogue/queries.ts";
import { favoritePolicies } from "./policies.ts";
import {
  type CollectionRow,
  countCollections,
  type Executor,
  findCollection,
  findFavoriteDesignUuids,
  hasFavoritedDesign,
  lockCustomerFavorites,
} from "./queries.ts";

const collections = customerProfileDesignCollections;

function nameTaken(field: string): AppError {
  return new AppError("validation_failed", COLLECTION_NAME_TAKEN, [{ field, message: COLLECTION_NAME_TAKEN }]);
}

/** A customer at MAX_COLLECTIONS_PER_CUSTOMER, told in the field the client sent (422). */
function limitReached(field: string): AppError {
  return new AppError("validation_failed", COLLECTION_LIMIT_REACHED, [{ field, message: COLLECTION_LIMIT_REACHED }]);
}

/** Refuses a new collection for a customer who has MAX_COLLECTIONS_PER_CUSTOMER; call it holding the customer lock. */
async function assertRoomForCollection(options: { db: Executor; userId: string; field: string }): Promise<void> {
  const { db, userId, field } = options;
  if ((await countCollections({ db, userId })) >= MAX_COLLECTIONS_PER_CUSTOMER) throw limitReached(field);
}

/**
 * Creates a collection; the name is trimmed and must be new to the customer ignoring case (the unique
 * index decides, so two racing creates of one name make one collection and one 422). At most
 * MAX_COLLECTIONS_PER_CUSTOMER: the count and the insert hold the customer lock, so racing creates cannot
 * pass it together.
 */
export async function createCollection(options: {
  db: Database;
  userId: string;
  displayName: string;
  /** The request field the name came in, for the 422's details. */
  field: string;
}): Promise<CollectionRow> {
  const { db, userId, displayName, field } = options;
  return db.transaction(async (tx) => {
    await lockCustomerFavorites({ db: tx, userId });
    await assertRoomForCollection({ db: tx, userId, field });
    const [created] = await tx
      .insert(collections)
      .values({ userId, displayName: displayName.trim() })
      .onConflictDoNothing()
      .returning();
    if (!created) throw nameTaken(field);
    return created;
  });
}

/** Renames the customer's collection (404 for anyone else's); the same uniqueness rule as creation. */
export async function renameCollection(options: {
  db: Database;
  actor: UserActor;
  collectionId: number;
  displayName: string;
  field: string;
}): Promise<CollectionRow> {
  const { db, actor, collectionId, displayName, field } = options;
  authorize(actor, favoritePolicies.renameCollection, await findCollection({ db, collectionId }));
  try {
    const [updated] = await db
      .update(collections)
      .set({ displayName: displayName.trim(), updatedAt: sql`now()` })
      .where(and(eq(collections.id, collectionId), eq(collections.userId, actor.userId)))
      .returning();
    if (!updated) throw AppError.notFound("Collection");
    return updated;
  } catch (error) {
    if (violatedUniqueIndex(error)) throw nameTaken(field);
    throw error;
  }
}

/**
 * Deletes the customer's collection with its favourites (404 for anyone else's). Designs that are in none
 * of the customer's other collections lose this customer's favourite. Returns the favourites left.
 */
export async function deleteCollection(options: {
  db: Database;
  actor: UserActor;
  collectionId: number;
}): Promise<{ favoriteDesignUuids: string[] }> {
  const { db, actor, collectionId } = options;
  const { userId } = actor;
  return db.transaction(async (tx) => {
    await lockCustomerFavorites({ db: tx, userId });
    authorize(actor, favoritePolicies.deleteCollection, await findCollection({ db: tx, collectionId }));
    const inCollection = await tx
      .selectDistinct({ designId: sellerDesignProductVariants.designId })
      .from(likedSellerDesignProductVariants)
      .innerJoin(
        sellerDesignProductVariants,
        eq(sellerDesignProductVariants.id, likedSellerDesignProductVariants.sellerDesignProductVariantId),
      )
      .where(eq(likedSellerDesignProductVariants.collectionId, collectionId));
    await tx.delete(collections).where(eq(collections.id, collectionId));
    for (const { designId } of inCollection) {
      if (!(await hasFavoritedDesign({ db: tx, userId, designId }))) {
        await adjustFavoriteCount({ db: tx, designId, delta: -1 });
      }
    }
    return { favoriteDesignUuids: await findFavoriteDesignUuids({ db: tx, userId }) };
  });
}

/**
 * The collection a favourite without a collection id goes into: the customer's default one, else a
 * collection already named like the default, else a new default 'Favorites' (refused, as a create would be,
 * at MAX_COLLECTIONS_PER_CUSTOMER). Call it holding the customer lock; `on conflict do nothing` still keeps a
 * racing creation from failing.
 */
export async function findOrCreateDefaultCollection({
  db,
  userId,
  field,
}: {
  db: Executor;
  userId: string;
  /** The request field a refusal names. */
  field: string;
}): Promise<CollectionRow | undefined> {
  const find = async () => {
    const [row] = await db
      .select()
      .from(collections)
      .where(
        and(
          eq(collections.userId, userId),
          or(
            eq(collections.isDefault, true),
            sql`lower(btrim(${collections.displayName})) = lower(${DEFAULT_COLLECTION_NAME})`,
          ),
        ),
      )
      .orderBy(desc(collections.isDefault))
      .limit(1);
    return row;
  };
  const existing = await find();
  if (existing) return existing;
  await assertRoomForCollection({ db, userId, field });
  await db
    .insert(collections)
    .values({ userId, displayName: DEFAULT_COLLECTION_NAME, isDefault: true })
    .onConflictDoNothing();
  return find();
}

/** Used by tests and repair scripts: the favourite counter a design should have. */
export async function countDesignFavoriters({ db, designIds }: { db: Executor; designIds: string[] }) {
  if (designIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({
      designId: sellerDesignProductVariants.designId,
      customers: sql<number>`count(distinct ${collections.userId})`.mapWith(Number),
    })
    .from(likedSellerDesignProductVariants)
    .innerJoin(collections, eq(collections.id, likedSellerDesignProductVariants.collectionId))
    .innerJoin(
      sellerDesignProductVariants,
      eq(sellerDesignProductVariants.id, likedSellerDesignProductVariants.sellerDesignProductVariantId),
    )
    .where(inArray(sellerDesignProductVariants.designId, designIds))
    .groupBy(sellerDesignProductVariants.designId);
  return new Map(rows.map((row) => [row.designId, row.customers]));
}
