import { MORE_BY_ARTIST_SIZE } from "@threadfolk/contract/discovery";
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { designs } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import { createImageUrlSigner } from "./image-urls.ts";
import { presentDesignCard, presentDesignDetail } from "./presenters.ts";
import { findDesignCardRows, findDesignVariants, findListedDesign } from "./queries.ts";

/** The design page's data; a design that is unknown, deactivated or unpublished is a 404. */
export async function getDesignDetail({
  context,
  designId,
}: {
  context: Pick<AppContext, "db" | "config">;
  designId: string;
}) {
  const { db } = context;
  // Two rounds, four statements (decision 047): the design, its variants and the ids of more by its artist
  // (the artist found by a subquery) at once; then every card row, the design's and the others', in one.
  const artistOfDesign = db.select({ id: designs.sellerProfileId }).from(designs).where(eq(designs.id, designId));
  const [found, variants, moreIds, images] = await Promise.all([
    findListedDesign({ db, designId }),
    findDesignVariants({ db, designId }),
    db
      .select({ id: designs.id })
      .from(designs)
      .where(and(inArray(designs.sellerProfileId, artistOfDesign), ne(designs.id, designId), isListedDesign()))
      .orderBy(desc(designs.orderCount30d), desc(designs.publishedAt))
      .limit(MORE_BY_ARTIST_SIZE),
    createImageUrlSigner({ db, config: context.config }),
  ]);
  if (!found) throw AppError.notFound("Design");
  const [cardRow, ...moreRows] = await findDesignCardRows({
    db,
    designIds: [designId, ...moreIds.map((row) => row.id)],
  });
  if (cardRow?.id !== designId) throw AppError.notFound("Design");
  const moreByArtist = moreRows.map((row) => presentDesignCard(row, images));
  return {
    data: presentDesignDetail({
      design: found.design,
      artist: found.artist,
      variants,
      card: presentDesignCard(cardRow, images),
      saleOffers: cardRow.saleOffers,
      moreByArtist,
      images,
    }),
  };
}
