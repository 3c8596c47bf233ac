import { PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import { type DesignRenders, RENDER_FAILURES, type RenderFailureCode } from "@threadfolk/contract/studio-designs";
import { and, eq } from "drizzle-orm";
import type { MediaStorage } from "../../adapters/storage/storage.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { designs, garmentStyles, jobs, sellerDesignProductVariants } from "../../db/schema/index.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { HeavyWorkLimitError } from "../../lib/heavy-pool.ts";
import { artworkKey, GARMENTS, type Garment, MOCKUP_WIDTHS, mockupStorageKey } from "../media/media-keys.ts";
import type { MediaRenderer } from "../media/media-renderer.ts";
import { type GarmentPlacements, renderDesignMockups } from "../media/render-design-mockups.ts";
import { garmentOfStyle, readPlacements } from "./design-parts.ts";

/**
 * The mockups of a published design (decision 037): every offered colour on every offered style's garment, at
 * every width, plain and watermarked, rendered by the `render_design_mockups` job at one artwork version.
 *
 * Freshness: the rendition keys carry no version, so a change of the artwork or a placement (which bumps
 * `artwork_version`, the `v` of the signed URLs) deletes every rendition of the design (`forgetDesignRenditions`,
 * by the editor right after its commit and again by the job before it renders); a lazy render that overlapped
 * the change is served but not stored (get-media-object.ts). A job whose version has moved on stops.
 *
 * Progress: the job keeps `{done, total, defaultReady}` in its own `result` as each garment x colour set is
 * stored, found again by its dedupe key `{designId}:{artworkVersion}`.
 */

export function renderJobKey(designId: string, artworkVersion: number): string {
  return `${designId}:${artworkVersion}`;
}

type RenderPlan = {
  version: number;
  /** Offered garments, the default style's first. */
  garments: Garment[];
  /** Offered colours, the default first. */
  colors: ProductColor[];
  placements: GarmentPlacements;
};

/** What the design offers now, in render order; undefined for an unknown design. */
export async function findRenderPlan(db: Database, designId: string): Promise<RenderPlan | undefined> {
  const [design] = await db.select().from(designs).where(eq(designs.id, designId)).limit(1);
  if (!design) return undefined;
  const variants = await db
    .select({ key: garmentStyles.key, isDefault: sellerDesignProductVariants.isDefault })
    .from(sellerDesignProductVariants)
    .innerJoin(garmentStyles, eq(garmentStyles.id, sellerDesignProductVariants.garmentStyleId))
    .where(and(eq(sellerDesignProductVariants.designId, designId), eq(sellerDesignProductVariants.offered, true)));
  const ordered = [...variants].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const garments = [...new Set(ordered.map((variant) => garmentOfStyle(variant.key) as Garment))];
  const offered = design.offeredColors.filter((color): color is ProductColor =>
    (PRODUCT_COLORS as readonly string[]).includes(color),
  );
  const defaultColor = design.defaultColor as ProductColor;
  const colors = [defaultColor, ...offered.filter((color) => color !== defaultColor)];
  return { version: design.artworkVersion, garments, colors, placements: readPlacements(design.placements) };
}

/**
 * Deletes every stored mockup of a design at the current render version (every garment, colour, width, plain
 * and watermarked). Renditions of an older render version are never served (media-keys.ts), so they are left.
 */
export async function forgetDesignRenditions(storage: MediaStorage, designUuid: string): Promise<void> {
  const keys: string[] = [];
  for (const garment of GARMENTS) {
    for (const color of PRODUCT_COLORS) {
      for (const width of MOCKUP_WIDTHS) {
        for (const variant of ["mockups", "watermarked"] as const) {
          keys.push(mockupStorageKey({ designUuid, variant, garment, color, width }));
        }
      }
    }
  }
  for (let start = 0; start < keys.length; start += 50) {
    await Promise.all(keys.slice(start, start + 50).map((key) => storage.delete(key)));
  }
}

type Progress = { done: number; total: number; defaultReady: boolean };
/** The job's `result`: its progress, and `failure` once a render broke a heavy work limit. */
type RenderJobResult = Partial<Progress> & { failure?: RenderFailureCode };

async function currentVersion(db: Database, designId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ version: designs.artworkVersion })
    .from(designs)
    .where(eq(designs.id, designId))
    .limit(1);
  return row?.version;
}

/**
 * Renders a design's mockups at `artworkVersion`, reporting progress as each garment x colour set is stored.
 * `renderer` draws them (the server's in the heavy work pool: a render past its limit rejects for good).
 */
