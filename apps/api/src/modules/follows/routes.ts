import { FOLLOWS_PAGE_SIZE, favoritesPageQuerySchema, followArtistBodySchema } from "@threadfolk/contract/favorites";
import { isUuid } from "@threadfolk/contract/ids";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { authorize } from "../../lib/authorize.ts";
import { findArtistCounts } from "../discovery/queries.ts";
import { followArtist, unfollowArtist } from "./follow-artist.ts";
import { listFollowedArtists } from "./list-followed-artists.ts";
import { followPolicies } from "./policies.ts";
import { findFollowedSellerUuids } from "./queries.ts";

/**
 * Follows under /api/v1: a signed-in customer follows and unfollows artists and lists them. Both writes are
 * idempotent and answer with the artist's follower count and the customer's followed_seller_uuids (what the
 * client keeps locally). Guests and anonymous tokens get 401.
 */
export async function followRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  async function followState(userId: string, sellerProfileId: string, following: boolean) {
    const [counts, followedSellerUuids] = await Promise.all([
      findArtistCounts({ db, artistId: sellerProfileId }),
      findFollowedSellerUuids({ db, userId }),
    ]);
    return {
      data: {
        id: sellerProfileId,
        type: "artist_follow",
        attributes: { sellerProfileId, following, followerCount: counts.followerCount },
      },
      followedSellerUuids,
    };
  }

  // 201 when this request started the follow, 200 when it already existed.
  app.post("/artist_follows", async (request, reply) => {
    const actor = authorize(request.actor, followPolicies.followArtist);
    const { artistFollow } = parseInput(followArtistBodySchema, request.body);
    const { created } = await followArtist({
      db,
      userId: actor.userId,
      sellerProfileId: artistFollow.sellerProfileId,
      field: "artist_follow.seller_profile_id",
    });
    return reply.status(created ? 201 : 200).send(await followState(actor.userId, artistFollow.sellerProfileId, true));
  });

  app.delete("/artist_follows/:sellerProfileId", async (request) => {
    const actor = authorize(request.actor, followPolicies.unfollowArtist);
    const { sellerProfileId } = request.params as { sellerProfileId: string };
    if (!isUuid(sellerProfileId)) throw AppError.notFound("Artist");
    const id = sellerProfileId.toLowerCase();
    await unfollowArtist({ db, userId: actor.userId, sellerProfileId: id });
    return followState(actor.userId, id, false);
  });

  app.get("/artist_follows", async (request) => {
    const actor = authorize(request.actor, followPolicies.listFollowedArtists);
    const { page = 1 } = parseInput(favoritesPageQuerySchema, request.query, "query");
    return listFollowedArtists({ context, userId: actor.userId, page, perPage: FOLLOWS_PAGE_SIZE });
  });
}
