import type { ProductColor } from "@threadfolk/contract/colors";
import type { ErrorDetail } from "@threadfolk/contract/errors";
import type { DesignDraftData } from "@threadfolk/contract/studio";
import { DESIGN_DETAIL_MESSAGES } from "@threadfolk/contract/studio";
import { designPagePath, type SellerDesign } from "@threadfolk/contract/studio-designs";
import { and, asc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { designs, garmentStyles, sellerDesignProductVariants } from "../../db/schema/index.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Actor, type ArtistActor, authorize } from "../../lib/authorize.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { slugify } from "../catalogue/slugify.ts";
import { grantArtistCleanImages } from "../media/clean-image-grants.ts";
import { artworkKey, DEFAULT_MOCKUP_WIDTH, type Garment, mockupKey } from "../media/media-keys.ts";
import { getMediaUrlSecret, signCleanMediaUrl, signMediaUrl } from "../media/media-urls.ts";
import {
  checkDesignParts,
  clampPlacements,
  garmentOfStyle,
  loadGarmentStyles,
  readPlacements,
  resolutionProblems,
  STUDIO_MESSAGES,
  validationError,
} from "./design-parts.ts";
import { detailProblems } from "./drafts.ts";
import type { studioPolicies } from "./policies.ts";
import { forgetDesignRenditions, renderJobKey } from "./render-design-job.ts";
import { storeDesignArtwork } from "./store-design-artwork.ts";

export type DesignRow = typeof designs.$inferSelect;
const PREFIX = "seller_design.";

/** One design by uuid, whoever owns it (the caller authorises); undefined for a malformed or unknown uuid. */
export async function findDesign(db: Database, designUuid: string): Promise<DesignRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(designUuid)) return undefined;
  const [row] = await db.select().from(designs).where(eq(designs.id, designUuid.toLowerCase())).limit(1);
  return row;
}

/** An owned design for a rule of the studio: 401/403 by identity, 404 for someone else's or a missing one. */
export async function loadOwnedDesign(
  db: Database,
  actor: Actor | undefined,
  rule: (typeof studioPolicies)["readDesign"],
  designUuid: string,
): Promise<DesignRow> {
  authorize(actor, rule);
  const design = await findDesign(db, designUuid);
  authorize(actor, rule, design);
  return design;
}

async function findVariants(db: Database, designId: string) {
  return db
    .select({ variant: sellerDesignProductVariants, style: garmentStyles })
    .from(sellerDesignProductVariants)
    .innerJoin(garmentStyles, eq(garmentStyles.id, sellerDesignProductVariants.garmentStyleId))
    .where(eq(sellerDesignProductVariants.designId, designId))
    .orderBy(asc(garmentStyles.position), asc(garmentStyles.id));
}

export async function presentSellerDesign(
  context: Pick<AppContext, "db" | "config">,
  actor: Actor | undefined,
  design: DesignRow,
): Promise<{ data: SellerDesign }> {
  const variants = await findVariants(context.db, design.id);
  const defaultVariant = variants.find((row) => row.variant.isDefault) ?? variants[0];
  const defaultStyleKey = defaultVariant?.style.key ?? "mens_tee";
  const secret = await getMediaUrlSecret({ db: context.db, config: context.config });
  const grant = grantArtistCleanImages({ actor, design });
  // The same `v` as the shop's URLs (none for the first version), so the browser's cache is shared.
  const version = design.artworkVersion > 1 ? String(design.artworkVersion) : undefined;
  const garment = garmentOfStyle(defaultStyleKey) as Garment;
  const color = design.defaultColor as ProductColor;
  return {
    data: {
      id: design.id,
      type: "sellerDesign",
      attributes: {
        slug: design.slug,
        displayName: design.displayName,
        description: design.description,
        tags: design.tags,
        status: design.takenDownAt ? "taken_down" : design.status === "active" ? "live" : "deactivated",
        defaultColor: color,
        offeredColors: design.offeredColors as ProductColor[],
        placements: readPlacements(design.placements),
        defaultGarmentStyleKey: defaultStyleKey,
        products: variants.map(({ variant, style }) => ({
          garmentStyleKey: style.key,
          displayName: style.displayName,
          fit: style.fit,
          baseCostCents: style.baseCostCents,
          priceCents: variant.priceCents,
          offered: variant.offered,
          sellerDesignProductVariantId: variant.id,
        })),
        artwork: {
          width: design.artworkWidth,
          height: design.artworkHeight,
          url: signCleanMediaUrl({ grant, key: artworkKey(design.id), secret, version }),
        },
        artworkVersion: design.artworkVersion,
        imageUrl: signMediaUrl({
          key: mockupKey({
            designUuid: design.id,
            variant: "watermarked",
            garment,
            color,
            width: DEFAULT_MOCKUP_WIDTH,
          }),
          secret,
          version,
        }),
        designPath: designPagePath(design.id, design.slug, color),
        publishedAt: design.publishedAt?.toISOString() ?? null,
        updatedAt: design.updatedAt.toISOString(),
      },
    },
  };
}