export async function renderPublishedDesign(options: {
  db: Database;
  storage: MediaStorage;
  renderer: MediaRenderer;
  brandName: string;
  designId: string;
  artworkVersion: number;
  onProgress?: (progress: Progress) => Promise<void> | void;
}): Promise<Progress & { skipped?: string }> {
  const { db, storage, renderer, brandName, designId, artworkVersion, onProgress } = options;
  const plan = await findRenderPlan(db, designId);
  if (!plan) return { done: 0, total: 0, defaultReady: false, skipped: "design not found" };
  if (plan.version !== artworkVersion) return { done: 0, total: 0, defaultReady: false, skipped: "version moved on" };
  const [firstGarment] = plan.garments;
  const [defaultColor] = plan.colors;
  const progress: Progress = { done: 0, total: plan.garments.length * plan.colors.length, defaultReady: false };
  if (!firstGarment || !defaultColor) return { ...progress, defaultReady: true };
  // Nothing older than the first version exists; later versions clear what the previous one left.
  if (artworkVersion > 1) await forgetDesignRenditions(storage, designId);
  const source = await storage.get(artworkKey(designId));
  if (!source) throw new Error(`design ${designId} has no artwork`);
  const artwork = await renderer.workingCopy(source.body);
  const onColorStored = async (garment: Garment, color: ProductColor) => {
    progress.done++;
    if (garment === firstGarment && color === defaultColor) progress.defaultReady = true;
    await onProgress?.({ ...progress });
  };
  const render = (garment: Garment, colors: ProductColor[]) =>
    renderDesignMockups({
      designUuid: designId,
      storage,
      brandName,
      garments: [garment],
      colors,
      placements: plan.placements,
      artwork,
      renderSet: renderer.mockupSet,
      onColorStored,
    });
  // The design page's first picture first, then the rest of its garment, then the other garments.
  await render(firstGarment, [defaultColor]);
  const batches: Array<[Garment, ProductColor[]]> = [
    [firstGarment, plan.colors.slice(1)],
    ...plan.garments.slice(1).map((garment): [Garment, ProductColor[]] => [garment, plan.colors]),
  ];
  for (const [garment, colors] of batches) {
    if (colors.length === 0) continue;
    if ((await currentVersion(db, designId)) !== artworkVersion) return { ...progress, skipped: "version moved on" };
    await render(garment, colors);
  }
  return progress;
}

export function createRenderDesignMockupsHandler(options: {
  db: Database;
  storage: MediaStorage;
  /** The heavy lane's renderer (a child process of its pool, decision 064). */
  renderer: MediaRenderer;
  config: Pick<Config, "BRAND_NAME">;
}): JobHandler<"render_design_mockups"> {
  const { db, storage, renderer, config } = options;
  return {
    retry: { maxAttempts: 5, baseDelaySeconds: 10, maxDelaySeconds: 600, leaseSeconds: 600 },
    async run({ designId, artworkVersion }, job) {
      let stored: RenderJobResult = {};
      try {
        return await renderPublishedDesign({
          db,
          storage,
          renderer,
          brandName: config.BRAND_NAME,
          designId,
          artworkVersion,
          onProgress: async (progress) => {
            stored = progress;
            await db.update(jobs).set({ result: progress }).where(eq(jobs.id, job.id));
          },
        });
      } catch (error) {
        // Past a heavy work limit the job fails for good (permanent): the progress says why for the artist.
        if (error instanceof HeavyWorkLimitError) {
          const result: RenderJobResult = { ...stored, failure: "too_complex" };
          await db.update(jobs).set({ result }).where(eq(jobs.id, job.id));
        }
        throw error;
      }
    },
  };
}

/** How far the current version's mockups are: from the job's progress record (decision 037). */
export async function findDesignRenders(options: {
  db: Database;
  design: { id: string; artworkVersion: number };
}): Promise<DesignRenders> {
  const { db, design } = options;
  const plan = await findRenderPlan(db, design.id);
  const total = plan ? plan.garments.length * plan.colors.length : 0;
  const [job] = await db
    .select({ status: jobs.status, result: jobs.result })
    .from(jobs)
    .where(
      and(eq(jobs.kind, "render_design_mockups"), eq(jobs.dedupeKey, renderJobKey(design.id, design.artworkVersion))),
    )
    .limit(1);
  const result = (job?.result ?? {}) as RenderJobResult;
  // No job row: a design from before the studio (rendered on demand), or its finished job was purged.
  const complete = !job || job.status === "succeeded";
  const done = complete ? total : Math.min(total, result.done ?? 0);
  const failureCode: RenderFailureCode | null =
    job?.status === "failed" ? (result.failure === "too_complex" ? "too_complex" : "failed") : null;
  return {
    id: design.id,
    type: "designRenders",
    attributes: {
      done,
      total,
      defaultReady: complete || result.defaultReady === true,
      complete,
      failureCode,
      failureMessage: failureCode ? RENDER_FAILURES[failureCode] : null,
    },
  };
}
