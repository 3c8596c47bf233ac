import {
  COLOR_HEX,
  colorDisplayName,
  PRODUCT_COLORS,
  type ProductColor,
  resolveColor,
} from "@threadfolk/contract/colors";
import type {
  ArtistProfile,
  CarouselResponse,
  DesignArtist,
  DesignCard,
  DesignDetail,
  MarketplaceSaleResponse,
  PageMeta,
} from "@threadfolk/contract/discovery";
import { FALLBACK_PRICE, formatCents } from "@threadfolk/contract/money";
import { compareSizes, type Size } from "@threadfolk/contract/sizes";
import type { carouselAssets, carousels, marketplaceSales, sellerProfiles } from "../../db/schema/index.ts";
import { type SaleOffer, salePriceCents, variantSalePriceCents } from "../catalogue/pricing.ts";
import type { Garment } from "../media/media-keys.ts";
import { garmentForStyle, type ImageSource, type ImageUrlSigner } from "./image-urls.ts";
import type { DesignCardRow, DetailArtist, DetailDesign, DetailVariant } from "./queries.ts";

/** A colour as stored, made printable: aliases resolve (spec: light_grey shows as black), unknown -> black. */
/** A design's default colour as cards show it (black when the stored name is not a printable colour). */
export function printableColor(color: string): ProductColor {
  return resolveColor(color) ?? "black";
}

/** The design card of spec section 3. Every list (home, results, collections, storefront, more by artist) uses it. */
export function presentDesignCard(row: DesignCardRow, images: ImageUrlSigner): DesignCard {
  const color = printableColor(row.defaultColor);
  const garment = garmentForStyle(row.garmentStyleKey ?? "mens_tee");
  // One URL per card (the 640 px square watermarked mockup, CARD_IMAGE_SIZE): a srcset would double the bytes
  // of every list, and the home payload is the most requested response of the site.
  const imageUrl = images.watermarkedUrl({ designUuid: row.id, garment, color, version: row.artworkVersion });
  const sale = salePriceCents(row.priceCents, row.saleOffers);
  return {
    id: row.id,
    uuid: row.id,
    slug: row.slug,
    displayName: row.displayName,
    price: formatCents(row.priceCents),
    onSale: sale !== undefined,
    salesPrice: sale === undefined ? FALLBACK_PRICE : formatCents(sale),
    defaultColor: color,
    watermarkedSignedUrls: { [color]: imageUrl },
    artistName: row.artistName,
    artistUuid: row.sellerProfileId,
    artistUniqueUsername: row.artistUniqueUsername,
    sellerProfileId: row.sellerProfileId,
    defaultSellerDesignProductVariantId: row.defaultVariantId,
  };
}

export function presentPageMeta(options: {
  totalCount: number;
  page: number;
  perPage: number;
  totalCountCapped?: boolean;
}): PageMeta {
  const { totalCount, page, perPage, totalCountCapped } = options;
  const meta = { totalCount, page, perPage, totalPages: Math.ceil(totalCount / perPage) };
  // Results pages say whether their count stopped at the cap; other pages count exactly and say nothing.
  return totalCountCapped === undefined ? meta : { ...meta, totalCountCapped };
}

type Artist = typeof sellerProfiles.$inferSelect;
/** What an artist's pictures are signed from. */
type ArtistImages = Pick<Artist, "id" | "avatarKey" | "bannerKey" | "imagesVersion">;

function presentArtistImages(artist: ArtistImages, images: ImageUrlSigner) {
  return {
    avatar: artist.avatarKey ? images.picture("avatar", artist.id, artist.imagesVersion) : null,
    banner: artist.bannerKey ? images.picture("banner", artist.id, artist.imagesVersion) : null,
  };
}

/** The artist block of the design page: who made it, linking to the storefront. */
export function presentArtistSummary(
  artist: ArtistImages & Pick<Artist, "uniqueUsername" | "displayName">,
  images: ImageUrlSigner,
): DesignArtist {
  return {
    uuid: artist.id,
    uniqueUsername: artist.uniqueUsername,
    displayName: artist.displayName,
    avatar: presentArtistImages(artist, images).avatar,
  };
}

/** The storefront's profile resource. */
export function presentArtist(
  artist: Artist,
  counts: { designCount: number; followerCount: number },
  images: ImageUrlSigner,
): ArtistProfile {
  return {
    id: artist.id,
    type: "artist",
    attributes: {
      uuid: artist.id,
      uniqueUsername: artist.uniqueUsername,
      displayName: artist.displayName,
      bio: artist.bio,
      ...presentArtistImages(artist, images),
      designCount: counts.designCount,
      followerCount: counts.followerCount,
    },
  };
}

