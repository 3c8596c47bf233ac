import { PAGE_SIZE } from "./constants.ts";

/**
 * Discovery constants and wire types without the validation library, so a web page that only needs a page
 * size or the card type does not download zod with it. `discovery.ts` re-exports all of this.
 */

/** Deepest page a listing serves: 24 x 5000 = 120,000 designs, beyond which nobody pages by hand. */
export const MAX_PAGE = 5000;
/** A search query longer than this is refused (422) rather than run: nobody types 200 characters. */
export const MAX_QUERY_LENGTH = 200;
export const DESIGN_PAGE_SIZE = PAGE_SIZE;
/** Cards per home collection preview (two rows of four on desktop). */
export const HOME_PREVIEW_SIZE = 8;
/** Card images are squares of this many pixels (width and height attributes, so nothing jumps). */
export const CARD_IMAGE_SIZE = 640;
/**
 * The home carousel's slide width (`sizes`): the spec's 1152 px inside 1300 px, scaled down below that. The
 * server preloads the first slide with the same value (decision 011).
 */
export const CAROUSEL_IMAGE_SIZES = "(min-width: 1300px) 1152px, 89vw";
/** "More by this artist" on the design page. */
export const MORE_BY_ARTIST_SIZE = 8;

export const SEARCH_SORTS = ["relevance", "newest", "popular", "price_asc", "price_desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** An image with every width for srcset and its intrinsic size. */
export type ImageSource = { src: string; srcSet: string; width: number; height: number };

/** The design card (spec section 3), camelCase as the client sees it after case conversion. */
export type DesignCard = {
  id: string;
  uuid: string;
  slug: string;
  displayName: string;
  price: string;
  onSale: boolean;
  salesPrice: string;
  defaultColor: string;
  /**
   * Keyed by colour (camelCase after conversion, like defaultColor's key): the default colour's watermarked
   * mockup, a CARD_IMAGE_SIZE square.
   */
  watermarkedSignedUrls: Record<string, string>;
  artistName: string;
  artistUuid: string;
  artistUniqueUsername: string;
  sellerProfileId: string;
  defaultSellerDesignProductVariantId: number | null;
};

export type PageMeta = { totalCount: number; page: number; perPage: number; totalPages: number };
