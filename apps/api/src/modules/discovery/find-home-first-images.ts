import { snakeToCamel } from "@threadfolk/contract/case";
import { DESKTOP_HOME_SECTIONS, type HomeCollectionKey, MOBILE_HOME_SECTIONS } from "@threadfolk/contract/constants";
import {
  CAROUSEL_DESKTOP_MEDIA,
  CAROUSEL_IMAGE_SIZES,
  CAROUSEL_PHONE_IMAGE_SIZES,
  CAROUSEL_PHONE_MEDIA,
} from "@threadfolk/contract/discovery-constants";
import type { AppContext } from "../../context.ts";
import type { PreloadImage } from "../../http/web-app.ts";
import { createImageUrlSigner } from "./image-urls.ts";
import { presentCarousel, presentDesignCard } from "./presenters.ts";
import { findCarouselByLocation, findHomeCollections } from "./queries.ts";

/**
 * The images the home page shows first at every screen size, as the page requests them: the carousel's first
 * slide (the largest image on wide screens) and the first card of the first section (the largest on phones).
 * Both load eagerly with high priority in both layouts, so preloading them with the HTML is never a waste.
 */
export async function findHomeFirstImages({
  context,
}: {
  context: Pick<AppContext, "db" | "config">;
}): Promise<PreloadImage[]> {
  const { db } = context;
  const images: PreloadImage[] = [];
  const signer = await createImageUrlSigner({ db, config: context.config });

  const carousel = await findCarouselByLocation({ db, locationCode: "front_page" });
  const firstAsset = carousel?.assets[0];
  if (carousel && firstAsset) {
    const [slide] = presentCarousel({ carousel: carousel.carousel, assets: [firstAsset] }, signer).data.attributes
      .carouselAssets;
    // One rendition per screen, chosen by the same media queries as the page's <picture> (decision 044).
    const image = slide?.attributes.image;
    if (image)
      images.push({ src: image.src, srcSet: image.srcSet, sizes: CAROUSEL_IMAGE_SIZES, media: CAROUSEL_DESKTOP_MEDIA });
    const phone = slide?.attributes.phoneImage;
    if (phone)
      images.push({
        src: phone.src,
        srcSet: phone.srcSet,
        sizes: CAROUSEL_PHONE_IMAGE_SIZES,
        media: CAROUSEL_PHONE_MEDIA,
      });
  }

  // The first section of each layout is the first collection with cards in its order (every collection of
  // the home payload but `browse`); the two orders differ only near the end, so this is normally the same one.
  // One statement, the home payload's own (decision 049).
  const home = await findHomeCollections({ db });
  const firstDesignIds = new Map(home.collections.map((collection) => [collection.key, collection.designIds[0]]));
  const firstSectionOf = (order: readonly HomeCollectionKey[]) => order.find((key) => firstDesignIds.get(key));
  const section = firstSectionOf(DESKTOP_HOME_SECTIONS);
  const designId =
    section && section === firstSectionOf(MOBILE_HOME_SECTIONS) ? firstDesignIds.get(section) : undefined;
  const row = home.cards.find((card) => card.id === designId);
  const card = row ? presentDesignCard(row, signer) : undefined;
  const urls = card?.watermarkedSignedUrls;
  const cardUrl = urls && (urls[card.defaultColor] ?? urls[snakeToCamel(card.defaultColor)] ?? Object.values(urls)[0]);
  if (cardUrl) images.push({ src: cardUrl });
  return images;
}
