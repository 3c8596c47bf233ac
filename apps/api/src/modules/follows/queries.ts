import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { artistFollows, designs, sellerProfiles } from "../../db/schema/index.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";

/** Uuids of the artists the user follows, oldest follow first (user info's followed_seller_uuids). */
export async function findFollowedSellerUuids({ db, userId }: { db: Database; userId: string }): Promise<string[]> {
  const rows = await db
    .select({ sellerProfileId: artistFollows.sellerProfileId })
    .from(artistFollows)
    .where(eq(artistFollows.userId, userId))
    .orderBy(asc(artistFollows.createdAt), asc(artistFollows.sellerProfileId));
  return rows.map((row) => row.sellerProfileId);
}

/** One page of the artists a user follows, most recent follow first, with the total. */
export async function findFollowedArtistPage({
  db,
  userId,
  page,
  perPage,
}: {
  db: Database;
  userId: string;
  page: number;
  perPage: number;
}) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ artist: sellerProfiles, followedAt: artistFollows.createdAt })
      .from(artistFollows)
      .innerJoin(sellerProfiles, eq(sellerProfiles.id, artistFollows.sellerProfileId))
      .where(eq(artistFollows.userId, userId))
      .orderBy(desc(artistFollows.createdAt), asc(artistFollows.sellerProfileId))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(artistFollows)
      .where(eq(artistFollows.userId, userId)),
  ]);
  return { rows, totalCount: total?.count ?? 0 };
}

/** The newest `perArtist` listed designs of each artist, newest first (one query for a page of artists). */
export async function findLatestDesignIds({
  db,
  artistIds,
  perArtist,
}: {
  db: Database;
  artistIds: string[];
  perArtist: number;
}): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(artistIds.map((id) => [id, []]));
  if (artistIds.length === 0) return result;
  const ranked = db
    .select({
      id: designs.id,
      sellerProfileId: designs.sellerProfileId,
      rank: sql<number>`row_number() over (partition by ${designs.sellerProfileId} order by ${designs.publishedAt} desc nulls last, ${designs.id})`.as(
        "rank",
      ),
    })
    .from(designs)
    .where(and(inArray(designs.sellerProfileId, artistIds), isListedDesign()))
    .as("ranked");
  const rows = await db
    .select({ id: ranked.id, sellerProfileId: ranked.sellerProfileId })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perArtist}`)
    .orderBy(ranked.sellerProfileId, ranked.rank);
  for (const row of rows) result.get(row.sellerProfileId)?.push(row.id);
  return result;
}

export type ArtistCounts = { designCount: number; followerCount: number };

/**
 * The public counts of a page of artists in one query: listed designs and followers, as the storefront
 * counts them one artist at a time (discovery's findArtistCounts; a test keeps the two in step).
 */
export async function findArtistCountsByIds({
  db,
  artistIds,
}: {
  db: Database;
  artistIds: string[];
}): Promise<Map<string, ArtistCounts>> {
  const result = new Map<string, ArtistCounts>(artistIds.map((id) => [id, { designCount: 0, followerCount: 0 }]));
  if (artistIds.length === 0) return result;
  const designCounts = db
    .select({ artistId: designs.sellerProfileId, count: sql<number>`count(*)`.as("design_count") })
    .from(designs)
    .where(and(inArray(designs.sellerProfileId, artistIds), isListedDesign()))
    .groupBy(designs.sellerProfileId)
    .as("design_counts");
  const followerCounts = db
    .select({ artistId: artistFollows.sellerProfileId, count: sql<number>`count(*)`.as("follower_count") })
    .from(artistFollows)
    .where(inArray(artistFollows.sellerProfileId, artistIds))
    .groupBy(artistFollows.sellerProfileId)
    .as("follower_counts");
  const rows = await db
    .select({
      artistId: sellerProfiles.id,
      designCount: sql<number>`coalesce(${designCounts.count}, 0)`.mapWith(Number),
      followerCount: sql<number>`coalesce(${followerCounts.count}, 0)`.mapWith(Number),
    })
    .from(sellerProfiles)
    .leftJoin(designCounts, eq(designCounts.artistId, sellerProfiles.id))
    .leftJoin(followerCounts, eq(followerCounts.artistId, sellerProfiles.id))
    .where(inArray(sellerProfiles.id, artistIds));
  for (const { artistId, designCount, followerCount } of rows) result.set(artistId, { designCount, followerCount });
  return result;
}
