import { PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import {
  clampPlacement,
  DESIGN_DETAIL_MESSAGES,
  DESIGNER_STEPS,
  type DesignDraftData,
  type DesignerStep,
  defaultPlacement,
  designDetailsSchema,
  type Placement,
  priceProblem,
  printResolutionCheck,
  type StudioGarment,
} from "@threadfolk/contract/studio";
import type { DesignDraft, GarmentStyle, SellerDesign } from "./api/types.ts";

/**
 * The designer's state and its rules, pure: what each step saves, what keeps the artist on a step, and how a
 * draft or a live design becomes the state the steps edit. The wizard and the editor share it.
 */

export type DesignerArtwork = {
  /** The upload the artwork came from (absent for a live design's current artwork). */
  uploadId?: string;
  width: number;
  height: number;
  hasTransparency: boolean | null;
  opaqueBackground: boolean | null;
  /** Where the browser reads the clean picture (a short-lived signed URL). */
  url: string;
};

export type DesignerState = { data: DesignDraftData; artwork: DesignerArtwork | undefined };

export const EMPTY_DESIGNER_STATE: DesignerState = { data: {}, artwork: undefined };

/** A new product's price until the artist sets one: the base cost plus this margin. */
export const SUGGESTED_MARGIN_CENTS = 1000;

export function artworkAspect(artwork: DesignerArtwork): number {
  return artwork.width / artwork.height;
}

/** The placement on a garment: the artist's, or the default one (as large as fits, centred, from the top). */
export function placementOf(data: DesignDraftData, garment: StudioGarment, aspect: number): Placement {
  const saved = data.placements?.[garment];
  return saved ? clampPlacement(garment, aspect, saved) : defaultPlacement(garment, aspect);
}

/** The garments the styles use, in the styles' order, each once. */
export function garmentsOf(styles: readonly GarmentStyle[]): StudioGarment[] {
  return [...new Set(styles.map((style) => style.attributes.garment))];
}

export function offeredColorsOf(data: DesignDraftData): ProductColor[] {
  return data.offeredColors ?? [...PRODUCT_COLORS];
}

export function defaultColorOf(data: DesignDraftData): ProductColor {
  const offered = offeredColorsOf(data);
  return data.defaultColor && offered.includes(data.defaultColor) ? data.defaultColor : (offered[0] ?? "white");
}

/** The parts of the draft a step saves. */
export function partsOfStep(
  step: DesignerStep,
  state: DesignerState,
  styles: readonly GarmentStyle[],
): DesignDraftData {
  const { data, artwork } = state;
  switch (step) {
    case "artwork":
      return artwork?.uploadId ? { artworkUploadId: artwork.uploadId } : {};
    case "placement": {
      if (!artwork) return {};
      const aspect = artworkAspect(artwork);
      const placements: Partial<Record<StudioGarment, Placement>> = {};
      for (const garment of garmentsOf(styles)) placements[garment] = placementOf(data, garment, aspect);
      return { placements };
    }
    case "colors":
      return { offeredColors: offeredColorsOf(data), defaultColor: defaultColorOf(data) };
    case "products":
      return {
        ...(data.products ? { products: data.products } : {}),
        ...(data.defaultGarmentStyleKey ? { defaultGarmentStyleKey: data.defaultGarmentStyleKey } : {}),
      };
    case "details":
      return { title: data.title ?? "", description: data.description ?? "", tags: data.tags ?? [] };
    case "publish":
      return {};
  }
}

/** The resolution check of every garment the styles use, at the artwork's placement there. */
export function resolutionChecks(state: DesignerState, styles: readonly GarmentStyle[]) {
  const { artwork } = state;
  if (!artwork) return [];
  return garmentsOf(styles).map((garment) => ({
    garment,
    check: printResolutionCheck({
      garment,
      artworkWidth: artwork.width,
      artworkHeight: artwork.height,
      scale: placementOf(state.data, garment, artworkAspect(artwork)).scale,
    }),
  }));
}

/** Messages of the details' rules, by field (`title`, `description`, `tags`). */
export function detailProblems(data: DesignDraftData): Partial<Record<"title" | "description" | "tags", string>> {
  const result = designDetailsSchema.safeParse({
    title: data.title ?? "",
    description: data.description ?? "",
    tags: data.tags ?? [],
  });
  if (result.success) return {};
  const problems: Partial<Record<"title" | "description" | "tags", string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "title" || field === "description" || field === "tags") && !problems[field]) {
      problems[field] = issue.message;
    }
  }
  return problems;
}

