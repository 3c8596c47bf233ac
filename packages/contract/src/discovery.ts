import { z } from "zod";
import { HOME_COLLECTION_KEYS } from "./constants.ts";
import { MAX_PAGE, MAX_QUERY_LENGTH, SEARCH_SORTS } from "./discovery-constants.ts";

export * from "./discovery-constants.ts";

/** Discovery API: request schemas of the home collections, results, design and artist endpoints. */

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
