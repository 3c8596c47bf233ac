import { z } from "zod";
import { PRODUCT_COLORS, type ProductColor } from "./colors.ts";
import { ARTIST_SHARE_PERCENT } from "./earnings.ts";
import { uuidSchema } from "./ids.ts";
import { type Cents, percentOf, toCents } from "./money.ts";
import { textSchema } from "./text.ts";

const replyText = () => textSchema({ maxLength: 4096 });

/**
 * The seller studio's rules (issue 14, decision 035): storefront set-up, uploads, the product designer's
 * print arithmetic and placement, pricing, and the API paths. Pure and shared: the API enforces these rules
 * and the studio screens show them before a request is sent. Request schemas are camelCase, as `parseInput`
 * sees them after case conversion.
 */

// ---------------------------------------------------------------------------------------------------------
// API paths (the spec leaves the seller area's paths to us: spec section 7, "not shown").

export const STUDIO_API = {
  /** GET the caller's storefront (404 when they have none), POST to open one, PATCH to change it. */
  sellerProfile: "/api/v1/seller_profile",
  /** The resumable upload endpoint (tus 1.0.0): POST creates, PATCH appends, HEAD tells the offset. */
  uploads: "/api/v1/uploads",
  /** GET one upload's status and checks: `/api/v1/uploads/{id}/status`. */
  uploadStatus: (uploadId: string) => `/api/v1/uploads/${uploadId}/status`,
  /** GET the caller's drafts, POST a new one. */
  designDrafts: "/api/v1/design_drafts",
  /** GET, PATCH (save a step) or DELETE one draft. */
  designDraft: (draftId: string) => `/api/v1/design_drafts/${draftId}`,
  /** POST: turn a complete draft into a live design. */
  publishDraft: (draftId: string) => `/api/v1/design_drafts/${draftId}/publish`,
  /** GET the artist's designs (My Designs: live, deactivated and drafts). */
  sellerDesigns: "/api/v1/seller_designs",
  /** GET one design for the product editor, PATCH to change it. */
  sellerDesign: (designUuid: string) => `/api/v1/seller_designs/${designUuid}`,
  /** GET how far a design's mockups have rendered. */
  sellerDesignRenders: (designUuid: string) => `/api/v1/seller_designs/${designUuid}/renders`,
  /** POST `{ uuid }`: the spec's design deactivation call; reactivation is its pair. */
  deactivateDesign: "/api/v1/seller_designs/deactivate",
  reactivateDesign: "/api/v1/seller_designs/reactivate",
  /** GET the artist's storefront collections, POST one; GET/PATCH/DELETE one by id. */
  storefrontCollections: "/api/v1/storefront_collections",
  storefrontCollection: (collectionId: string) => `/api/v1/storefront_collections/${collectionId}`,
  /** GET the sold lines (filters, pages), the totals and the chart series; `.csv` exports the lines. */
  sales: "/api/v1/seller_sales",
  salesSummary: "/api/v1/seller_sales/summary",
  salesCsv: "/api/v1/seller_sales.csv",
  /** GET the garment styles an artist can offer (key, name, fit, base cost, colours, drawing). */
  garmentStyles: "/api/v1/garment_styles",
  /** GET tag suggestions for the Details step: `?query=` (existing tags of live designs). */
  designTags: "/api/v1/design_tags",
} as const;

// ---------------------------------------------------------------------------------------------------------
// Storefront set-up (`/seller-profile`).

/** The storefront URL's name: 5-20 letters, digits, `_` or `-`; stored and compared in lower case. */
export const STOREFRONT_USERNAME_PATTERN = /^[A-Za-z0-9_-]{5,20}$/;
export const STOREFRONT_LIMITS = { displayName: 50, bio: 1000, username: 20 } as const;

export const STOREFRONT_MESSAGES = {
  displayNameRequired: "Enter the name shoppers will see",
  usernameFormat: "Use 5-20 letters, digits, _ or -",
  usernameTaken: "This username is taken",
  termsRequired: "Agree to the seller program terms and the intellectual property policy to open your storefront",
  alreadyOpen: "You already have a storefront",
  saved: "Your storefront is saved",
} as const;

const storefrontUsernameSchema = textSchema({ maxLength: 40, trim: true })
  .regex(STOREFRONT_USERNAME_PATTERN, STOREFRONT_MESSAGES.usernameFormat)
  .transform((value) => value.toLowerCase());

