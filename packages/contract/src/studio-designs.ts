import { z } from "zod";
import { PRODUCT_COLORS, type ProductColor } from "./colors.ts";
import { DESIGNER_STEPS, designDraftDataSchema, placementSchema, STUDIO_GARMENTS } from "./studio.ts";
import { textSchema } from "./text.ts";

/** A string of a reply (bounded like every contract string). */
const replyText = () => textSchema({ maxLength: 4096 });

/**
 * Response shapes of the product designer's drafts and the product editor (issue 14, decision 037): what
 * `/api/v1/design_drafts` and `/api/v1/seller_designs/{uuid}` answer (camelCase here; the wire is snake_case).
 * Request bodies are in studio.ts.
 */

const productColorSchema = z.enum(PRODUCT_COLORS as unknown as [ProductColor, ...ProductColor[]]);

export const designDraftSchema = z.object({
  id: replyText(),
  type: z.literal("designDraft"),
  attributes: z.object({
    step: z.enum(DESIGNER_STEPS),
    data: designDraftDataSchema,
    updatedAt: replyText(),
    createdAt: replyText(),
    /** The artwork upload's checks, once the draft names a ready one; `previewUrl` is short-lived. */
    artwork: z
      .object({
        uploadId: replyText(),
        width: z.number().int(),
        height: z.number().int(),
        hasTransparency: z.boolean(),
        opaqueBackground: z.boolean(),
        previewUrl: replyText(),
      })
      .nullable(),
  }),
});
export type DesignDraft = z.infer<typeof designDraftSchema>;
export const designDraftResponseSchema = z.object({ data: designDraftSchema });
export const designDraftListResponseSchema = z.object({ data: z.array(designDraftSchema) });

export const sellerDesignProductSchema = z.object({
  garmentStyleKey: replyText(),
  displayName: replyText(),
  fit: replyText(),
  baseCostCents: z.number().int(),
  priceCents: z.number().int(),
  /** False once the artist stopped offering the style (the variant is kept for carts and orders). */
  offered: z.boolean(),
  sellerDesignProductVariantId: z.number().int(),
});

export const sellerDesignSchema = z.object({
  /** The design's uuid. */
  id: replyText(),
  type: z.literal("sellerDesign"),
  attributes: z.object({
    slug: replyText(),
    displayName: replyText(),
    description: replyText(),
    tags: z.array(replyText()),
    status: z.enum(["live", "deactivated", "taken_down"]),
    defaultColor: productColorSchema,
    offeredColors: z.array(productColorSchema),
    /** Per garment drawing; a garment without an entry uses `defaultPlacement`. */
    placements: z.partialRecord(z.enum(STUDIO_GARMENTS), placementSchema),
    defaultGarmentStyleKey: replyText(),
    products: z.array(sellerDesignProductSchema),
    /** The clean artwork (the owner's own, signed for about an hour); width/height null for old rows. */
    artwork: z.object({ width: z.number().int().nullable(), height: z.number().int().nullable(), url: replyText() }),
    /** Bumped by a new artwork or placement: the `v` of the mockup URLs. */
    artworkVersion: z.number().int(),
    /** The watermarked default mockup (default colour on the default style's garment). */
    imageUrl: replyText(),
    /** `/design/{uuid}/{slug}/{defaultColor}`. */
    designPath: replyText(),
    publishedAt: replyText().nullable(),
    updatedAt: replyText(),
  }),
});
export type SellerDesign = z.infer<typeof sellerDesignSchema>;
export const sellerDesignResponseSchema = z.object({ data: sellerDesignSchema });

/** How far a design's mockups (every offered colour x offered style's garment) have rendered. */
export const designRendersSchema = z.object({
  id: replyText(),
  type: z.literal("designRenders"),
  attributes: z.object({
    /** Garment x colour sets stored (every width, plain and watermarked). */
    done: z.number().int(),
    total: z.number().int(),
    /** The default colour on the default style's garment is stored: the design page shows it. */
    defaultReady: z.boolean(),
    complete: z.boolean(),
    /** Rendering stopped for good (RENDER_FAILURES), with what the artist reads; null while it goes on or is done. */
    failureCode: z.enum(["too_complex", "failed"]).nullable(),
    failureMessage: replyText().nullable(),
  }),
});

/** Why a design's mockups stopped for good (decision 064): past a heavy work limit, or out of attempts. */
export const RENDER_FAILURES = {
  too_complex: "This artwork is too complex to draw on the garments: simplify it or upload a PNG.",
  failed: "The mockups could not be rendered. Upload the artwork again to retry.",
} as const;
export type RenderFailureCode = keyof typeof RENDER_FAILURES;
export type DesignRenders = z.infer<typeof designRendersSchema>;
export const designRendersResponseSchema = z.object({ data: designRendersSchema });

/** The design page's path of a design in its default colour. */
export function designPagePath(designUuid: string, slug: string, color: string): string {
  return `/design/${designUuid}/${slug}/${color}`;
}
