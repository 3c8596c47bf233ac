import { z } from "zod";
import { designCardSchema } from "./api-replies.ts";
import type { DesignCard } from "./discovery-constants.ts";
import { uuidSchema } from "./ids.ts";
import { PLACED_ORDER_STATES, type PlacedOrderState } from "./orders.ts";
import { DESIGN_STUDIO_STATUSES, SALES_PERIODS } from "./studio.ts";
import { textSchema } from "./text.ts";

/**
 * The studio's My Designs, design deactivation, storefront collections and Sales replies (issue 14, decision
 * 038). Request schemas are in `studio.ts` (designUuidBodySchema, storefrontCollectionBodySchema,
 * updateStorefrontCollectionBodySchema, salesQuerySchema); the paths are `STUDIO_API`. camelCase here, snake_case
 * on the wire.
 */

const replyText = () => textSchema({ maxLength: 4096 });
const pageMetaSchema = z.object({
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  totalCount: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
});

/** Rows per page of My Designs and of Sales. */
export const MY_DESIGNS_PAGE_SIZE = 24;
export const SALES_PAGE_SIZE = 50;

/** `GET /seller_designs?status=`: which designs My Designs lists (all by default). */
export const MY_DESIGNS_FILTERS = [...DESIGN_STUDIO_STATUSES, "all"] as const;
export type MyDesignsFilter = (typeof MY_DESIGNS_FILTERS)[number];
export const myDesignsQuerySchema = z.strictObject({
  status: z
    .enum(MY_DESIGNS_FILTERS, { error: `status must be one of ${MY_DESIGNS_FILTERS.join(", ")}` })
    .default("all"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** One entry of My Designs: a published design (live or deactivated) or an unpublished draft. */
export const myDesignSchema = z.object({
  /** The design's uuid, or the draft's id. */
  id: replyText(),
  type: z.enum(["sellerDesign", "designDraft"]),
  attributes: z.object({
    status: z.enum(DESIGN_STUDIO_STATUSES),
    displayName: replyText(),
    slug: replyText().nullable(),
    /** The watermarked default mockup (designs), the artwork's preview (drafts with an artwork), else null. */
    imageUrl: replyText().nullable(),
    /** The default variant's price, formatted ("$24.99"), and in cents; null for drafts. */
    price: replyText().nullable(),
    priceCents: z.number().int().nullable(),
    defaultColor: replyText().nullable(),
    updatedAt: replyText(),
    /** `/design/{uuid}/{slug}/{defaultColor}`; null for drafts. */
    designPath: replyText().nullable(),
    /** The shop's design card (deactivated designs too, for the studio only); null for drafts. */
    card: designCardSchema.nullable(),
  }),
});
export type MyDesign = z.infer<typeof myDesignSchema>;

export const myDesignsResponseSchema = z.object({ data: z.array(myDesignSchema), meta: pageMetaSchema });
export type MyDesignsResponse = z.infer<typeof myDesignsResponseSchema>;
/** `POST /seller_designs/deactivate` and `/reactivate`. */
export const myDesignResponseSchema = z.object({ data: myDesignSchema });
export type MyDesignResponse = z.infer<typeof myDesignResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Storefront collections.

export const storefrontCollectionSchema = z.object({
  id: replyText(),
  type: z.literal("storefrontCollection"),
  attributes: z.object({
    name: replyText(),
    position: z.number().int(),
    /** In order; every one of the artist's designs, deactivated ones included (the storefront shows live ones). */
    designUuids: z.array(replyText()),
  }),
});
export type StorefrontCollection = z.infer<typeof storefrontCollectionSchema>;
export const storefrontCollectionResponseSchema = z.object({ data: storefrontCollectionSchema });
export const storefrontCollectionsResponseSchema = z.object({ data: z.array(storefrontCollectionSchema) });
export type StorefrontCollectionsResponse = z.infer<typeof storefrontCollectionsResponseSchema>;

/** A section of the public storefront (`GET /artists/{key}` gains `collections`): live designs only, in order. */
export type StorefrontSection = { id: string; name: string; designs: DesignCard[] };

// ---------------------------------------------------------------------------------------------------------
// Sales.

export const SALE_PAYOUT_STATES = ["pending", "available", "reversed"] as const;
export type SalePayoutState = (typeof SALE_PAYOUT_STATES)[number];
export const SALE_PAYOUT_NAMES: Record<SalePayoutState, string> = {
  pending: "Pending",
  available: "Available",
  reversed: "Refunded",
};

/** One sold line of the ledger (its sale entry, with its reversal netted in). */
export const saleSchema = z.object({
  /** The sale entry's id. */
  id: replyText(),
  type: z.literal("sale"),
  attributes: z.object({
    /** When the order was paid. */
    soldAt: replyText(),
    orderNumber: replyText(),
    designUuid: replyText(),
    designName: replyText(),
    /** "Men's T-Shirt". */
    garmentStyle: replyText(),
    size: replyText(),
    color: replyText(),
    quantity: z.number().int(),
    orderState: z.enum(PLACED_ORDER_STATES as [PlacedOrderState, ...PlacedOrderState[]]),
    /** The artist's earnings on the line, net of its reversal (0 once refunded). */
    earningsCents: z.number().int(),
    earnings: replyText(),
    payout: z.enum(SALE_PAYOUT_STATES),
  }),
});
export type Sale = z.infer<typeof saleSchema>;
export const salesResponseSchema = z.object({ data: z.array(saleSchema), meta: pageMetaSchema });
export type SalesResponse = z.infer<typeof salesResponseSchema>;

/** `GET /seller_sales/summary?design_uuid=`. */
export const salesSummaryQuerySchema = z.strictObject({ designUuid: uuidSchema("design_uuid").optional() });

export const salesSummarySchema = z.object({
  totals: z.object({
    thisMonthCents: z.number().int(),
    last30DaysCents: z.number().int(),
    allTimeCents: z.number().int(),
    /** Earned in orders paid less than REFUND_WINDOW_DAYS ago. */
    pendingCents: z.number().int(),
    /** Earned in orders paid at least REFUND_WINDOW_DAYS ago, net of reversals. */
    availableCents: z.number().int(),
  }),
  /** Net earnings per day (UTC), every day from the first sale to today, oldest first; empty without sales. */
  series: z.array(z.object({ date: replyText(), earningsCents: z.number().int() })),
  /** The designs with sales, for the filter, by name. */
  designs: z.array(z.object({ uuid: replyText(), displayName: replyText() })),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;
export const salesSummaryResponseSchema = z.object({ data: salesSummarySchema });
export type SalesSummaryResponse = z.infer<typeof salesSummaryResponseSchema>;

/** The CSV export's query: the list's filters without the page. */
export const salesCsvQuerySchema = z.strictObject({
  period: z.enum(SALES_PERIODS).default("all_time"),
  designUuid: uuidSchema("design_uuid").optional(),
});

/** The CSV export's columns, in order. */
export const SALES_CSV_COLUMNS = [
  "Date",
  "Order",
  "Design",
  "Garment style",
  "Size",
  "Color",
  "Quantity",
  "Order status",
  "Earnings (USD)",
  "Payout",
] as const;