/**
 * The product editor's save: the same parts as the designer. A new artwork replaces the stored one and a
 * changed placement moves the print, both bump `artwork_version` (the `v` of the mockup URLs) and re-render;
 * colours keep the default among those offered; products set each style's price (carts price from the
 * variant, placed orders keep their frozen prices), a style left out stops being offered (its variant stays
 * for carts, favourites and orders), a new one is added or offered again; details follow the shopper-facing rules.
 */
export async function updateSellerDesign(options: {
  context: Pick<AppContext, "db" | "storage" | "jobs">;
  actor: ArtistActor;
  design: DesignRow;
  input: DesignDraftData;
}): Promise<DesignRow> {
  const { context, actor, design, input } = options;
  const { db } = context;
  const styles = await loadGarmentStyles(db);
  const current =
    design.artworkWidth && design.artworkHeight
      ? { width: design.artworkWidth, height: design.artworkHeight }
      : undefined;
  const { data, artwork } = await checkDesignParts({
    db,
    actor,
    data: input,
    styles,
    prefix: PREFIX,
    currentArtwork: current,
  });
  const variants = await findVariants(db, design.id);
  const problems: ErrorDetail[] = [];

  // Colours: the default must be among those offered after the change.
  const offeredColors = data.offeredColors ?? design.offeredColors;
  const defaultColor = data.defaultColor ?? design.defaultColor;
  if (!offeredColors.includes(defaultColor)) {
    problems.push({ field: `${PREFIX}default_color`, message: DESIGN_DETAIL_MESSAGES.defaultColorNotOffered });
  }

  // Products: the offered set after the change, and the style shown first.
  const offeredProducts =
    data.products ??
    variants
      .filter((row) => row.variant.offered)
      .map((row) => ({ garmentStyleKey: row.style.key, priceCents: row.variant.priceCents }));
  const currentDefaultKey = variants.find((row) => row.variant.isDefault)?.style.key;
  const defaultStyleKey =
    data.defaultGarmentStyleKey ??
    (offeredProducts.some((product) => product.garmentStyleKey === currentDefaultKey)
      ? currentDefaultKey
      : offeredProducts[0]?.garmentStyleKey);

  if (!offeredProducts.some((product) => product.garmentStyleKey === defaultStyleKey)) {
    problems.push({ field: `${PREFIX}default_garment_style_key`, message: STUDIO_MESSAGES.defaultStyleNotOffered });
  }

  // Details: whatever is sent, checked together with what is kept.
  const detailsChanged = data.title !== undefined || data.description !== undefined || data.tags !== undefined;
  const details = detailsChanged
    ? detailProblems(
        {
          title: data.title ?? design.displayName,
          description: data.description ?? design.description,
          tags: data.tags ?? design.tags,
        },
        PREFIX,
      )
    : undefined;
  if (details) problems.push(...details.problems);

  // Placements: a new artwork keeps the placements, refitted to its aspect.
  const size = artwork ?? current;
  let placements = { ...readPlacements(design.placements), ...(data.placements ?? {}) };
  if (size) placements = clampPlacements(placements, size.width / size.height);
  const placementsChanged =
    data.placements !== undefined && JSON.stringify(placements) !== JSON.stringify(readPlacements(design.placements));
  if (size) {
    const garments = [...new Set(offeredProducts.map((product) => garmentOfStyle(product.garmentStyleKey)))];
    problems.push(...resolutionProblems({ artwork: size, garments, placements, prefix: PREFIX }));
  }
  if (problems.length > 0) throw validationError(problems);

  const artworkChanged = artwork !== undefined;
  const rerender = artworkChanged || placementsChanged;
  // Storage cannot join the transaction: the new artwork is in place before the version that names it, and the
  // artwork it replaces stays under its immutable key for orders of older versions (decision 067).
  let storedArtworkKey: string | undefined;
  if (artwork) {
    const source = await context.storage.get(artwork.sourceKey);
    if (!source) throw AppError.notFound("Upload");
    storedArtworkKey = await storeDesignArtwork({
      db,
      storage: context.storage,
      designId: design.id,
      body: source.body,
    });
  }
  const styleIdOf = new Map(styles.map((style) => [style.key, style.id]));
  const offeredKeys = new Set(offeredProducts.map((product) => product.garmentStyleKey));
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(designs)
      .set({
        offeredColors,
        defaultColor,
        placements,
        ...(artwork
          ? { artworkWidth: artwork.width, artworkHeight: artwork.height, artworkKey: storedArtworkKey }
          : {}),
        ...(rerender ? { artworkVersion: sql`${designs.artworkVersion} + 1` } : {}),
        ...(details?.parsed
          ? {
              displayName: details.parsed.title,
              slug: slugify(details.parsed.title),
              description: details.parsed.description,
              tags: details.parsed.tags,
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(designs.id, design.id))
      .returning();
    if (!row) throw AppError.notFound("Design");
    if (data.products || data.defaultGarmentStyleKey !== undefined) {
      // The default moves first (one default per design, a partial unique index), then prices and offers.
      await tx
        .update(sellerDesignProductVariants)
        .set({ isDefault: false })
        .where(
          and(eq(sellerDesignProductVariants.designId, design.id), eq(sellerDesignProductVariants.isDefault, true)),
        );
      for (const { variant, style } of variants) {
        if (!offeredKeys.has(style.key) && variant.offered) {
          await tx
            .update(sellerDesignProductVariants)
            .set({ offered: false })
            .where(eq(sellerDesignProductVariants.id, variant.id));
        }
      }
      for (const product of offeredProducts) {
        await tx
          .insert(sellerDesignProductVariants)
          .values({
            designId: design.id,
            garmentStyleId: styleIdOf.get(product.garmentStyleKey) as number,
            priceCents: product.priceCents,
            offered: true,
            isDefault: product.garmentStyleKey === defaultStyleKey,
          })
          .onConflictDoUpdate({
            target: [sellerDesignProductVariants.designId, sellerDesignProductVariants.garmentStyleId],
            set: {
              priceCents: product.priceCents,
              offered: true,
              isDefault: product.garmentStyleKey === defaultStyleKey,
            },
          });
      }
      const defaultPrice = offeredProducts.find((product) => product.garmentStyleKey === defaultStyleKey)?.priceCents;
      if (defaultPrice) {
        await tx.update(designs).set({ basePriceCents: defaultPrice }).where(eq(designs.id, design.id));
      }
    }
    if (rerender || data.products || data.offeredColors) {
      await enqueueJob(
        tx,
        "render_design_mockups",
        { designId: design.id, artworkVersion: row.artworkVersion },
        { dedupeKey: renderJobKey(design.id, row.artworkVersion) },
      );
    }
    return row;
  });
  // The old mockups go at once (their keys carry no version); the job renders the new ones.
  if (rerender) await forgetDesignRenditions(context.storage, design.id);
  // Titles, tags, prices and pictures show in cached search pages and the home payload (decision 047).
  bumpCatalogueGeneration();
  context.jobs.nudge();
  if (!updated) throw AppError.notFound("Design");
  return updated;
}
