import { z } from "zod";
import { PRODUCT_COLORS } from "./colors.ts";
import { HOME_COLLECTION_KEYS } from "./constants.ts";
import {
  FILTER_GARMENT_STYLES,
  MAX_FILTER_DOLLARS,
  MAX_PAGE,
  MAX_QUERY_LENGTH,
  SEARCH_SORTS,
} from "./discovery-constants.ts";
import { IDENTIFIER_MAX_LENGTH } from "./limits.ts";
import { STUDIO_GARMENTS } from "./studio.ts";
import { textSchema } from "./text.ts";

export * from "./discovery-constants.ts";

/** Discovery API: request schemas of the home collections, results, design and artist endpoints. */

export const pageParamSchema = textSchema({
  maxLength: 9,
  error: "page must be a positive integer",
  tooLong: "page must be a positive integer",
})
  .regex(/^[1-9][0-9]{0,8}$/, "page must be a positive integer")
  .transform(Number)
  .refine((page) => page <= MAX_PAGE, `page must be at most ${MAX_PAGE}`);

const sortParamSchema = z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(", ")}` });

/** A whole number of dollars, 0 to MAX_FILTER_DOLLARS, as a query parameter. */
function dollarsParamSchema(name: string) {
  const message = `${name} must be a whole number of dollars from 0 to ${MAX_FILTER_DOLLARS}`;
  return textSchema({ maxLength: 4, error: message, tooLong: message })
    .regex(/^(0|[1-9][0-9]{0,3})$/, message)
    .transform(Number)
    .refine((dollars) => dollars <= MAX_FILTER_DOLLARS, message);
}

/** The filters every results page takes (see DesignFilters). */
const designFilterParams = {
  style: z
    .enum(FILTER_GARMENT_STYLES, { error: `style must be one of ${FILTER_GARMENT_STYLES.join(", ")}` })
    .optional(),
  color: z.enum(PRODUCT_COLORS, { error: "color must be one of the 19 product colors (snake_case)" }).optional(),
  priceFrom: dollarsParamSchema("price_from").optional(),
  priceUnder: dollarsParamSchema("price_under").optional(),
};

/** A price range must hold a price: `price_from` below `price_under`. */
function checkPriceRange(value: { priceFrom?: number; priceUnder?: number }, context: z.RefinementCtx) {
  if (value.priceFrom !== undefined && value.priceUnder !== undefined && value.priceFrom >= value.priceUnder) {
    context.addIssue({ code: "custom", path: ["priceUnder"], message: "price_under must be above price_from" });
  }
}

/** A search query as typed (may be empty). */
const searchQuerySchema = textSchema({
  maxLength: MAX_QUERY_LENGTH,
  label: "query",
  error: "query must be a single text value",
});

/**
 * `GET /internal_design_collections?query=&page=&sort=&style=&color=&price_from=&price_under=`: the query is
 * used as typed (may be empty).
 */
export const searchDesignsQuerySchema = z
  .strictObject({
    query: searchQuerySchema,
    page: pageParamSchema.optional(),
    sort: sortParamSchema.optional(),
    ...designFilterParams,
  })
  .superRefine(checkPriceRange);
export type SearchDesignsQuery = z.infer<typeof searchDesignsQuerySchema>;

/** `GET /internal_design_collections/{name_key}?page=&sort=&style=&color=&price_from=&price_under=`. */
export const collectionPageQuerySchema = z
  .strictObject({
    page: pageParamSchema.optional(),
    sort: sortParamSchema.optional(),
    ...designFilterParams,
  })
  .superRefine(checkPriceRange);

export const collectionKeySchema = z.enum(HOME_COLLECTION_KEYS);

/** Path of `GET /internal_design_collections/{name_key}`: any key is looked up; unknown ones are a 404. */
export const collectionPathSchema = z.strictObject({
  nameKey: textSchema({ maxLength: IDENTIFIER_MAX_LENGTH, label: "name_key" }),
});

/** Longest artist username or uuid in a storefront path. */
export const ARTIST_KEY_MAX_LENGTH = 100;

/** Path of `GET /artists/{uuid or unique_username}`. */
export const artistPathSchema = z.strictObject({
  artistKey: textSchema({ maxLength: ARTIST_KEY_MAX_LENGTH, label: "artist_key" }).min(1, "artist_key is required"),
});

const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Path of `GET /designs/{uuid}`. */
export const designPathSchema = z.strictObject({
  uuid: textSchema({ maxLength: 36, label: "uuid" }).regex(UUID_PATTERN, "uuid must be a design uuid"),
});

/** Path of `GET /designs/{uuid}/images/{garment}`: one drawn garment's images of a design (decision 049). */
export const designGarmentImagesPathSchema = designPathSchema.extend({ garment: z.enum(STUDIO_GARMENTS) });

/** `GET /artists/{uuid or unique_username}?page=`. */
export const artistPageQuerySchema = z.strictObject({ page: pageParamSchema.optional() });

/** `GET /search_suggestions?query=`. */
export const searchSuggestionsQuerySchema = z.strictObject({ query: searchQuerySchema });

/** `GET /carousels?location_code=`. */
export const carouselQuerySchema = z.strictObject({
  locationCode: textSchema({ maxLength: 40, error: "location_code is required", label: "location_code" }).regex(
    /^[a-z][a-z0-9_]{0,39}$/,
    "location_code must be a location such as front_page",
  ),
});
