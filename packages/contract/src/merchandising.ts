import { z } from "zod";
import { HOME_COLLECTION_KEYS } from "./constants.ts";
import { uuidSchema } from "./ids.ts";
import { PROMO_CODE_PATTERN } from "./promo-codes.ts";
import { textSchema } from "./text.ts";

/**
 * The operators' merchandising (issue 28, decision 076): the curated home collections, the front-page carousel,
 * the marketplace sale, promo codes and gift cards. Input schemas of the admin routes and the rules the
 * services share with the screens.
 */

/** The home sections an operator curates: every home collection key but the computed ones. */
export const CURATED_COLLECTION_KEYS = HOME_COLLECTION_KEYS.filter(
  (key) => key !== "popular" && key !== "recent" && key !== "browse",
) as Array<Exclude<(typeof HOME_COLLECTION_KEYS)[number], "popular" | "recent" | "browse">>;
export type CuratedCollectionKey = (typeof CURATED_COLLECTION_KEYS)[number];

export const MERCHANDISING_LIMITS = {
  collectionNameMaxLength: 60,
  /** Designs a curated collection holds (the home page previews the first 8; its page lists them all). */
  collectionMaxDesigns: 200,
  slidesMax: 10,
  slideAltMaxLength: 200,
  slideLinkMaxLength: 300,
  /** Seconds each slide stays (the carousels table holds 1 to 60). */
  slideSecondsMin: 2,
  slideSecondsMax: 60,
  /** Smallest slide accepted: the desktop slide is drawn at 1152x300 (and twice that on sharp screens). */
  slideMinWidth: 1152,
  slideMinHeight: 300,
  /** Largest slide file, before base64. */
  slideMaxBytes: 8 * 1024 * 1024,
  saleNameMaxLength: 60,
  /** Percent off of a marketplace sale (decision 076: below 5 is no sale; above 50 a tee sells under cost). */
  salePercentMin: 5,
  salePercentMax: 50,
  saleMaxDesigns: 5000,
  /** Longest a sale may run. */
  saleMaxDays: 92,
  /** A promo code's amount off and a gift card's amount, at most $1,000. */
  amountMaxCents: 100_000,
  usageLimitMax: 1_000_000,
  reasonMaxLength: 500,
} as const;

/** The operator's reason, optional for merchandising changes. */
const reasonSchema = textSchema({ maxLength: MERCHANDISING_LIMITS.reasonMaxLength, trim: true, label: "reason" });
const withReason = { reason: reasonSchema.optional() };

/** A numeric id in a path (`/collections/{id}`). */
export const numericIdPathSchema = z.strictObject({
  id: textSchema({ maxLength: 10, label: "id" }).regex(/^\d{1,9}$/, "id must be a number"),
});
/** A code in a path (`/promo_codes/{code}`). */
export const codePathSchema = z.strictObject({
  code: textSchema({ maxLength: 40, label: "code" }).regex(
    /^[A-Za-z0-9-]{1,40}$/,
    "code must be letters, digits or dashes",
  ),
});

// Collections

const collectionNameSchema = textSchema({
  maxLength: MERCHANDISING_LIMITS.collectionNameMaxLength,
  trim: true,
  label: "display_name",
}).min(1, "Enter a name");

export const createCollectionBodySchema = z.strictObject({
  key: z.enum(CURATED_COLLECTION_KEYS, { error: `key must be one of ${CURATED_COLLECTION_KEYS.join(", ")}` }),
  displayName: collectionNameSchema,
  ...withReason,
});
export const renameCollectionBodySchema = z.strictObject({ displayName: collectionNameSchema, ...withReason });
export const removeCollectionDesignPathSchema = z.strictObject({
  id: numericIdPathSchema.shape.id,
  designId: uuidSchema("design_id"),
});
export const collectionDesignBodySchema = z.strictObject({ designId: uuidSchema("design_id"), ...withReason });
export const reorderCollectionBodySchema = z.strictObject({
  designIds: z
    .array(uuidSchema("design_ids"))
    .min(1, "Nothing to reorder")
    .max(MERCHANDISING_LIMITS.collectionMaxDesigns),
  ...withReason,
});

// Carousel

/**
 * A slide's link: a path of this site (`/results?home-collection=anime`), never another site: it starts with
 * one slash (not two, which a browser reads as another host), has no backslash, no control characters, no
 * white space.
 */
export const slideLinkSchema = textSchema({
  maxLength: MERCHANDISING_LIMITS.slideLinkMaxLength,
  trim: true,
  label: "link",
})
  .min(1, "Enter the page the slide links to")
  .refine(
    (value) => isSitePath(value),
    "Enter a path of this site, starting with / (e.g. /results?home-collection=anime)",
  );

export function isSitePath(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value, "https://site.invalid");
    return url.origin === "https://site.invalid";
  } catch {
    return false;
  }
}

