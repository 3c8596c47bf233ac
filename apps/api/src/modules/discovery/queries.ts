import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  artistFollows,
  carouselAssets,
  carousels,
  designs,
  garmentStyles,
  internalDesignCollections,
  marketplaceSales,
  sellerDesignProductVariants,
  sellerProfiles,
} from "../../db/schema/index.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import type { SaleOffer } from "../catalogue/pricing.ts";
import { parseSaleOffers, runningSaleOffers } from "../catalogue/running-sale-offers.ts";

/** Everything a design card shows, read in one query for a page of designs. */
export type DesignCardRow = {
  id: string;
  slug: string;
  displayName: string;
  defaultColor: string;
  sellerProfileId: string;
  artistName: string;
  artistUniqueUsername: string;
  defaultVariantId: number | null;
  /** The default variant's price, or the design's base price when it has no variant yet. */
  priceCents: number;
  garmentStyleKey: string | null;
  saleOffers: SaleOffer[];
  /** The `v` of the design's mockup URLs (bumped by a new artwork or placement). */
  artworkVersion?: number;
};

/**
 * Card rows for the given designs, in the order given; unlisted (deactivated, unpublished) ones are left out,
 * unless `includeUnlisted` (the artist's own My Designs, never a public reply).
 */
export async function findDesignCardRows({
  db,
  designIds,
  includeUnlisted = false,
}: {
  db: Database;
  designIds: readonly string[];
  includeUnlisted?: boolean;
}): Promise<DesignCardRow[]> {
  if (designIds.length === 0) return [];
  const rows = await db
    .select({
      id: designs.id,
      slug: designs.slug,
      displayName: designs.displayName,
      defaultColor: designs.defaultColor,
      sellerProfileId: designs.sellerProfileId,
      artistName: sellerProfiles.displayName,
      artistUniqueUsername: sellerProfiles.uniqueUsername,
      defaultVariantId: sellerDesignProductVariants.id,
      priceCents: sql<number>`coalesce(${sellerDesignProductVariants.priceCents}, ${designs.basePriceCents})`.mapWith(
        Number,
      ),
      garmentStyleKey: garmentStyles.key,
      saleOffers: runningSaleOffers(),
      artworkVersion: designs.artworkVersion,
    })
    .from(designs)
    .innerJoin(sellerProfiles, eq(sellerProfiles.id, designs.sellerProfileId))
    .leftJoin(
      sellerDesignProductVariants,
      and(eq(sellerDesignProductVariants.designId, designs.id), eq(sellerDesignProductVariants.isDefault, true)),
    )
    .leftJoin(garmentStyles, eq(garmentStyles.id, sellerDesignProductVariants.garmentStyleId))
    .where(and(inArray(designs.id, [...designIds]), includeUnlisted ? undefined : isListedDesign()));
  const byId = new Map(rows.map((row) => [row.id, { ...row, saleOffers: parseSaleOffers(row.saleOffers) }]));
  return designIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

export type Collection = typeof internalDesignCollections.$inferSelect;

export async function findCollections({ db }: { db: Database }): Promise<Collection[]> {
  return db.select().from(internalDesignCollections).orderBy(asc(internalDesignCollections.id));
}

export async function findCollectionByKey({ db, key }: { db: Database; key: string }): Promise<Collection | undefined> {
  const [collection] = await db.select().from(internalDesignCollections).where(eq(internalDesignCollections.key, key));
  return collection;
}

/** The sale running now (the one ending soonest when several overlap), or undefined. */
export async function findRunningSale({ db }: { db: Database }) {
  const [sale] = await db
    .select()
    .from(marketplaceSales)
    .where(and(sql`${marketplaceSales.startsAt} <= now()`, sql`${marketplaceSales.endsAt} > now()`))
    .orderBy(asc(marketplaceSales.endsAt), asc(marketplaceSales.id))
    .limit(1);
  return sale;
}

export async function findCarouselByLocation({ db, locationCode }: { db: Database; locationCode: string }) {
  const [carousel] = await db.select().from(carousels).where(eq(carousels.locationCode, locationCode));
  if (!carousel) return undefined;
  const assets = await db
    .select()
    .from(carouselAssets)
    .where(eq(carouselAssets.carouselId, carousel.id))
    .orderBy(asc(carouselAssets.position), asc(carouselAssets.id));
  return { carousel, assets };
}

/** A listed design with its artist, or undefined (unknown, deactivated or unpublished). */
export async function findListedDesign({ db, designId }: { db: Database; designId: string }) {
  const [row] = await db
    .select({ design: designs, artist: sellerProfiles })
    .from(designs)
    .innerJoin(sellerProfiles, eq(sellerProfiles.id, designs.sellerProfileId))
    .where(and(eq(designs.id, designId), isListedDesign()));
  return row;
}

/**
 * A design's offered variants with their garment styles, default first, then in the catalogue's order (a style
 * the artist stopped offering keeps its row for carts and orders, but is not shown).
 */
export async function findDesignVariants({ db, designId }: { db: Database; designId: string }) {
  return db
    .select({ variant: sellerDesignProductVariants, style: garmentStyles })
    .from(sellerDesignProductVariants)
    .innerJoin(garmentStyles, eq(garmentStyles.id, sellerDesignProductVariants.garmentStyleId))
    .where(and(eq(sellerDesignProductVariants.designId, designId), eq(sellerDesignProductVariants.offered, true)))
    .orderBy(desc(sellerDesignProductVariants.isDefault), asc(garmentStyles.position));
}

/** An artist by uuid or by unique username. */
export async function findArtist({ db, uuid, username }: { db: Database; uuid?: string; username?: string }) {
  const where = uuid ? eq(sellerProfiles.id, uuid) : eq(sellerProfiles.uniqueUsername, username ?? "");
  const [artist] = await db.select().from(sellerProfiles).where(where);
  return artist;
}

/** An artist's public counts: listed designs and followers (the one place both are counted). */
export async function findArtistCounts({ db, artistId }: { db: Database; artistId: string }) {
  const [row] = await db
    .select({
      designCount: sql<number>`count(*)`.mapWith(Number),
      followerCount:
        sql<number>`(select count(*) from ${artistFollows} where ${artistFollows.sellerProfileId} = ${artistId})`.mapWith(
          Number,
        ),
    })
    .from(designs)
    .where(and(eq(designs.sellerProfileId, artistId), isListedDesign()));
  return { designCount: row?.designCount ?? 0, followerCount: row?.followerCount ?? 0 };
}