/** The design page: the design, its default garment's images in every offered colour, variants, artist, more by them. */
export function presentDesignDetail(options: {
  design: DetailDesign;
  artist: DetailArtist;
  variants: DetailVariant[];
  card: DesignCard;
  saleOffers: SaleOffer[];
  moreByArtist: DesignCard[];
  images: ImageUrlSigner;
}): DesignDetail {
  const { design, artist, variants, card, saleOffers, moreByArtist, images } = options;
  const offered = new Set(design.offeredColors);
  const isOffered = (color: string) => offered.has(resolveColor(color) ?? color);
  const colorsByGarment = offeredColorsByGarment(design, variants);
  const allColors = new Set([...colorsByGarment.values()].flat());
  // The images of the garment shown first (the default variant's) only: the other garments' sets are asked for
  // when the shopper picks one of their styles (`GET /designs/{uuid}/images/{garment}`, decision 049).
  const shownGarment = variants[0] ? garmentForStyle(variants[0].styleKey) : undefined;
  const imageSets: Record<string, Record<string, { watermarked: ImageSource }>> = {};
  if (shownGarment) imageSets[shownGarment] = presentGarmentImages({ design, garment: shownGarment, variants, images });
  return {
    id: design.id,
    type: "design",
    attributes: {
      ...card,
      description: design.description,
      tags: design.tags,
      publishedAt: design.publishedAt === null ? null : new Date(design.publishedAt).toISOString(),
      colors: PRODUCT_COLORS.filter((color) => allColors.has(color)).map((color) => ({
        key: color,
        displayName: colorDisplayName(color),
        hex: COLOR_HEX[color],
      })),
      images: imageSets,
      variants: variants.map((variant) => {
        const sale = variantSalePriceCents(variant.priceCents, saleOffers, variant.isDefault);
        return {
          id: variant.id,
          isDefault: variant.isDefault,
          garmentStyleKey: variant.styleKey,
          garmentStyleDisplayName: variant.styleDisplayName,
          fit: variant.fit,
          garment: garmentForStyle(variant.styleKey),
          price: formatCents(variant.priceCents),
          priceCents: variant.priceCents,
          onSale: sale !== undefined,
          salesPrice: sale === undefined ? FALLBACK_PRICE : formatCents(sale),
          sizes: [...variant.sizes].sort((a, b) => compareSizes(a as Size, b as Size)),
          colors: variant.colors.filter((color) => resolveColor(color) !== undefined && isOffered(color)),
        };
      }),
      artist: presentArtistSummary(artist, images),
      moreByArtist,
    },
  };
}

/**
 * Per drawn garment of the offered variants, the colours shown on it: the colours the artist offers (issue
 * 14) among those its styles come in, in display order.
 */
export function offeredColorsByGarment(
  design: Pick<DetailDesign, "offeredColors">,
  variants: ReadonlyArray<Pick<DetailVariant, "styleKey" | "colors">>,
): Map<Garment, ProductColor[]> {
  const offered = new Set(design.offeredColors);
  const colorsByGarment = new Map<Garment, Set<ProductColor>>();
  for (const variant of variants) {
    const garment = garmentForStyle(variant.styleKey);
    const set = colorsByGarment.get(garment) ?? new Set<ProductColor>();
    for (const color of variant.colors) {
      const printable = resolveColor(color);
      if (printable && offered.has(printable)) set.add(printable);
    }
    colorsByGarment.set(garment, set);
  }
  return new Map(
    [...colorsByGarment].map(([garment, colors]) => [garment, PRODUCT_COLORS.filter((color) => colors.has(color))]),
  );
}

/**
 * The watermarked mockups of one garment of a design in each colour shown on it (keyed by colour). Watermarked
 * only: this reply is public, and the clean mockups are the artist's and production's (decision 021).
 */
export function presentGarmentImages(options: {
  design: Pick<DetailDesign, "id" | "offeredColors" | "artworkVersion">;
  garment: Garment;
  variants: ReadonlyArray<Pick<DetailVariant, "styleKey" | "colors">>;
  images: ImageUrlSigner;
}): Record<string, { watermarked: ImageSource }> {
  const { design, garment, variants, images } = options;
  const colors = offeredColorsByGarment(design, variants).get(garment) ?? [];
  return Object.fromEntries(
    colors.map((color) => [
      color,
      {
        watermarked: images.watermarkedMockup({
          designUuid: design.id,
          garment,
          color,
          version: design.artworkVersion,
        }),
      },
    ]),
  );
}

export function presentCarousel(
  found: { carousel: typeof carousels.$inferSelect; assets: Array<typeof carouselAssets.$inferSelect> },
  images: ImageUrlSigner,
): CarouselResponse {
  const { carousel, assets } = found;
  return {
    data: {
      id: String(carousel.id),
      type: "carousel",
      attributes: {
        locationCode: carousel.locationCode,
        slideDelayInMs: carousel.slideDelayInMs,
        carouselAssets: assets.map((asset) => {
          // The slide's media id comes from its stored key (`carousels/{assetId}.png`), as the media module names it.
          const mediaId = /^carousels\/([^/]+)\.png$/.exec(asset.imageKey)?.[1] ?? String(asset.id);
          const image = images.picture("carousel", mediaId);
          // The phone rendition is named by the same id (decision 044); the media route letterboxes the desktop
          // slide for a slide stored without a phone picture of its own.
          const phoneImage = images.picture("carouselPhone", mediaId);
          return {
            id: String(asset.id),
            type: "carousel_asset",
            attributes: {
              id: asset.id,
              assetUrl: image.src,
              image,
              phoneImage,
              clickDestinationUrl: asset.clickDestinationUrl,
              altText: asset.altText,
            },
          };
        }),
      },
    },
  };
}

export function presentMarketplaceSale(
  sale: typeof marketplaceSales.$inferSelect | undefined,
): MarketplaceSaleResponse {
  if (!sale) return { data: null };
  return {
    data: {
      id: String(sale.id),
      type: "marketplace_sale",
      attributes: {
        name: sale.name,
        startDate: sale.startsAt.toISOString(),
        endDate: sale.endsAt.toISOString(),
        percentOff: sale.percentOff,
      },
    },
  };
}
