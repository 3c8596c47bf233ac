import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { isDesignWithdrawn } from "../catalogue/withdrawn-designs.ts";
import type { Garment } from "../media/media-keys.ts";
import { createImageUrlSigner } from "./image-urls.ts";
import { offeredColorsByGarment, presentDesignCard, presentDesignDetail, presentGarmentImages } from "./presenters.ts";
import { findDesignDetail, findDesignGarments } from "./queries.ts";

/**
 * The design page's data; a design that is unknown, deactivated or unpublished is a 404, one withdrawn by
 * moderation (taken down, or of a suspended storefront) a 410. One named statement
 * answers the design, its artist, variants, card and more by its artist (decision 049).
 */
export async function getDesignDetail({
  context,
  designId,
}: {
  context: Pick<AppContext, "db" | "config">;
  designId: string;
}) {
  const { db } = context;
  const [found, images] = await Promise.all([
    findDesignDetail({ db, designId }),
    createImageUrlSigner({ db, config: context.config }),
  ]);
  const [cardRow, ...moreRows] = found?.cards ?? [];
  if (!found || cardRow?.id !== designId) {
    // Taken down, or of a suspended storefront (issue 28): the page says it is no longer available.
    if (await isDesignWithdrawn({ db, designId })) throw new AppError("gone", "This design is no longer available");
    throw AppError.notFound("Design");
  }
  return {
    data: presentDesignDetail({
      design: found.design,
      artist: found.artist,
      variants: found.variants,
      card: presentDesignCard(cardRow, images),
      saleOffers: cardRow.saleOffers,
      moreByArtist: moreRows.map((row) => presentDesignCard(row, images)),
      images,
    }),
  };
}

/**
 * One drawn garment's watermarked mockups of a listed design, in each colour it is offered in: what the design
 * page asks for when the shopper picks a style on another garment than the default one. A 404 for a design
 * that is not listed or not offered on that garment.
 */
export async function getDesignGarmentImages({
  context,
  designId,
  garment,
}: {
  context: Pick<AppContext, "db" | "config">;
  designId: string;
  garment: Garment;
}) {
  const { db } = context;
  const [found, images] = await Promise.all([
    findDesignGarments({ db, designId }),
    createImageUrlSigner({ db, config: context.config }),
  ]);
  if (!found) throw AppError.notFound("Design");
  if (!offeredColorsByGarment(found, found.variants).has(garment)) throw AppError.notFound("Design images");
  return {
    data: { garment, images: presentGarmentImages({ design: found, garment, variants: found.variants, images }) },
  };
}