const storefrontFieldsSchema = z.strictObject({
  displayName: textSchema({ maxLength: STOREFRONT_LIMITS.displayName, trim: true }).min(
    1,
    STOREFRONT_MESSAGES.displayNameRequired,
  ),
  uniqueUsername: storefrontUsernameSchema,
  bio: textSchema({ maxLength: STOREFRONT_LIMITS.bio, trim: true }).default(""),
  /** A `ready` upload of purpose avatar / banner; null removes the picture; absent keeps it. */
  avatarUploadId: uuidSchema("avatar_upload_id").nullable().optional(),
  bannerUploadId: uuidSchema("banner_upload_id").nullable().optional(),
});

/** POST: open a storefront. Agreeing to the terms is required (`true`, nothing else). */
export const openStorefrontBodySchema = z.strictObject({
  sellerProfile: storefrontFieldsSchema.extend({
    acceptTerms: z.literal(true, { error: STOREFRONT_MESSAGES.termsRequired }),
  }),
});
/** PATCH: change any of the fields. */
export const updateStorefrontBodySchema = z.strictObject({ sellerProfile: storefrontFieldsSchema.partial() });

// ---------------------------------------------------------------------------------------------------------
// Uploads.

export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** The types accepted, sniffed from the content (never from the file name). */
export const UPLOAD_TYPES = ["png", "jpeg", "webp", "svg"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
/** Largest picture decoded (a decompression bomb claims far more): 100 megapixels. */
export const UPLOAD_MAX_PIXELS = 100_000_000;
/** Smallest artwork accepted at all (its long side), in pixels. */
export const ARTWORK_MIN_PIXELS = 500;

export const UPLOAD_FAILURES = {
  too_large: "This file is larger than 50 MB. Export it smaller (PNG at 300 DPI is plenty) and try again.",
  unsupported_type: "This file is not a PNG, JPEG, WebP or SVG picture.",
  unreadable: "This picture could not be read: the file may be damaged. Export it again and retry.",
  too_many_pixels:
    "This picture has more than 100 megapixels, more than any print needs. Resize it (e.g. 4500x5400) and try again.",
  too_small: "This artwork is too small to print: its longest side needs at least 500 pixels.",
  svg_unsafe:
    "This SVG could not be made safe to print (it is empty once scripts and external references are removed).",
  incomplete: "The upload did not finish. Try again.",
  too_complex: "This file is too complex to print: simplify it or upload a PNG.",
} as const;
export type UploadFailureCode = keyof typeof UPLOAD_FAILURES;

export const UPLOAD_PURPOSES = ["artwork", "avatar", "banner"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The tus `Upload-Metadata` keys the client sends: `purpose` (required) and `filename`. */
export const UPLOAD_METADATA_KEYS = { purpose: "purpose", fileName: "filename" } as const;

/** GET `/api/v1/uploads/{id}/status`. */
export const uploadStatusSchema = z.object({
  id: replyText(),
  type: z.literal("upload"),
  attributes: z.object({
    purpose: z.enum(UPLOAD_PURPOSES),
    status: z.enum(["receiving", "processing", "ready", "failed"]),
    fileName: replyText(),
    detectedType: z.enum(UPLOAD_TYPES).nullable(),
    failureCode: replyText().nullable(),
    /** The artist-facing reason (`UPLOAD_FAILURES`) when failed. */
    failureMessage: replyText().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    hasTransparency: z.boolean().nullable(),
    opaqueBackground: z.boolean().nullable(),
    /** A short-lived signed URL of the normalised PNG (the owner's own, clean), once ready. */
    previewUrl: replyText().nullable(),
  }),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

// ---------------------------------------------------------------------------------------------------------
// Garments, print areas and print resolution.

/** The garment drawings (apps/api media-keys.ts `GARMENTS`) and the styles that use them. */
export const STUDIO_GARMENTS = ["tee", "womens-tee", "long-sleeve", "hoodie", "tank-top"] as const;
export type StudioGarment = (typeof STUDIO_GARMENTS)[number];
export const GARMENT_OF_STYLE: Record<string, StudioGarment> = {
  mens_tee: "tee",
  womens_tee: "womens-tee",
  long_sleeve: "long-sleeve",
  hoodie: "hoodie",
  tank_top: "tank-top",
};

/**
 * The largest print of each garment, in inches, and where it sits on the 1000-unit drawing (the same boxes
 * as the API's garment art: the box's aspect equals the inches' aspect). Direct-to-garment printers print
 * up to about 12x16 in on an adult tee; smaller cuts get smaller areas.
 */
export const PRINT_AREAS: Record<StudioGarment, { widthInches: number; heightInches: number; box: Box }> = {
  tee: { widthInches: 12, heightInches: 16, box: { x: 360, y: 246, width: 280, height: 373 } },
  "long-sleeve": { widthInches: 12, heightInches: 16, box: { x: 360, y: 246, width: 280, height: 373 } },
  "womens-tee": { widthInches: 10.5, heightInches: 14, box: { x: 375, y: 270, width: 250, height: 333 } },
  hoodie: { widthInches: 12, heightInches: 13, box: { x: 364, y: 314, width: 272, height: 294 } },
  "tank-top": { widthInches: 10.5, heightInches: 14, box: { x: 375, y: 300, width: 250, height: 333 } },
};

export type Box = { x: number; y: number; width: number; height: number };

/** Print resolution bands (issue 14): 300 DPI or more is good, 150-299 fair (a warning), under 150 blocked. */
export const DPI_GOOD = 300;
export const DPI_FAIR = 150;
export type PrintQuality = "good" | "fair" | "blocked";

export function printQuality(dpi: number): PrintQuality {
  if (dpi >= DPI_GOOD) return "good";
  if (dpi >= DPI_FAIR) return "fair";
  return "blocked";
}

/**
 * Where the artwork sits in a print area: `scale` is the artwork's width as a share of the print area's width
 * (its height follows from the artwork's aspect), `x` and `y` are the artwork's top-left corner as shares of
 * the print area's width and height. The artwork always stays inside the print area.
 */
export const placementSchema = z.strictObject({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  scale: z.number().min(0.05).max(1),
});
export type Placement = z.infer<typeof placementSchema>;

/** The largest scale at which an artwork of this aspect (width / height) fits the garment's print area. */
export function fitScale(garment: StudioGarment, artworkAspect: number): number {
  const { box } = PRINT_AREAS[garment];
  const heightLimited = (box.height * artworkAspect) / box.width;
  return Math.min(1, heightLimited);
}

/** The placement used until the artist moves the art: as large as fits, centred, hung from the top. */
export function defaultPlacement(garment: StudioGarment, artworkAspect: number): Placement {
  const scale = fitScale(garment, artworkAspect);
  return { x: (1 - scale) / 2, y: 0, scale };
}

/**
 * Keeps a placement inside the print area: the scale is capped by what fits, then the corner is clamped.
 */
export function clampPlacement(garment: StudioGarment, artworkAspect: number, placement: Placement): Placement {
  const { box } = PRINT_AREAS[garment];
  const scale = Math.min(Math.max(placement.scale, 0.05), fitScale(garment, artworkAspect));
  const heightShare = (scale * box.width) / artworkAspect / box.height;
  return {
    scale,
    x: Math.min(Math.max(placement.x, 0), 1 - scale),
    y: Math.min(Math.max(placement.y, 0), Math.max(0, 1 - heightShare)),
  };
}

/**
 * The artwork's box inside `area`, the garment's print area wherever it is drawn (pixels, unrounded): the
 * placement is kept inside the print area first (`clampPlacement`), then its shares are taken of the area.
 * The mockups and the studio's preview pass the print area on the drawing (`placeArtwork`); the print file
 * passes its whole canvas, the print area at print resolution (`printFileSize`).
 */
export function placeArtworkInArea(
  garment: StudioGarment,
  artworkAspect: number,
  placement: Placement,
  area: Box,
): Box {
  const fitted = clampPlacement(garment, artworkAspect, placement);
  const width = fitted.scale * area.width;
  const height = width / artworkAspect;
  return {
    x: Math.round(area.x + fitted.x * area.width),
    y: Math.round(area.y + fitted.y * area.height),
    width: Math.max(1, Math.round(width)),
    height: Math.max(1, Math.round(height)),
  };
}

/**
 * The artwork's box on a canvas of `canvasSize` pixels (the drawing's 1000 units scaled), from a placement:
 * what both the server's renderer and the studio's live preview draw.
 */
export function placeArtwork(
  garment: StudioGarment,
  artworkAspect: number,
  placement: Placement,
  canvasSize: number,
): Box {
  const { box } = PRINT_AREAS[garment];
  const unit = canvasSize / 1000;
  return placeArtworkInArea(garment, artworkAspect, placement, {
    x: box.x * unit,
    y: box.y * unit,
    width: box.width * unit,
    height: box.height * unit,
  });
}

/** The resolution print files are made at (the good band's floor, `DPI_GOOD`). */
export const PRINT_FILE_DPI = DPI_GOOD;

/**
 * A garment's print file: its whole print area at PRINT_FILE_DPI (the tee's 12 x 16 in is 3600 x 4800 px),
 * transparent around the artwork, which sits where the artist placed it.
 */
export function printFileSize(garment: StudioGarment): { widthPx: number; heightPx: number; dpi: number } {
  const { widthInches, heightInches } = PRINT_AREAS[garment];
  return {
    widthPx: Math.round(widthInches * PRINT_FILE_DPI),
    heightPx: Math.round(heightInches * PRINT_FILE_DPI),
    dpi: PRINT_FILE_DPI,
  };
}

/** The printed size in inches of an artwork placed at `scale` on the garment. */
export function printSizeInches(garment: StudioGarment, artworkAspect: number, scale: number) {
  const widthInches = scale * PRINT_AREAS[garment].widthInches;
  return { widthInches, heightInches: widthInches / artworkAspect };
}

/** Effective print resolution: the artwork's pixels over the inches they are printed across. */
export function effectiveDpi(artworkWidthPixels: number, printWidthInches: number): number {
  return printWidthInches > 0 ? artworkWidthPixels / printWidthInches : Number.POSITIVE_INFINITY;
}

/**
 * The check the Artwork step shows for one garment: the DPI at the chosen scale, its band, and the largest
 * scale (and inches) that would still be good (300 DPI).
 */
export function printResolutionCheck(options: {
  garment: StudioGarment;
  artworkWidth: number;
  artworkHeight: number;
  scale: number;
}) {
  const { garment, artworkWidth, artworkHeight, scale } = options;
  const aspect = artworkWidth / artworkHeight;
  const size = printSizeInches(garment, aspect, scale);
  const dpi = effectiveDpi(artworkWidth, size.widthInches);
  const goodWidthInches = Math.min(
    artworkWidth / DPI_GOOD,
    fitScale(garment, aspect) * PRINT_AREAS[garment].widthInches,
  );
  return {
    dpi: Math.floor(dpi),
    quality: printQuality(dpi),
    widthInches: size.widthInches,
    heightInches: size.heightInches,
    largestGoodScale: goodWidthInches / PRINT_AREAS[garment].widthInches,
    largestGoodWidthInches: goodWidthInches,
    largestGoodHeightInches: goodWidthInches / aspect,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Pricing.

/** The least an artist may add on top of the garment's base cost, and the highest price of one item. */
export const MIN_MARGIN_CENTS = 200;
export const MAX_PRICE_CENTS = 20_000;

export const PRICING_MESSAGES = {
  belowMinimum: "Set a price at least $2.00 above the garment's base cost",
  aboveMaximum: "Set a price of at most $200.00",
} as const;

/** What the artist earns per item sold at `priceCents` (the earnings ledger's rule, without sale or code). */
export function artistEarningsPerSale(priceCents: number, baseCostCents: number): Cents {
  const margin = priceCents - baseCostCents;
  return margin > 0 ? percentOf(toCents(margin), ARTIST_SHARE_PERCENT) : toCents(0);
}

export function priceProblem(priceCents: number, baseCostCents: number): string | undefined {
  if (priceCents - baseCostCents < MIN_MARGIN_CENTS) return PRICING_MESSAGES.belowMinimum;
  if (priceCents > MAX_PRICE_CENTS) return PRICING_MESSAGES.aboveMaximum;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// The product designer: steps, draft data and the details' rules.

export const DESIGNER_STEPS = ["artwork", "placement", "colors", "products", "details", "publish"] as const;
export type DesignerStep = (typeof DESIGNER_STEPS)[number];
export const DESIGNER_STEP_NAMES: Record<DesignerStep, string> = {
  artwork: "Artwork",
  placement: "Placement",
  colors: "Colours",
  products: "Products",
  details: "Details",
  publish: "Publish",
};

export const DESIGN_DETAIL_LIMITS = {
  titleMin: 3,
  titleMax: 80,
  description: 2000,
  tagMin: 2,
  tagMax: 30,
  tagsMax: 15,
} as const;

export const DESIGN_DETAIL_MESSAGES = {
  titleTooShort: `Give the design a title of at least ${DESIGN_DETAIL_LIMITS.titleMin} characters`,
  titleTooLong: `Keep the title to ${DESIGN_DETAIL_LIMITS.titleMax} characters`,
  descriptionTooLong: `Keep the description to ${DESIGN_DETAIL_LIMITS.description} characters`,
  tagLength: `Tags are ${DESIGN_DETAIL_LIMITS.tagMin}-${DESIGN_DETAIL_LIMITS.tagMax} characters`,
  tagCharacters: "Tags use letters, digits, spaces and - only",
  tagDuplicate: "This tag is already added",
  tooManyTags: `Add at most ${DESIGN_DETAIL_LIMITS.tagsMax} tags`,
  tagsRequired: "Add at least one tag so shoppers can find the design",
  colorsRequired: "Offer at least one colour",
  defaultColorNotOffered: "The default colour must be one of the colours offered",
  productsRequired: "Offer at least one product",
  artworkRequired: "Upload the artwork first",
  resolutionBlocked: "The artwork is under 150 DPI at this size: make it smaller or upload a larger file",
} as const;

/** A tag as stored: trimmed, lower case, inner white space collapsed. */
export function normaliseTag(tag: string): string {
  return tag.trim().toLowerCase().replace(/\s+/g, " ");
}

const tagSchema = textSchema({ maxLength: 100 })
  .transform(normaliseTag)
  .pipe(
    z
      .string()
      .min(DESIGN_DETAIL_LIMITS.tagMin, DESIGN_DETAIL_MESSAGES.tagLength)
      .max(DESIGN_DETAIL_LIMITS.tagMax, DESIGN_DETAIL_MESSAGES.tagLength)
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, DESIGN_DETAIL_MESSAGES.tagCharacters),
  );

export const designDetailsSchema = z.strictObject({
  title: textSchema({ maxLength: 200, trim: true })
    .min(DESIGN_DETAIL_LIMITS.titleMin, DESIGN_DETAIL_MESSAGES.titleTooShort)
    .max(DESIGN_DETAIL_LIMITS.titleMax, DESIGN_DETAIL_MESSAGES.titleTooLong),
  description: textSchema({
    maxLength: DESIGN_DETAIL_LIMITS.description,
    trim: true,
    tooLong: DESIGN_DETAIL_MESSAGES.descriptionTooLong,
  }).default(""),
  tags: z
    .array(tagSchema)
    .min(1, DESIGN_DETAIL_MESSAGES.tagsRequired)
    .max(DESIGN_DETAIL_LIMITS.tagsMax, DESIGN_DETAIL_MESSAGES.tooManyTags)
    .refine((tags) => new Set(tags).size === tags.length, DESIGN_DETAIL_MESSAGES.tagDuplicate),
});
export type DesignDetails = z.infer<typeof designDetailsSchema>;

const productColorSchema = z.enum(PRODUCT_COLORS as unknown as [ProductColor, ...ProductColor[]]);

/** One offered garment style and its price (whole cents). */
export const offeredProductSchema = z.strictObject({
  garmentStyleKey: textSchema({ maxLength: 40 }),
  priceCents: z.number().int().positive().max(MAX_PRICE_CENTS),
});

/**
 * Everything the designer collects, each part optional until publishing: a draft is saved after every step
 * with the parts known so far (PATCH merges the parts sent).
 */
export const designDraftDataSchema = z.strictObject({
  /** A `ready` artwork upload of the caller. */
  artworkUploadId: uuidSchema("artwork_upload_id").optional(),
  /** Per garment (`STUDIO_GARMENTS`); missing garments use `defaultPlacement`. */
  placements: z.partialRecord(z.enum(STUDIO_GARMENTS), placementSchema).optional(),
  offeredColors: z.array(productColorSchema).min(1, DESIGN_DETAIL_MESSAGES.colorsRequired).max(19).optional(),
  defaultColor: productColorSchema.optional(),
  products: z.array(offeredProductSchema).min(1, DESIGN_DETAIL_MESSAGES.productsRequired).max(20).optional(),
  /** The style shown first (its variant becomes the default variant). */
  defaultGarmentStyleKey: textSchema({ maxLength: 40 }).optional(),
  title: textSchema({ maxLength: 200 }).optional(),
  description: textSchema({ maxLength: DESIGN_DETAIL_LIMITS.description }).optional(),
  tags: z
    .array(textSchema({ maxLength: 100 }))
    .max(DESIGN_DETAIL_LIMITS.tagsMax)
    .optional(),
});
export type DesignDraftData = z.infer<typeof designDraftDataSchema>;

export const saveDesignDraftBodySchema = z.strictObject({
  designDraft: z.strictObject({
    step: z.enum(DESIGNER_STEPS),
    data: designDraftDataSchema,
  }),
});

/** PATCH a live design in the product editor: the same parts; a new artwork upload replaces the artwork. */
export const updateSellerDesignBodySchema = z.strictObject({ sellerDesign: designDraftDataSchema });

/** The spec's deactivation call: payload `uuid`. Reactivation takes the same body. */
export const designUuidBodySchema = z.strictObject({ uuid: uuidSchema("uuid") });

/** `taken_down`: an operator took the design down (issue 28); only an operator brings it back. */
export const DESIGN_STUDIO_STATUSES = ["live", "draft", "deactivated", "taken_down"] as const;
export type DesignStudioStatus = (typeof DESIGN_STUDIO_STATUSES)[number];
export const DESIGN_STUDIO_STATUS_NAMES: Record<DesignStudioStatus, string> = {
  live: "Live",
  draft: "Draft",
  deactivated: "Deactivated",
  taken_down: "Taken down",
};

/** The generic confirm dialog's texts on My Designs (spec section 2). */
export const DEACTIVATE_DESIGN_DIALOG = { cancel: "Cancel", confirm: "Deactivate Design" } as const;

// ---------------------------------------------------------------------------------------------------------
// Storefront collections.

export const STOREFRONT_COLLECTION_LIMITS = { name: 60, designs: 200, collections: 30 } as const;
export const STOREFRONT_COLLECTION_MESSAGES = {
  nameRequired: "Name the collection",
  nameTaken: "You already have a collection with this name",
  tooMany: `A storefront has at most ${STOREFRONT_COLLECTION_LIMITS.collections} collections`,
} as const;

export const storefrontCollectionBodySchema = z.strictObject({
  storefrontCollection: z.strictObject({
    name: textSchema({ maxLength: STOREFRONT_COLLECTION_LIMITS.name, trim: true }).min(
      1,
      STOREFRONT_COLLECTION_MESSAGES.nameRequired,
    ),
    /** The designs in order (uuids of the artist's own designs). */
    designUuids: z.array(uuidSchema("design_uuids")).max(STOREFRONT_COLLECTION_LIMITS.designs),
    /** Where the section sits on the storefront (0 first); absent puts a new one last. */
    position: z.number().int().min(0).max(1000).optional(),
  }),
});
export const updateStorefrontCollectionBodySchema = z.strictObject({
  storefrontCollection: storefrontCollectionBodySchema.shape.storefrontCollection.partial(),
});

// ---------------------------------------------------------------------------------------------------------
// Sales.

export const SALES_PERIODS = ["this_month", "last_30_days", "all_time"] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];
export const SALES_PERIOD_NAMES: Record<SalesPeriod, string> = {
  this_month: "This month",
  last_30_days: "Last 30 days",
  all_time: "All time",
};
/** Earnings become available to pay out once the refund window of the order has passed. */
export const REFUND_WINDOW_DAYS = 30;
/**
 * Earnings become available to pay out this many days after the order is delivered (issue 27): the hold that
 * covers a shopper's claim on what arrived (damaged, misprinted), counted from delivery, not from payment.
 */
export const EARNINGS_HOLD_DAYS_AFTER_DELIVERY = 14;

export const salesQuerySchema = z.strictObject({
  period: z.enum(SALES_PERIODS).default("all_time"),
  designUuid: uuidSchema("design_uuid").optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
