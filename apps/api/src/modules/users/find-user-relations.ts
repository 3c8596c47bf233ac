import type { Database } from "../../db/client.ts";

/** What a user has favourited and followed, as public UUIDs, for user info. */
export type UserRelations = { favoriteDesignUuids: string[]; followedSellerUuids: string[] };

/**
 * The one place user info reads favourites and follows from. Neither table exists yet (they arrive with
 * the favourites and artists issues), so a user has none; those issues fill in the two queries here.
 */
export async function findUserRelations(_options: { db: Database; userId: string }): Promise<UserRelations> {
  return { favoriteDesignUuids: [], followedSellerUuids: [] };
}
