import { FOLLOWED_ARTIST_LATEST_DESIGNS, type FollowedArtistsResponse } from "@threadfolk/contract/favorites";
import type { AppContext } from "../../context.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { loadDesignCards } from "../discovery/load-design-cards.ts";
import { presentArtist, presentPageMeta } from "../discovery/presenters.ts";
import { findArtistCountsByIds, findFollowedArtistPage, findLatestDesignIds } from "./queries.ts";

/** One page of the artists a customer follows, each with avatar, counts and their latest designs as cards. */
export async function listFollowedArtists({
  context,
  userId,
  page,
  perPage,
}: {
  context: Pick<AppContext, "db" | "config">;
  userId: string;
  page: number;
  perPage: number;
}): Promise<FollowedArtistsResponse> {
  const { db } = context;
  const { rows, totalCount } = await findFollowedArtistPage({ db, userId, page, perPage });
  const artistIds = rows.map((row) => row.artist.id);
  const [latest, counts, images] = await Promise.all([
    findLatestDesignIds({ db, artistIds, perArtist: FOLLOWED_ARTIST_LATEST_DESIGNS }),
    findArtistCountsByIds({ db, artistIds }),
    createImageUrlSigner({ db, config: context.config }),
  ]);
  const cards = await loadDesignCards({ context, designIds: [...latest.values()].flat() });
  const cardById = new Map(cards.map((card) => [card.id, card]));
  return {
    data: rows.map((row) => {
      const artistCounts = counts.get(row.artist.id) ?? { designCount: 0, followerCount: 0 };
      const artist = presentArtist(row.artist, artistCounts, images);
      const latestDesigns = (latest.get(row.artist.id) ?? []).flatMap((id) => {
        const card = cardById.get(id);
        return card ? [card] : [];
      });
      return {
        id: artist.id,
        type: "artist",
        attributes: { ...artist.attributes, followedAt: row.followedAt.toISOString(), latestDesigns },
      };
    }),
    meta: presentPageMeta({ totalCount, page, perPage }),
  };
}
