import type { Database } from "../../db/client.ts";
import { findFavoriteDesignUuids } from "../favorites/queries.ts";
import { findFollowedSellerUuids } from "../follows/queries.ts";

/** What a user has favourited and followed, as public UUIDs, for user info. */
export type UserRelations = { favoriteDesignUuids: string[]; followedSellerUuids: string[] };

/** The one place user info reads favourites (designs in any collection) and follows (artist uuids) from. */
export async function findUserRelations({ db, userId }: { db: Database; userId: string }): Promise<UserRelations> {
  const [favoriteDesignUuids, followedSellerUuids] = await Promise.all([
    findFavoriteDesignUuids({ db, userId }),
    findFollowedSellerUuids({ db, userId }),
  ]);
  return { favoriteDesignUuids, followedSellerUuids };
}