/** Why the artist cannot leave `step` yet (empty when they can). */
export function stepProblems(step: DesignerStep, state: DesignerState, styles: readonly GarmentStyle[]): string[] {
  const { data, artwork } = state;
  switch (step) {
    case "artwork":
      return artwork ? [] : [DESIGN_DETAIL_MESSAGES.artworkRequired];
    case "placement": {
      if (!artwork) return [DESIGN_DETAIL_MESSAGES.artworkRequired];
      const offeredGarments = new Set(
        (data.products ?? []).length > 0
          ? styles
              .filter((style) => data.products?.some((product) => product.garmentStyleKey === style.attributes.key))
              .map((style) => style.attributes.garment)
          : garmentsOf(styles),
      );
      const blocked = resolutionChecks(state, styles).some(
        ({ garment, check }) => offeredGarments.has(garment) && check.quality === "blocked",
      );
      return blocked ? [DESIGN_DETAIL_MESSAGES.resolutionBlocked] : [];
    }
    case "colors": {
      const offered = offeredColorsOf(data);
      if (offered.length === 0) return [DESIGN_DETAIL_MESSAGES.colorsRequired];
      return data.defaultColor && !offered.includes(data.defaultColor)
        ? [DESIGN_DETAIL_MESSAGES.defaultColorNotOffered]
        : [];
    }
    case "products": {
      const products = data.products ?? [];
      if (products.length === 0) return [DESIGN_DETAIL_MESSAGES.productsRequired];
      const problems: string[] = [];
      for (const product of products) {
        const style = styles.find((candidate) => candidate.attributes.key === product.garmentStyleKey);
        const problem = style ? priceProblem(product.priceCents, style.attributes.baseCostCents) : undefined;
        if (problem && !problems.includes(problem)) problems.push(problem);
      }
      return problems;
    }
    case "details":
      return Object.values(detailProblems(data));
    case "publish":
      return DESIGNER_STEPS.slice(0, -1).flatMap((earlier) => stepProblems(earlier, state, styles));
  }
}

/** The first step with a problem (where a publish refusal or a resumed draft sends the artist). */
export function firstIncompleteStep(state: DesignerState, styles: readonly GarmentStyle[]): DesignerStep {
  return DESIGNER_STEPS.find((step) => step !== "publish" && stepProblems(step, state, styles).length > 0) ?? "publish";
}

export function stateOfDraft(draft: DesignDraft): DesignerState {
  const { data, artwork } = draft.attributes;
  return {
    data,
    artwork: artwork
      ? {
          uploadId: artwork.uploadId,
          width: artwork.width,
          height: artwork.height,
          hasTransparency: artwork.hasTransparency,
          opaqueBackground: artwork.opaqueBackground,
          url: artwork.previewUrl,
        }
      : undefined,
  };
}

/** A live design as the editor's state (its artwork is the current one until a new upload replaces it). */
export function stateOfDesign(design: SellerDesign): DesignerState {
  const attributes = design.attributes;
  const { width, height, url } = attributes.artwork;
  return {
    data: {
      placements: attributes.placements,
      offeredColors: attributes.offeredColors,
      defaultColor: attributes.defaultColor,
      products: attributes.products
        .filter((product) => product.offered)
        .map((product) => ({ garmentStyleKey: product.garmentStyleKey, priceCents: product.priceCents })),
      defaultGarmentStyleKey: attributes.defaultGarmentStyleKey,
      title: attributes.displayName,
      description: attributes.description,
      tags: attributes.tags,
    },
    artwork: width && height ? { width, height, hasTransparency: null, opaqueBackground: null, url } : undefined,
  };
}
