import type { ErrorDetail } from "@threadfolk/contract/errors";
import {
  clampPlacement,
  DESIGN_DETAIL_MESSAGES,
  type DesignDraftData,
  defaultPlacement,
  GARMENT_OF_STYLE,
  type Placement,
  placementSchema,
  priceProblem,
  printResolutionCheck,
  STUDIO_GARMENTS,
  type StudioGarment,
} from "@threadfolk/contract/studio";
import { asc } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { garmentStyles } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UserActor } from "../../lib/authorize.ts";
import { loadReadyUpload, type ReadyUpload } from "../uploads/ready-upload.ts";

/**
 * The checks every write of the designer's parts runs (a draft's step, a publish, the product editor), beyond
 * what the contract's schema can know: the artwork is the caller's ready upload, placements stay inside the
 * print area of that artwork, the default colour is offered, each product is a garment style we print at a
 * price `priceProblem` accepts. Field names are the client's (snake_case, under `prefix`).
 */

export type GarmentStyleRow = typeof garmentStyles.$inferSelect;

export const STUDIO_MESSAGES = {
  unknownStyle: "Choose one of the garment styles we print",
  duplicateStyle: "Each garment style is offered once",
  defaultStyleNotOffered: "The style shown first must be one of the products offered",
  alreadyPublished: "This draft is already published",
} as const;

export async function loadGarmentStyles(db: Database): Promise<GarmentStyleRow[]> {
  return db.select().from(garmentStyles).orderBy(asc(garmentStyles.position), asc(garmentStyles.id));
}

/** The drawing a style is pictured on (an unknown style on the unisex tee, as discovery does). */
export function garmentOfStyle(styleKey: string): StudioGarment {
  return GARMENT_OF_STYLE[styleKey] ?? "tee";
}

/** Stored placements, read back safely (anything malformed counts as absent: the default applies). */
export function readPlacements(value: unknown): Partial<Record<StudioGarment, Placement>> {
  const result: Partial<Record<StudioGarment, Placement>> = {};
  if (!value || typeof value !== "object") return result;
  for (const garment of STUDIO_GARMENTS) {
    const parsed = placementSchema.safeParse((value as Record<string, unknown>)[garment]);
    if (parsed.success) result[garment] = parsed.data;
  }
  return result;
}

/** Placements kept inside the print area for an artwork of this aspect (width / height). */
export function clampPlacements(
  placements: Partial<Record<StudioGarment, Placement>>,
  aspect: number,
): Partial<Record<StudioGarment, Placement>> {
  const result: Partial<Record<StudioGarment, Placement>> = {};
  for (const garment of STUDIO_GARMENTS) {
    const placement = placements[garment];
    if (placement) result[garment] = clampPlacement(garment, aspect, placement);
  }
  return result;
}

export function validationError(details: ErrorDetail[]): AppError {
  return new AppError("validation_failed", details[0]?.message ?? "The request body is invalid", details);
}

export type CheckedParts = { data: DesignDraftData; artwork: ReadyUpload | undefined };

/**
 * Checks and normalises the parts of `data` that are present (colours de-duplicated, placements clamped);
 * throws one 422 naming every failing field. `artwork` is the ready upload when `data` names one.
 */
export async function checkDesignParts(options: {
  db: Database;
  actor: UserActor;
  data: DesignDraftData;
  styles: GarmentStyleRow[];
  prefix: string;
  /** The artwork's pixel size when `data` names no upload but the design already has one (the editor). */
  currentArtwork?: { width: number; height: number };
}): Promise<CheckedParts> {
  const { db, actor, styles, prefix } = options;
  const data: DesignDraftData = { ...options.data };
  const details: ErrorDetail[] = [];
  const artwork = data.artworkUploadId
    ? await loadReadyUpload(db, {
        userId: actor.userId,
        uploadId: data.artworkUploadId,
        purpose: "artwork",
        field: `${prefix}artwork_upload_id`,
      })
    : undefined;
  const size = artwork ?? options.currentArtwork;
  if (data.placements && size) data.placements = clampPlacements(data.placements, size.width / size.height);
  if (data.offeredColors) data.offeredColors = [...new Set(data.offeredColors)];
  if (data.defaultColor && data.offeredColors && !data.offeredColors.includes(data.defaultColor)) {
    details.push({ field: `${prefix}default_color`, message: DESIGN_DETAIL_MESSAGES.defaultColorNotOffered });
  }
  const byKey = new Map(styles.map((style) => [style.key, style]));
  if (data.products) {
    const seen = new Set<string>();
    data.products.forEach((product, index) => {
      const style = byKey.get(product.garmentStyleKey);
      if (!style) {
        details.push({ field: `${prefix}products.${index}.garment_style_key`, message: STUDIO_MESSAGES.unknownStyle });
        return;
      }
      if (seen.has(style.key)) {
        details.push({
          field: `${prefix}products.${index}.garment_style_key`,
          message: STUDIO_MESSAGES.duplicateStyle,
        });
      }
      seen.add(style.key);
      const problem = priceProblem(product.priceCents, style.baseCostCents);
      if (problem) details.push({ field: `${prefix}products.${index}.price_cents`, message: problem });
    });
  }
  if (data.defaultGarmentStyleKey !== undefined) {
    const offered = data.products
      ? data.products.some((product) => product.garmentStyleKey === data.defaultGarmentStyleKey)
      : byKey.has(data.defaultGarmentStyleKey);
    if (!offered) {
      details.push({ field: `${prefix}default_garment_style_key`, message: STUDIO_MESSAGES.defaultStyleNotOffered });
    }
  }
  if (details.length > 0) throw validationError(details);
  return { data, artwork };
}

/**
 * The print resolution refusals of a complete design: one detail per offered garment whose placement prints
 * the artwork under 150 DPI.
 */
export function resolutionProblems(options: {
  artwork: { width: number; height: number };
  garments: StudioGarment[];
  placements: Partial<Record<StudioGarment, Placement>>;
  prefix: string;
}): ErrorDetail[] {
  const { artwork, garments, placements, prefix } = options;
  const aspect = artwork.width / artwork.height;
  return garments.flatMap((garment) => {
    const placement = placements[garment] ?? defaultPlacement(garment, aspect);
    const check = printResolutionCheck({
      garment,
      artworkWidth: artwork.width,
      artworkHeight: artwork.height,
      scale: clampPlacement(garment, aspect, placement).scale,
    });
    return check.quality === "blocked"
      ? [{ field: `${prefix}placements.${garment}`, message: DESIGN_DETAIL_MESSAGES.resolutionBlocked }]
      : [];
  });
}
