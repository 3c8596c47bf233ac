import { CANNOT_FOLLOW_YOURSELF } from "@threadfolk/contract/favorites";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { artistFollows } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { findArtist } from "../discovery/queries.ts";

/**
 * Follows an artist; following twice is one follow (the primary key decides, also for racing requests).
 * Users cannot follow their own storefront. Returns whether this call created the follow.
 */
export async function followArtist(options: {
  db: Database;
  userId: string;
  sellerProfileId: string;
  /** The request field of the artist id, for the 422's details. */
  field: string;
}): Promise<{ created: boolean }> {
  const { db, userId, sellerProfileId, field } = options;
  const artist = await findArtist({ db, uuid: sellerProfileId });
  if (!artist) throw AppError.notFound("Artist");
  if (artist.userId === userId) {
    throw new AppError("validation_failed", CANNOT_FOLLOW_YOURSELF, [{ field, message: CANNOT_FOLLOW_YOURSELF }]);
  }
  const inserted = await db
    .insert(artistFollows)
    .values({ userId, sellerProfileId })
    .onConflictDoNothing()
    .returning({ userId: artistFollows.userId });
  return { created: inserted.length > 0 };
}

/** Stops following an artist; unfollowing an artist one does not follow changes nothing. 404 for unknown artists. */
export async function unfollowArtist(options: { db: Database; userId: string; sellerProfileId: string }) {
  const { db, userId, sellerProfileId } = options;
  const artist = await findArtist({ db, uuid: sellerProfileId });
  if (!artist) throw AppError.notFound("Artist");
  const deleted = await db
    .delete(artistFollows)
    .where(and(eq(artistFollows.userId, userId), eq(artistFollows.sellerProfileId, sellerProfileId)))
    .returning({ userId: artistFollows.userId });
  return { deleted: deleted.length > 0 };
}
