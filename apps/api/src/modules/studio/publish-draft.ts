import type { ErrorDetail } from "@threadfolk/contract/errors";
import { DESIGN_DETAIL_MESSAGES, type StudioGarment } from "@threadfolk/contract/studio";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { designDrafts, designs, sellerDesignProductVariants } from "../../db/schema/index.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { AppError } from "../../lib/app-error.ts";
import { type ArtistActor, authorize } from "../../lib/authorize.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { slugify } from "../catalogue/slugify.ts";
import {
  checkDesignParts,
  garmentOfStyle,
  loadGarmentStyles,
  resolutionProblems,
  STUDIO_MESSAGES,
  validationError,
} from "./design-parts.ts";
import { DRAFT_FIELD_PREFIX, detailProblems, findDraft, readDraftData } from "./drafts.ts";
import { studioPolicies } from "./policies.ts";
import { renderJobKey } from "./render-design-job.ts";
import { storeDesignArtwork } from "./store-design-artwork.ts";

/**
 * Turns a complete draft into a live design (issue 14's Publish step). The draft must name a ready artwork,
 * colours, products and details that pass the shopper-facing rules, and no offered garment may print the
 * artwork under 150 DPI; every missing or failing part is one detail of a single 422. Then:
 *  1. the normalised artwork is copied to `designs/{uuid}/artwork.png` and to its immutable key, which the
 *     design names (`storeDesignArtwork`; storage cannot join a transaction, so it goes first: a crash leaves
 *     at worst an unreferenced file, never a design without its artwork);
 *  2. one transaction creates the design (listed at once: active, published now), its variants (the default
 *     style's is the default), records the design on the draft and enqueues the mockup job;
 *  3. the job worker is nudged: the default colour of the default style renders first.
 * Search, the storefront, the sitemap and the home page's recent collection read `designs` directly (the
 * home payload is cached for DISCOVERY_CACHE_SECONDS), so the design shows there without further writes.
 */
export async function publishDraft(options: {
  context: Pick<AppContext, "db" | "storage" | "jobs">;
  actor: ArtistActor;
  draftId: string;
}): Promise<string> {
  const { context, actor, draftId } = options;
  const { db } = context;
  const draft = await findDraft(db, draftId);
  authorize(actor, studioPolicies.publishDraft, draft);
  if (draft.publishedDesignId) throw AppError.conflict(STUDIO_MESSAGES.alreadyPublished);
  const prefix = DRAFT_FIELD_PREFIX;
  const styles = await loadGarmentStyles(db);
  const { data, artwork } = await checkDesignParts({ db, actor, data: readDraftData(draft.data), styles, prefix });

  const problems: ErrorDetail[] = [];
  if (!artwork) problems.push({ field: `${prefix}artwork_upload_id`, message: DESIGN_DETAIL_MESSAGES.artworkRequired });
  if (!data.offeredColors?.length) {
    problems.push({ field: `${prefix}offered_colors`, message: DESIGN_DETAIL_MESSAGES.colorsRequired });
  }
  if (!data.products?.length) {
    problems.push({ field: `${prefix}products`, message: DESIGN_DETAIL_MESSAGES.productsRequired });
  }
  const details = detailProblems(data, prefix);
  problems.push(...details.problems);
  const products = data.products ?? [];
  const garments = [...new Set(products.map((product) => garmentOfStyle(product.garmentStyleKey)))] as StudioGarment[];
  if (artwork) {
    problems.push(...resolutionProblems({ artwork, garments, placements: data.placements ?? {}, prefix }));
  }
  if (problems.length > 0 || !artwork || !details.parsed || !data.offeredColors) throw validationError(problems);

  const offeredColors = data.offeredColors;
  const defaultColor = data.defaultColor ?? (offeredColors[0] as string);
  const defaultStyleKey = data.defaultGarmentStyleKey ?? (products[0]?.garmentStyleKey as string);
  const defaultProduct = products.find((product) => product.garmentStyleKey === defaultStyleKey) ?? products[0];
  const styleIdOf = new Map(styles.map((style) => [style.key, style.id]));
  const { title, description, tags } = details.parsed;

  const designId = crypto.randomUUID();
  const source = await context.storage.get(artwork.sourceKey);
  if (!source) throw AppError.notFound("Upload");
  const storedArtworkKey = await storeDesignArtwork({ db, storage: context.storage, designId, body: source.body });

  await db.transaction(async (tx) => {
    await tx.insert(designs).values({
      id: designId,
      sellerProfileId: actor.artistId,
      slug: slugify(title),
      displayName: title,
      description,
      tags,
      artworkKey: storedArtworkKey,
      basePriceCents: defaultProduct?.priceCents ?? 0,
      defaultColor,
      offeredColors,
      placements: data.placements ?? {},
      artworkWidth: artwork.width,
      artworkHeight: artwork.height,
      artworkVersion: 1,
      status: "active",
      publishedAt: sql`now()`,
    });
    await tx.insert(sellerDesignProductVariants).values(
      products.map((product) => ({
        designId,
        garmentStyleId: styleIdOf.get(product.garmentStyleKey) as number,
        priceCents: product.priceCents,
        isDefault: product.garmentStyleKey === defaultProduct?.garmentStyleKey,
      })),
    );
    // A second publish of the same draft racing this one finds it published and rolls its design back.
    const [recorded] = await tx
      .update(designDrafts)
      .set({ publishedDesignId: designId, step: "publish", data, updatedAt: sql`now()` })
      .where(and(eq(designDrafts.id, draft.id), isNull(designDrafts.publishedDesignId)))
      .returning({ id: designDrafts.id });
    if (!recorded) throw AppError.conflict(STUDIO_MESSAGES.alreadyPublished);
    await enqueueJob(
      tx,
      "render_design_mockups",
      { designId, artworkVersion: 1 },
      { dedupeKey: renderJobKey(designId, 1) },
    );
  });
  // Cached search pages, totals and the home payload of this instance show it at once (decision 047).
  bumpCatalogueGeneration();
  context.jobs.nudge();
  return designId;
}
