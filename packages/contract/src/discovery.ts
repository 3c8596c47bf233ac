import { z } from "zod";
import { HOME_COLLECTION_KEYS, PAGE_SIZE } from "./constants.ts";

/** Discovery API: request schemas of the home collections, results, design and artist endpoints. */

/** Deepest page a listing serves: 24 x 5000 = 120,000 designs, beyond which nobody pages by hand. */
export const MAX_PAGE = 5000;
/** A search query longer than this is refused (422) rather than run: nobody types 200 characters. */
export const MAX_QUERY_LENGTH = 200;
export const DESIGN_PAGE_SIZE = PAGE_SIZE;
/** Cards per home collection preview (two rows of four on desktop). */
export const HOME_PREVIEW_SIZE = 8;
/** Card images are squares of this many pixels (width and height attributes, so nothing jumps). */
export const CARD_IMAGE_SIZE = 640;
/** "More by this artist" on the design page. */
export const MORE_BY_ARTIST_SIZE = 8;

export const SEARCH_SORTS = ["relevance", "newest", "popular", "price_asc", "price_desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const pageParamSchema = z
  .string({ error: "page must be a positive integer" })
  .regex(/^[1-9][0-9]{0,8}$/, "page must be a positive integer")
  .transform(Number)
  .refine((page) => page <= MAX_PAGE, `page must be at most ${MAX_PAGE}`);

const sortParamSchema = z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(", ")}` });

/** `GET /internal_design_collections?query=&page=&sort=`: the query is used as typed (may be empty). */
export const searchDesignsQuerySchema = z.strictObject({
  query: z
    .string({ error: "query must be a single text value" })
    .max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`),
  page: pageParamSchema.optional(),
  sort: sortParamSchema.optional(),
});
export type SearchDesignsQuery = z.infer<typeof searchDesignsQuerySchema>;

/** `GET /internal_design_collections/{name_key}?page=&sort=`. */
export const collectionPageQuerySchema = z.strictObject({
  page: pageParamSchema.optional(),
  sort: sortParamSchema.optional(),
});

export const collectionKeySchema = z.enum(HOME_COLLECTION_KEYS);

/** `GET /artists/{uuid or unique_username}?page=`. */
export const artistPageQuerySchema = z.strictObject({ page: pageParamSchema.optional() });

/** `GET /search_suggestions?query=`. */
export const searchSuggestionsQuerySchema = z.strictObject({
  query: z
    .string({ error: "query must be a single text value" })
    .max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`),
});

/** `GET /carousels?location_code=`. */
export const carouselQuerySchema = z.strictObject({
  locationCode: z
    .string({ error: "location_code is required" })
    .regex(/^[a-z][a-z0-9_]{0,39}$/, "location_code must be a location such as front_page"),
});

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