const slideAltSchema = textSchema({
  maxLength: MERCHANDISING_LIMITS.slideAltMaxLength,
  trim: true,
  label: "alt_text",
}).min(1, "Describe the slide for people who cannot see it");

export const addSlideBodySchema = z.strictObject({
  /** The picture, base64 (PNG, JPEG or WebP; sniffed from the bytes, normalised in the heavy work pool). */
  imageBase64: textSchema({
    maxLength: Math.ceil((MERCHANDISING_LIMITS.slideMaxBytes * 4) / 3) + 4,
    error: "image_base64 is required",
    tooLong: "The picture is larger than 8 MB",
  }).regex(/^[A-Za-z0-9+/]+={0,2}$/, "image_base64 must be base64"),
  altText: slideAltSchema,
  link: slideLinkSchema,
  ...withReason,
});
export const updateSlideBodySchema = z.strictObject({ altText: slideAltSchema, link: slideLinkSchema, ...withReason });
export const reorderSlidesBodySchema = z.strictObject({
  slideIds: z
    .array(z.number().int().positive())
    .min(1, "Nothing to reorder")
    .max(MERCHANDISING_LIMITS.slidesMax * 10),
  ...withReason,
});
export const slideTimingBodySchema = z.strictObject({
  slideSeconds: z
    .number({ error: "slide_seconds must be a number" })
    .int("slide_seconds must be whole seconds")
    .min(MERCHANDISING_LIMITS.slideSecondsMin, `A slide stays at least ${MERCHANDISING_LIMITS.slideSecondsMin} seconds`)
    .max(MERCHANDISING_LIMITS.slideSecondsMax, `A slide stays at most ${MERCHANDISING_LIMITS.slideSecondsMax} seconds`),
  ...withReason,
});
export const removeBodySchema = z.strictObject({ ...withReason });

// The sale

const dateTimeSchema = (label: string) =>
  textSchema({ maxLength: 40, label })
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
      `${label} must be a date and time with its offset`,
    )
    .transform((value) => new Date(value))
    .refine((value) => !Number.isNaN(value.getTime()), `${label} is not a real date`);

const salePercentSchema = z
  .number({ error: "percent_off must be a number" })
  .int("percent_off must be a whole number")
  .min(MERCHANDISING_LIMITS.salePercentMin, `A sale takes at least ${MERCHANDISING_LIMITS.salePercentMin}% off`)
  .max(MERCHANDISING_LIMITS.salePercentMax, `A sale takes at most ${MERCHANDISING_LIMITS.salePercentMax}% off`);

const saleFields = {
  name: textSchema({ maxLength: MERCHANDISING_LIMITS.saleNameMaxLength, trim: true, label: "name" }).min(
    1,
    "Name the sale",
  ),
  startsAt: dateTimeSchema("starts_at"),
  endsAt: dateTimeSchema("ends_at"),
  percentOff: salePercentSchema,
  /** Every listed design, or only `design_ids`. */
  appliesToAllDesigns: z.boolean(),
  designIds: z.array(uuidSchema("design_ids")).max(MERCHANDISING_LIMITS.saleMaxDesigns).default([]),
};
export const createSaleBodySchema = z.strictObject({ ...saleFields, ...withReason });
/** Every field optional; a sale that started takes only an earlier end (decision 076). */
export const updateSaleBodySchema = z.strictObject({
  name: saleFields.name.optional(),
  startsAt: saleFields.startsAt.optional(),
  endsAt: saleFields.endsAt.optional(),
  percentOff: salePercentSchema.optional(),
  appliesToAllDesigns: z.boolean().optional(),
  designIds: z.array(uuidSchema("design_ids")).max(MERCHANDISING_LIMITS.saleMaxDesigns).optional(),
  ...withReason,
});

// Promo codes and gift cards

