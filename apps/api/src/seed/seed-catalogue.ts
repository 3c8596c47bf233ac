import { inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import type { AppContext } from "../context.ts";
import {
  carouselAssets,
  carousels,
  internalDesignCollectionItems,
  internalDesignCollections,
  marketplaceSaleDesigns,
  marketplaceSales,
} from "../db/schema/index.ts";
import { findGarmentStyleIds, importDesigns, insertArtists } from "../modules/catalogue/queries.ts";
import { imageSourceKey } from "../modules/media/media-keys.ts";
import { avatarSvg, bannerSvg, measureSlideText, SLIDE_ART, slideArtLeft, slideSvg } from "./artwork/profile-art.ts";
import { mapConcurrent, renderPng } from "./artwork/render.ts";
import {
  type DemoCatalogueOptions,
  type DemoCataloguePlan,
  type PlannedDesign,
  planDemoCatalogue,
  plannedArtworkSvg,
} from "./demo-catalogue-plan.ts";
import { renderPhoneSlide } from "./phone-slide.ts";
import type { SeedStep } from "./seed-step.ts";

export type CatalogueSeedOptions = DemoCatalogueOptions & {
  /** Pixel width of design artworks (height is 5/4 of it). */
  artworkWidth?: number;
  /** Renders in flight at once. */
  concurrency?: number;
};

const INSERT_BATCH = 200;

async function insertInBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
  batchSize = INSERT_BATCH,
): Promise<void> {
  for (let start = 0; start < rows.length; start += batchSize) await insert(rows.slice(start, start + batchSize));
}

/** Inserts planned designs and their variants (rows already carry their uuids). */
export async function insertDesignsWithVariants(
  context: Pick<AppContext, "db">,
  planned: readonly Omit<PlannedDesign, "artwork" | "theme" | "slogan">[],
  styleIds: Map<string, number>,
): Promise<void> {
  await importDesigns({
    db: context.db,
    designs: planned.map((design) => ({
      id: design.id,
      sellerProfileId: design.sellerProfileId,
      slug: design.slug,
      displayName: design.displayName,
      description: design.description,
      tags: design.tags,
      artworkKey: design.artworkKey,
      basePriceCents: design.basePriceCents,
      defaultColor: design.defaultColor,
      status: design.status,
      publishedAt: design.publishedAt,
      createdAt: design.createdAt,
      updatedAt: design.publishedAt,
      orderCount30d: design.orderCount30d,
      favoriteCount: design.favoriteCount,
      variants: design.variants.map((variant) => {
        const garmentStyleId = styleIds.get(variant.garmentStyleKey);
        if (garmentStyleId === undefined) throw new Error(`garment style ${variant.garmentStyleKey} is missing`);
        return { garmentStyleId, priceCents: variant.priceCents, isDefault: variant.isDefault };
      }),
    })),
  });
}

/**
 * A design's artwork for a slide: its real bounds (transparent padding trimmed) fitted inside the slide's
 * artwork box and centred there, so every slide shows its designs as large as they fit.
 */
async function renderSlideArtwork(svg: string): Promise<{ png: Buffer; left: number; top: number }> {
  const png = await sharp(await renderPng(svg))
    .trim({ threshold: 0 })
    .resize(SLIDE_ART.width, SLIDE_ART.height, { fit: "inside" })
    .png()
    .toBuffer({ resolveWithObject: true });
  return {
    png: png.data,
    left: Math.floor((SLIDE_ART.width - png.info.width) / 2),
    top: Math.floor((SLIDE_ART.height - png.info.height) / 2),
  };
}

/**
 * The catalogue's demo seed steps: artists (avatars, banners), designs (rendered artwork, variants), home
 * collections, the front-page carousel and a running sale. The plan is made once, when the first step runs.
 */
