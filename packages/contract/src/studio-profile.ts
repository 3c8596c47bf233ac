import { z } from "zod";
import { PRODUCT_COLORS, type ProductColor } from "./colors.ts";
import { STUDIO_GARMENTS } from "./studio.ts";
import { textSchema } from "./text.ts";

/** A string of a reply (bounded like every contract string). */
const replyText = () => textSchema({ maxLength: 4096 });

/**
 * Response shapes of the storefront set-up and the garment styles (issue 14, decision 037): what
 * `GET/POST/PATCH /api/v1/seller_profile` and `GET /api/v1/garment_styles` answer (camelCase here; the wire
 * is snake_case, decision 004). Request bodies are in studio.ts.
 */

export const sellerProfileSchema = z.object({
  /** The seller profile's uuid (the `{uuid}` of the storefront path). */
  id: replyText(),
  type: z.literal("sellerProfile"),
  attributes: z.object({
    displayName: replyText(),
    uniqueUsername: replyText(),
    bio: replyText(),
    /** Signed 256 px square rendition, versioned (`v`) so a replaced picture gets a new URL; null without one. */
    avatarUrl: replyText().nullable(),
    /** Signed 1280 px wide (4:1) rendition, versioned like the avatar; null without one. */
    bannerUrl: replyText().nullable(),
    termsAcceptedAt: replyText().nullable(),
    /** `/artist/{uniqueUsername}/{uuid}`: the public storefront. */
    storefrontPath: replyText(),
    /**
     * Set while the storefront is suspended (issue 28): hidden from shoppers, with the operators' reason; the
     * artist still signs in, sees Sales and is paid. `cause` 'strikes': three standing IP strikes.
     */
    suspension: z
      .object({ since: replyText(), cause: z.enum(["strikes", "operator"]), reason: replyText().nullable() })
      .nullable(),
    /** Intellectual property strikes standing against the storefront (three suspend it). */
    strikes: z.number().int().min(0),
  }),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;
export const sellerProfileResponseSchema = z.object({ data: sellerProfileSchema });
/** GET: the caller's storefront, or `data: null` when they have not opened one. */
export const sellerProfileReadResponseSchema = z.object({ data: sellerProfileSchema.nullable() });

/** The storefront's public path. */
export function storefrontPath(uniqueUsername: string, sellerProfileUuid: string): string {
  return `/artist/${uniqueUsername}/${sellerProfileUuid}`;
}

const productColorSchema = z.enum(PRODUCT_COLORS as unknown as [ProductColor, ...ProductColor[]]);

export const garmentStyleSchema = z.object({
  /** The style's key (`mens_tee`). */
  id: replyText(),
  type: z.literal("garmentStyle"),
  attributes: z.object({
    key: replyText(),
    displayName: replyText(),
    fit: z.enum(["Men", "Women", "Unisex"]),
    baseCostCents: z.number().int(),
    /** The colours the garment comes in, in display order. */
    colors: z.array(productColorSchema),
    /** The drawing that pictures it (`GARMENT_OF_STYLE`). */
    garment: z.enum(STUDIO_GARMENTS),
    position: z.number().int(),
  }),
});
export type GarmentStyle = z.infer<typeof garmentStyleSchema>;
export const garmentStylesResponseSchema = z.object({ data: z.array(garmentStyleSchema) });
