import type { DesignCard } from "@threadfolk/contract/discovery-constants";
import type { PlacedOrderState } from "@threadfolk/contract/orders";

/**
 * The studio replies the screens read, as agreed for issue 14 (camelCase, as the API client hands them over).
 * Types only: the API's own contract files (studio-profile.ts, studio-sales.ts) hold the zod schemas of the same
 * shapes, and the screens do not re-validate replies, so no validation library is downloaded for them.
 */

export type PageMeta = { page: number; perPage: number; totalCount: number; totalPages: number };

/** `GET/POST/PATCH /api/v1/seller_profile`. */
export type SellerProfile = {
  /** The seller profile's uuid (the `{uuid}` of the storefront path). */
  id: string;
  type: "sellerProfile";
  attributes: {
    displayName: string;
    uniqueUsername: string;
    bio: string;
    avatarUrl: string | null;
    bannerUrl: string | null;
    termsAcceptedAt: string | null;
    /** `/artist/{uniqueUsername}/{uuid}`. */
    storefrontPath: string;
  };
};

export type MyDesignStatus = "live" | "draft" | "deactivated";

/** One entry of My Designs: a published design (live or deactivated) or an unpublished draft. */
export type MyDesign = {
  /** The design's uuid, or the draft's id. */
  id: string;
  type: "sellerDesign" | "designDraft";
  attributes: {
    status: MyDesignStatus;
    displayName: string;
    slug: string | null;
    imageUrl: string | null;
    price: string | null;
    priceCents: number | null;
    defaultColor: string | null;
    updatedAt: string;
    designPath: string | null;
    /** The shop's design card; null for drafts. */
    card: DesignCard | null;
  };
};
export type MyDesignsResponse = { data: MyDesign[]; meta: PageMeta };

export type StorefrontCollection = {
  id: string;
  type: "storefrontCollection";
  attributes: { name: string; position: number; designUuids: string[] };
};

/** A section of the public storefront: live designs only, in order. */
export type StorefrontSection = { id: string; name: string; designs: DesignCard[] };

export type SalePayout = "pending" | "available" | "reversed";

export type Sale = {
  id: string;
  type: "sale";
  attributes: {
    soldAt: string;
    orderNumber: string;
    designUuid: string;
    designName: string;
    garmentStyle: string;
    size: string;
    color: string;
    quantity: number;
    orderState: PlacedOrderState;
    earningsCents: number;
    earnings: string;
    payout: SalePayout;
  };
};
export type SalesResponse = { data: Sale[]; meta: PageMeta };

export type SalesSummary = {
  totals: {
    thisMonthCents: number;
    last30DaysCents: number;
    allTimeCents: number;
    pendingCents: number;
    availableCents: number;
  };
  /** Net earnings per day (UTC), from the first sale to today, oldest first. */
  series: Array<{ date: string; earningsCents: number }>;
  /** The designs with sales, for the filter. */
  designs: Array<{ uuid: string; displayName: string }>;
};