export function createCatalogueSeedSteps(options: CatalogueSeedOptions = {}): SeedStep[] {
  let plan: DemoCataloguePlan | undefined;
  const getPlan = () => {
    plan ??= planDemoCatalogue(options);
    return plan;
  };
  const artworkWidth = options.artworkWidth ?? 720;
  const concurrency = options.concurrency ?? 4;

  return [
    {
      name: "catalogue artists",
      async run(context) {
        const { artists } = getPlan();
        await mapConcurrent(artists, concurrency, async (artist) => {
          const [avatar, banner] = await Promise.all([
            renderPng(avatarSvg(artist.displayName, artist.palette, artist.id)),
            renderPng(bannerSvg(artist.palette, artist.id)),
          ]);
          await context.storage.put(artist.avatarKey, avatar, "image/png");
          await context.storage.put(artist.bannerKey, banner, "image/png");
        });
        await insertArtists({
          db: context.db,
          artists: artists.map((artist) => ({
            id: artist.id,
            uniqueUsername: artist.uniqueUsername,
            displayName: artist.displayName,
            bio: artist.bio,
            avatarKey: artist.avatarKey,
            bannerKey: artist.bannerKey,
            createdAt: artist.createdAt,
          })),
        });
      },
    },
    {
      name: "catalogue designs",
      async run(context) {
        const { designs: planned } = getPlan();
        await mapConcurrent(planned, concurrency, async (design) => {
          const png = await renderPng(await plannedArtworkSvg(design, artworkWidth));
          await context.storage.put(design.artworkKey, png, "image/png");
        });
        await insertDesignsWithVariants(context, planned, await findGarmentStyleIds({ db: context.db }));
      },
    },
    {
      name: "home collections",
      async run(context) {
        const { curated } = getPlan();
        const keys = Object.keys(curated);
        const rows = await context.db
          .select({ id: internalDesignCollections.id, key: internalDesignCollections.key })
          .from(internalDesignCollections)
          .where(inArray(internalDesignCollections.key, keys));
        const items = rows.flatMap((row) =>
          (curated[row.key as keyof typeof curated] ?? []).map((designId, position) => ({
            collectionId: row.id,
            designId,
            position: position + 1,
          })),
        );
        await insertInBatches(items, (batch) => context.db.insert(internalDesignCollectionItems).values(batch));
      },
    },
    {
      name: "front page carousel",
      async run(context) {
        const { slides, slideDelayInMs, designs: planned } = getPlan();
        const [carousel] = await context.db
          .insert(carousels)
          .values({ locationCode: "front_page", slideDelayInMs })
          .onConflictDoUpdate({ target: carousels.locationCode, set: { slideDelayInMs } })
          .returning({ id: carousels.id });
        if (!carousel) throw new Error("front_page carousel was not created");
        const byId = new Map(planned.map((design) => [design.id, design]));
        let position = 0;
        for (const slide of slides) {
          position += 1;
          // The key holds the asset id, so reserve the id before storing the image.
          const reserved = (await context.db.execute(
            sql`select nextval(pg_get_serial_sequence('carousel_assets', 'id'))::int as id`,
          )) as unknown as { rows: { id: number }[] };
          const assetId = Number(reserved.rows[0]?.id);
          const imageKey = `carousels/${assetId}.png`;
          const artworks = await Promise.all(
            slide.designIds.slice(0, SLIDE_ART.most).map((designId) => {
              const design = byId.get(designId);
              if (!design) throw new Error(`slide design ${designId} is not planned`);
              return plannedArtworkSvg(design, SLIDE_ART.width * 2).then(renderSlideArtwork);
            }),
          );
          const content = { ...slide, seed: String(position) };
          const png = await sharp(Buffer.from(slideSvg(content, await measureSlideText(content))))
            .composite(
              artworks.map((art, index) => ({
                input: art.png,
                left: slideArtLeft(index, artworks.length) + art.left,
                top: SLIDE_ART.top + art.top,
              })),
            )
            .png()
            .toBuffer();
          await context.storage.put(imageKey, png, "image/png");
          const phoneDesigns = slide.designIds.flatMap((designId) => byId.get(designId) ?? []);
          const phonePng = await renderPhoneSlide({ slide, seed: String(position), designs: phoneDesigns });
          await context.storage.put(imageSourceKey("carouselPhone", String(assetId)), phonePng, "image/png");
          await context.db.insert(carouselAssets).values({
            id: assetId,
            carouselId: carousel.id,
            position,
            imageKey,
            clickDestinationUrl: slide.clickDestinationUrl,
            altText: slide.altText,
          });
        }
      },
    },
    {
      name: "marketplace sale",
      async run(context) {
        const { sale } = getPlan();
        const [created] = await context.db
          .insert(marketplaceSales)
          .values({ name: sale.name, startsAt: sale.startsAt, endsAt: sale.endsAt, percentOff: sale.percentOff })
          .returning({ id: marketplaceSales.id });
        if (!created) throw new Error("the sale was not created");
        await insertInBatches(sale.designs, (batch) =>
          context.db.insert(marketplaceSaleDesigns).values(batch.map((item) => ({ saleId: created.id, ...item }))),
        );
      },
    },
  ];
}