const codeSchema = textSchema({ maxLength: 40, trim: true, label: "code" })
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(PROMO_CODE_PATTERN, "Enter a code of 3 to 32 letters, digits or dashes"));
const centsSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be whole cents`)
    .min(1, `${label} must be more than 0`)
    .max(MERCHANDISING_LIMITS.amountMaxCents, `${label} must be at most $1,000`);

export const createPromoCodeBodySchema = z
  .strictObject({
    code: codeSchema,
    kind: z.enum(["percent_off", "amount_off", "free_shipping"]),
    percentOff: z.number().int().min(1).max(100).nullable().optional(),
    amountOffCents: centsSchema("amount_off_cents").nullable().optional(),
    minimumSubtotalCents: z.number().int().min(0).max(MERCHANDISING_LIMITS.amountMaxCents).default(0),
    startsAt: dateTimeSchema("starts_at").nullable().optional(),
    endsAt: dateTimeSchema("ends_at").nullable().optional(),
    /** Uses in all (null: no limit). */
    maxRedemptions: z.number().int().min(1).max(MERCHANDISING_LIMITS.usageLimitMax).nullable().optional(),
    /** Once per customer. */
    oncePerCustomer: z.boolean().default(false),
    ...withReason,
  })
  .superRefine((value, context) => {
    if (value.kind === "percent_off" && !value.percentOff) {
      context.addIssue({ code: "custom", path: ["percentOff"], message: "Enter the percentage off (1 to 100)" });
    }
    if (value.kind === "amount_off" && !value.amountOffCents) {
      context.addIssue({ code: "custom", path: ["amountOffCents"], message: "Enter the amount off" });
    }
    if (value.startsAt && value.endsAt && value.endsAt <= value.startsAt) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start" });
    }
  });
export type CreatePromoCodeInput = z.infer<typeof createPromoCodeBodySchema>;

export const issueGiftCardBodySchema = z.strictObject({
  /** Left out: a code is made up (GIFT- and 12 characters). */
  code: codeSchema.optional(),
  amountCents: centsSchema("amount_cents"),
  endsAt: dateTimeSchema("ends_at").nullable().optional(),
  ...withReason,
});

export const promoCodesQuerySchema = z.strictObject({
  kind: z.enum(["codes", "gift_cards"]).optional(),
});

/** A design search for the operator's pickers: `GET /admin/merchandising/designs?query=`. */
export const merchandisingDesignsQuerySchema = z.strictObject({
  query: textSchema({ maxLength: 100, trim: true, label: "query" }).min(1, "Type part of a title or an artist's name"),
});

// Replies (camelCase; the wire is snake_case)

const replyText = () => textSchema({ maxLength: 4096 });
const isoDate = () => textSchema({ maxLength: 40 });

export const merchandisingDesignSchema = z.object({
  id: replyText(),
  displayName: replyText(),
  artistName: replyText(),
});
export type MerchandisingDesign = z.infer<typeof merchandisingDesignSchema>;

export const curatedCollectionSchema = z.object({
  id: z.number().int(),
  key: replyText(),
  displayName: replyText(),
  designs: z.array(merchandisingDesignSchema.extend({ listed: z.boolean() })),
});
export type CuratedCollectionReply = z.infer<typeof curatedCollectionSchema>;
export const curatedCollectionsReplySchema = z.object({ data: z.array(curatedCollectionSchema) });
export const curatedCollectionReplySchema = z.object({ data: curatedCollectionSchema });
export const merchandisingDesignsReplySchema = z.object({ data: z.array(merchandisingDesignSchema) });

export const carouselSlideSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  altText: replyText(),
  link: replyText(),
  /** The desktop slide at its smallest width (576), for the operator's list. */
  thumbnailUrl: replyText(),
});
export type CarouselSlideReply = z.infer<typeof carouselSlideSchema>;
export const adminCarouselReplySchema = z.object({
  data: z.object({ slideSeconds: z.number().int(), slides: z.array(carouselSlideSchema) }),
});
export type CarouselReply = z.infer<typeof adminCarouselReplySchema>;

export const marketplaceSaleSchema = z.object({
  id: z.number().int(),
  name: replyText(),
  startsAt: isoDate(),
  endsAt: isoDate(),
  percentOff: z.number().int(),
  appliesToAllDesigns: z.boolean(),
  status: z.enum(["scheduled", "running", "ended"]),
  designs: z.array(merchandisingDesignSchema),
  coveredDesignCount: z.number().int(),
});
export type MarketplaceSaleReply = z.infer<typeof marketplaceSaleSchema>;
export const adminSalesReplySchema = z.object({ data: z.array(marketplaceSaleSchema) });
export const adminSaleReplySchema = z.object({ data: marketplaceSaleSchema.nullable() });

export const promoCodeSchema = z.object({
  code: replyText(),
  kind: z.enum(["percent_off", "amount_off", "free_shipping", "gift_card"]),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  minimumSubtotalCents: z.number().int(),
  startsAt: isoDate().nullable(),
  endsAt: isoDate().nullable(),
  maxRedemptions: z.number().int().nullable(),
  oncePerCustomer: z.boolean(),
  redemptions: z.number().int(),
  balanceCents: z.number().int().nullable(),
  issuedCents: z.number().int().nullable(),
  status: z.enum(["active", "scheduled", "expired", "used_up"]),
  createdAt: isoDate(),
});
export type PromoCodeReply = z.infer<typeof promoCodeSchema>;
export const promoCodesReplySchema = z.object({ data: z.array(promoCodeSchema) });
export const promoCodeReplySchema = z.object({ data: promoCodeSchema });

export const codeRedemptionSchema = z.object({
  orderNumber: replyText(),
  orderState: replyText(),
  email: replyText().nullable(),
  status: z.enum(["held", "redeemed", "released"]),
  discountCents: z.number().int(),
  giftCardCents: z.number().int(),
  usedAt: isoDate(),
});
export type CodeRedemptionReply = z.infer<typeof codeRedemptionSchema>;
export const codeRedemptionsReplySchema = z.object({ data: z.array(codeRedemptionSchema) });
