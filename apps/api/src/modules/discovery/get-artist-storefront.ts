import { DESIGN_PAGE_SIZE } from "@threadfolk/contract/discovery";
import { isUuid } from "@threadfolk/contract/ids";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { designs } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { listDesignPage } from "../catalogue/list-design-page.ts";
import { loadStorefrontSections } from "../storefront-collections/load-storefront-sections.ts";
import { createImageUrlSigner } from "./image-urls.ts";
import { loadDesignCards } from "./load-design-cards.ts";
import { presentArtist, presentPageMeta } from "./presenters.ts";
import { findArtist, findArtistCounts } from "./queries.ts";

/** The storefront: profile, counts, its collections (sections) and one page of the artist's listed designs, newest first. */
export async function getArtistStorefront({
  context,
  artistKey,
  page,
}: {
  context: Pick<AppContext, "db" | "config">;
  /** The artist's uuid or unique username. */
  artistKey: string;
  page: number;
}) {
  const { db } = context;
  const artist = isUuid(artistKey)
    ? await findArtist({ db, uuid: artistKey.toLowerCase() })
    : await findArtist({ db, username: artistKey.toLowerCase() });
  if (!artist) throw AppError.notFound("Artist");
  // A suspended storefront (issue 28): its page says so, and shows nothing of it.
  if (artist.suspendedAt) throw new AppError("gone", "This shop is not available");
  const [counts, designPage, images] = await Promise.all([
    findArtistCounts({ db, artistId: artist.id }),
    listDesignPage({
      db,
      where: sql`${eq(designs.sellerProfileId, artist.id)}`,
      relevance: [],
      sort: "newest",
      page,
      perPage: DESIGN_PAGE_SIZE,
      count: "none",
    }),
    createImageUrlSigner({ db, config: context.config }),
  ]);
  const cards = await loadDesignCards({ context, designIds: designPage.designIds });
  // The artist's storefront collections, as sections (listed designs only, in order).
  const collections = await loadStorefrontSections({ context, artistId: artist.id });
  return {
    data: presentArtist(artist, counts, images),
    designs: cards,
    collections,
    meta: presentPageMeta({ totalCount: counts.designCount, page, perPage: DESIGN_PAGE_SIZE }),
  };
}
