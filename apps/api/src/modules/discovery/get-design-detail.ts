import { MORE_BY_ARTIST_SIZE } from "@threadfolk/contract/discovery";
import { and, desc, eq, ne } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { designs } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import { createImageUrlSigner } from "./image-urls.ts";
import { loadDesignCards } from "./load-design-cards.ts";
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
  const found = await findListedDesign({ db, designId });
  if (!found) throw AppError.notFound("Design");
  const [variants, [cardRow], moreIds, images] = await Promise.all([
    findDesignVariants({ db, designId }),
    findDesignCardRows({ db, designIds: [designId] }),
    db
      .select({ id: designs.id })
      .from(designs)
      .where(and(eq(designs.sellerProfileId, found.artist.id), ne(designs.id, designId), isListedDesign()))
      .orderBy(desc(designs.orderCount30d), desc(designs.publishedAt))
      .limit(MORE_BY_ARTIST_SIZE),
    createImageUrlSigner({ db, config: context.config }),
  ]);
  if (!cardRow) throw AppError.notFound("Design");
  const moreByArtist = await loadDesignCards({ context, designIds: moreIds.map((row) => row.id) });
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
