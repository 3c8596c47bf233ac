import { randomBytes } from "node:crypto";
import type { ProductColor } from "@threadfolk/contract/colors";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";
import {
  carouselAssets,
  carousels,
  type DesignStatus,
  garmentStyles,
  internalDesignCollectionItems,
  internalDesignCollections,
  marketplaceSaleDesigns,
  marketplaceSales,
  sellerProfiles,
} from "../../src/db/schema/index.ts";
import {
  type Artist,
  type Design,
  insertArtists,
  insertDesigns,
  insertVariants,
  type NewArtist,
  type NewDesign,
  type Variant,
} from "../../src/modules/catalogue/queries.ts";
import { slugify } from "../../src/modules/catalogue/slugify.ts";

/**
 * Test factories: each builds one row with believable defaults and creates missing parents itself, so a
 * test states only what it is about (`buildDesign(db, { displayName: "Naruto Run Club" })`).
 */

function uniqueSuffix(): string {
  return randomBytes(4).toString("hex");
}

export type { Artist, Design, Variant };

/** An artist (seller profile) with a unique username. */
export async function buildArtist(db: Database, overrides: Partial<NewArtist> = {}) {
  const suffix = uniqueSuffix();
  const [artist] = await insertArtists({
    db,
    artists: [
      {
        uniqueUsername: `artist-${suffix}`,
        displayName: `Artist ${suffix}`,
        bio: "Draws things for shirts.",
        ...overrides,
      },
    ],
  });
  if (!artist) throw new Error("buildArtist: insert returned nothing");
  return artist;
}

export type BuildDesignOverrides = Partial<NewDesign> & {
  artist?: Artist;
  /** Garment style keys of the variants; the first is the default (default: mens_tee only). */
  garmentStyleKeys?: string[];
  /** Price of the default variant (default: basePriceCents). */
  priceCents?: number;
};

/** A published, active design with its artist (created when missing) and its default variant. */
export async function buildDesign(db: Database, overrides: BuildDesignOverrides = {}) {
  const { artist: givenArtist, garmentStyleKeys = ["mens_tee"], priceCents, ...columns } = overrides;
  const artist =
    givenArtist ??
    (columns.sellerProfileId
      ? (await db.select().from(sellerProfiles).where(eq(sellerProfiles.id, columns.sellerProfileId)))[0]
      : await buildArtist(db));
  if (!artist) throw new Error("buildDesign: seller profile not found");
  const displayName = columns.displayName ?? `Design ${uniqueSuffix()}`;
  const id = columns.id ?? crypto.randomUUID();
  const basePriceCents = columns.basePriceCents ?? 2499;
  const [design] = await insertDesigns({
    db,
    designs: [
      {
        id,
        sellerProfileId: artist.id,
        slug: slugify(displayName),
        displayName,
        description: "",
        tags: [],
        artworkKey: `designs/${id}/artwork.png`,
        basePriceCents,
        defaultColor: "black" satisfies ProductColor,
        status: "active" satisfies DesignStatus,
        // A minute ago, so a test can publish a "newer" design explicitly without going into the future.
        publishedAt: new Date(Date.now() - 60_000),
        ...columns,
      },
    ],
  });
  if (!design) throw new Error("buildDesign: insert returned nothing");
  const styles = await db.select().from(garmentStyles).where(inArray(garmentStyles.key, garmentStyleKeys));
  const variants = await insertVariants({
    db,
    variants: garmentStyleKeys.map((key, index) => {
      const style = styles.find((candidate) => candidate.key === key);
      if (!style) throw new Error(`buildDesign: unknown garment style ${key}`);
      return {
        designId: design.id,
        garmentStyleId: style.id,
        priceCents: index === 0 ? (priceCents ?? basePriceCents) : basePriceCents + 200 * index,
        isDefault: index === 0,
      };
    }),
  });
  const defaultVariant = variants[0] as Variant;
  return { design, artist, defaultVariant, variants };
}

/** Puts a design (built when missing) into a curated home collection at a position. */
export async function buildCollectionItem(
  db: Database,
  overrides: { collectionKey?: string; design?: Design; position?: number } = {},
) {
  const key = overrides.collectionKey ?? "anime";
  const [collection] = await db.select().from(internalDesignCollections).where(eq(internalDesignCollections.key, key));
  if (!collection) throw new Error(`buildCollectionItem: unknown collection ${key}`);
  const design = overrides.design ?? (await buildDesign(db)).design;
  const [item] = await db
    .insert(internalDesignCollectionItems)
    .values({ collectionId: collection.id, designId: design.id, position: overrides.position ?? 0 })
    .returning();
  return { item, collection, design };
}

/** A marketplace sale running now (one day ago to three days ahead) unless dates are given. */
export async function buildSale(
  db: Database,
  overrides: Partial<typeof marketplaceSales.$inferInsert> & {
    designs?: Array<{ design: Design; salePriceCents?: number }>;
  } = {},
) {
  const { designs: covered = [], ...columns } = overrides;
  const now = Date.now();
  const [sale] = await db
    .insert(marketplaceSales)
    .values({
      name: "Spring Sale",
      startsAt: new Date(now - 24 * 3600_000),
      endsAt: new Date(now + 3 * 24 * 3600_000),
      percentOff: 20,
      appliesToAllDesigns: covered.length === 0,
      ...columns,
    })
    .returning();
  if (!sale) throw new Error("buildSale: insert returned nothing");
  if (covered.length > 0) {
    await db.insert(marketplaceSaleDesigns).values(
      covered.map((entry) => ({
        saleId: sale.id,
        designId: entry.design.id,
        salePriceCents: entry.salePriceCents ?? null,
      })),
    );
  }
  return sale;
}

/** A carousel at a location (default front_page) with slides. */
export async function buildCarousel(
  db: Database,
  overrides: Partial<typeof carousels.$inferInsert> & {
    assets?: Array<Partial<typeof carouselAssets.$inferInsert>>;
  } = {},
) {
  const { assets = [{}, {}, {}], ...columns } = overrides;
  const [carousel] = await db
    .insert(carousels)
    .values({ locationCode: "front_page", slideDelayInMs: 5000, ...columns })
    .returning();
  if (!carousel) throw new Error("buildCarousel: insert returned nothing");
  const slides = [];
  for (const [index, asset] of assets.entries()) {
    const [slide] = await db
      .insert(carouselAssets)
      .values({
        carouselId: carousel.id,
        position: index,
        imageKey: "carousels/pending.png",
        clickDestinationUrl: `/results?home-collection=anime&page=1`,
        altText: `Slide ${index + 1}`,
        ...asset,
      })
      .returning();
    if (!slide) continue;
    // The image key names the slide's own id, as the media module's convention wants (`carousels/{assetId}.png`).
    if (!asset.imageKey) {
      await db
        .update(carouselAssets)
        .set({ imageKey: `carousels/${slide.id}.png` })
        .where(eq(carouselAssets.id, slide.id));
      slide.imageKey = `carousels/${slide.id}.png`;
    }
    slides.push(slide);
  }
  return { carousel, assets: slides };
}
