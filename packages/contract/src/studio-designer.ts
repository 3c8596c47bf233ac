import { z } from "zod";
import { GARMENT_LAYER_SIZES, GARMENT_LAYERS_VERSION } from "./mockup-compose.ts";
import { DESIGN_DETAIL_LIMITS, STUDIO_GARMENTS, type StudioGarment } from "./studio.ts";
import { textSchema } from "./text.ts";

/**
 * The product designer's own reads (decision 039): a garment's colour-free layers for the browser's live
 * colour grid, and tag suggestions for the Details step.
 */

/**
 * GET a garment's packed layers (`packGarmentLayers` in mockup-compose.ts): `?size=240|320|480&v=<version>`.
 * Public and immutable: the version is in the URL, and a version the server does not draw is a 404.
 */
export const garmentLayersPath = (garment: StudioGarment, size: number) =>
  `/api/v1/garment_layers/${garment}?size=${size}&v=${GARMENT_LAYERS_VERSION}`;

export const garmentLayersParamsSchema = z.strictObject({ garment: z.enum(STUDIO_GARMENTS) });

const sizeValues = GARMENT_LAYER_SIZES.map(String);
export const garmentLayersQuerySchema = z.strictObject({
  size: textSchema({ maxLength: 4, label: "size", error: "size is required" })
    .refine((value) => sizeValues.includes(value), `size must be one of ${sizeValues.join(", ")}`)
    .transform(Number),
  v: textSchema({ maxLength: 10, label: "v", error: "v is required" }),
});

/** Longest prefix looked up and most suggestions answered by `GET /api/v1/design_tags?query=`. */
export const DESIGN_TAG_SUGGESTION_LIMITS = { query: DESIGN_DETAIL_LIMITS.tagMax, results: 8 } as const;

/** `GET /api/v1/design_tags?query=`: the typed start of a tag (trimmed; at least one character). */
export const designTagsQuerySchema = z.strictObject({
  query: textSchema({
    maxLength: DESIGN_TAG_SUGGESTION_LIMITS.query,
    label: "query",
    error: "query must be a single text value",
    trim: true,
  }).min(1, "query must not be empty"),
});

/** The reply: tags of live designs starting with the query (normalised as stored), most used first. */
export type DesignTagsResponse = { data: string[] };
