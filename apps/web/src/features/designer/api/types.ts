import type { ProductColor } from "@threadfolk/contract/colors";
import type {
  DesignDraftData,
  DesignerStep,
  Placement,
  StudioGarment,
  UploadStatus,
} from "@threadfolk/contract/studio";

/**
 * The wire shapes the designer reads (camelCase, as the API client hands them over), as agreed for issue 14
 * (decision 037 owns them on the server).
 */

export type GarmentStyle = {
  id: string;
  type: "garmentStyle";
  attributes: {
    key: string;
    displayName: string;
    fit: string;
    baseCostCents: number;
    colors: ProductColor[];
    garment: StudioGarment;
    position: number;
  };
};

export type DraftArtwork = {
  uploadId: string;
  width: number;
  height: number;
  hasTransparency: boolean;
  opaqueBackground: boolean;
  previewUrl: string;
};

export type DesignDraft = {
  id: string;
  type: "designDraft";
  attributes: {
    step: DesignerStep;
    data: DesignDraftData;
    updatedAt: string;
    createdAt: string;
    artwork: DraftArtwork | null;
  };
};

export type SellerDesignProduct = {
  garmentStyleKey: string;
  displayName: string;
  fit: string;
  baseCostCents: number;
  priceCents: number;
  offered: boolean;
  sellerDesignProductVariantId: number;
};

export type SellerDesign = {
  id: string;
  type: "sellerDesign";
  attributes: {
    slug: string;
    displayName: string;
    description: string;
    tags: string[];
    status: "live" | "deactivated" | "taken_down";
    defaultColor: ProductColor;
    offeredColors: ProductColor[];
    placements: Partial<Record<StudioGarment, Placement>>;
    defaultGarmentStyleKey: string;
    products: SellerDesignProduct[];
    artwork: { width: number | null; height: number | null; url: string };
    artworkVersion: number;
    imageUrl: string;
    designPath: string;
    publishedAt: string | null;
    updatedAt: string;
  };
};

export type DesignRenders = {
  id: string;
  type: "designRenders";
  attributes: {
    done: number;
    total: number;
    defaultReady: boolean;
    complete: boolean;
    /** Rendering stopped for good, and what the artist reads (decision 064). */
    failureCode: "too_complex" | "failed" | null;
    failureMessage: string | null;
  };
};

export type { UploadStatus };
