import { HOME_PREVIEW_SIZE, MORE_BY_ARTIST_SIZE } from "@threadfolk/contract/discovery";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { namedStatement, renderStatement } from "../../db/named-statement.ts";
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
import { designOrder } from "../catalogue/list-design-page.ts";
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

/** The columns of a design card as one JSON object, over `designs` joined by `designCardJoins`. */
const designCardObject = sql`json_build_object(
    'id', ${designs.id}, 'slug', ${designs.slug}, 'displayName', ${designs.displayName},
    'defaultColor', ${designs.defaultColor}, 'sellerProfileId', ${designs.sellerProfileId},
    'artistName', card_artist.display_name, 'artistUniqueUsername', card_artist.unique_username,
    'defaultVariantId', card_variant.id, 'priceCents', ${designs.listPriceCents},
    'garmentStyleKey', card_style.key, 'saleOffers', ${runningSaleOffers()}, 'artworkVersion', ${designs.artworkVersion})`;

const designCardJoins = sql`join ${sellerProfiles} card_artist on card_artist.id = ${designs.sellerProfileId}
    left join ${sellerDesignProductVariants} card_variant on card_variant.design_id = ${designs.id} and card_variant.is_default
    left join ${garmentStyles} card_style on card_style.id = card_variant.garment_style_id`;

/**
 * The card rows of the designs of `ids` (a relation of `id` and `position`) that meet `condition`, as ONE JSON
 * array in position order: a statement that needs cards embeds this instead of asking for them in a second round.
 */
function designCardsJson(ids: SQL, condition: SQL): SQL {
  return sql`coalesce((select json_agg(${designCardObject} order by card_ids.position)
    from (${ids}) as card_ids
    join ${designs} on ${designs.id} = card_ids.id and ${condition}
    ${designCardJoins}), '[]'::json)`;
}

const listed = isListedDesign() as SQL;

/** A JSON column as the driver hands it over: node-postgres decodes json, PGlite may give the text. */
function decodeJson<Value>(value: Value | string): Value {
  return typeof value === "string" ? (JSON.parse(value) as Value) : value;
}

function toCardRows(rows: DesignCardRow[]): DesignCardRow[] {
  return rows.map((row) => ({ ...row, saleOffers: parseSaleOffers(row.saleOffers) }));
}

const findDesignCardRowsStatement = namedStatement<{ cards: DesignCardRow[] | string }>(
  "find_design_card_rows",
  renderStatement(
    sql`select ${designCardsJson(
      sql`select id, position from unnest($1::uuid[]) with ordinality as given(id, position)`,
      sql`($2::boolean or ${listed})`,
    )} as cards`,
  ),
);

/**
 * Card rows for the given designs, in the order given; unlisted (deactivated, unpublished) ones are left out,
 * unless `includeUnlisted` (the artist's own My Designs, never a public reply). One named statement (decision
 * 049): search results, collection pages and storefronts all ask it.
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
  const [row] = await findDesignCardRowsStatement(db, [designIds, includeUnlisted]);
  return toCardRows(row ? decodeJson(row.cards) : []);
}

/** What the design page shows of the design itself (its card aside). */
export type DetailDesign = {
  id: string;
  description: string;
  tags: string[];
  publishedAt: string | null;
  offeredColors: string[];
  artworkVersion: number;
};

/** What the design page shows of the artist. */
export type DetailArtist = Pick<
  typeof sellerProfiles.$inferSelect,
  "id" | "uniqueUsername" | "displayName" | "avatarKey" | "bannerKey" | "imagesVersion"
>;

/** An offered variant with what the design page shows of its garment style. */
export type DetailVariant = {
  id: number;
  isDefault: boolean;
  priceCents: number;
  styleKey: string;
  styleDisplayName: string;
  fit: string;
  sizes: string[];
  colors: string[];
};

/** Everything the design page needs, read at once. */
export type DesignDetailRows = {
  design: DetailDesign;
  artist: DetailArtist;
  variants: DetailVariant[];
  /** The design's own card row first, then those of more by its artist. */
  cards: DesignCardRow[];
};

const findDesignDetailStatement = namedStatement<{ detail: DesignDetailRows | string }>(
  "find_design_detail",
  renderStatement(sql`with found as (select * from ${designs} where ${designs.id} = $1 and ${listed})
    select json_build_object(
      'design', json_build_object('id', found.id, 'description', found.description, 'tags', found.tags,
        'publishedAt', found.published_at, 'offeredColors', found.offered_colors,
        'artworkVersion', found.artwork_version),
      'artist', (select json_build_object('id', a.id, 'uniqueUsername', a.unique_username,
          'displayName', a.display_name, 'avatarKey', a.avatar_key, 'bannerKey', a.banner_key,
          'imagesVersion', a.images_version)
        from ${sellerProfiles} a where a.id = found.seller_profile_id),
      'variants', coalesce((select json_agg(json_build_object('id', v.id, 'isDefault', v.is_default,
          'priceCents', v.price_cents, 'styleKey', s.key, 'styleDisplayName', s.display_name, 'fit', s.fit,
          'sizes', s.sizes, 'colors', s.colors) order by v.is_default desc, s.position asc)
        from ${sellerDesignProductVariants} v join ${garmentStyles} s on s.id = v.garment_style_id
        where v.design_id = found.id and v.offered), '[]'::json),
      'cards', ${designCardsJson(
        sql`select id, position from unnest(array[found.id] || array(
          select ${designs.id} from ${designs}
          where ${designs.sellerProfileId} = found.seller_profile_id and ${designs.id} <> found.id and ${listed}
          order by ${designs.orderCount30d} desc nulls last, ${designs.publishedAt} desc nulls last
          limit ${sql.raw(String(MORE_BY_ARTIST_SIZE))})) with ordinality as given(id, position)`,
        listed,
      )}
    ) as detail
    from found`),
);

/**
 * A listed design with its artist, offered variants (default first, then the catalogue's order), its card
 * row and the card rows of more by its artist, in ONE named statement (decision 049); undefined when the
 * design is unknown, deactivated or unpublished.
 */
export async function findDesignDetail({
  db,
  designId,
}: {
  db: Database;
  designId: string;
}): Promise<DesignDetailRows | undefined> {
  const [row] = await findDesignDetailStatement(db, [designId]);
  if (!row) return undefined;
  const detail = decodeJson(row.detail);
  return { ...detail, cards: toCardRows(detail.cards) };
}

const findDesignGarmentsStatement = namedStatement<{ found: DesignGarments | string }>(
  "find_design_garments",
  renderStatement(sql`select json_build_object('id', ${designs.id}, 'offeredColors', ${designs.offeredColors},
      'artworkVersion', ${designs.artworkVersion},
      'variants', coalesce((select json_agg(json_build_object('styleKey', s.key, 'colors', s.colors))
        from ${sellerDesignProductVariants} v join ${garmentStyles} s on s.id = v.garment_style_id
        where v.design_id = ${designs.id} and v.offered), '[]'::json)) as found
    from ${designs} where ${designs.id} = $1 and ${listed}`),
);

/** What a design's images on each garment are signed from. */
export type DesignGarments = Pick<DetailDesign, "id" | "offeredColors" | "artworkVersion"> & {
  variants: Array<Pick<DetailVariant, "styleKey" | "colors">>;
};

/** A listed design's offered colours and its offered variants' styles and colours; undefined when not listed. */
export async function findDesignGarments({
  db,
  designId,
}: {
  db: Database;
  designId: string;
}): Promise<DesignGarments | undefined> {
  const [row] = await findDesignGarmentsStatement(db, [designId]);
  return row ? decodeJson(row.found) : undefined;
}

/** A home collection with the ids of its first designs, in its order. */
export type HomeCollectionRow = { id: number; key: string; displayName: string; designIds: string[] };

/**
 * A collection's first designs, by its kind's order: the same orders as listCollectionDesigns. The page size
 * is a literal, so the statement has no parameter and PostgreSQL plans it once per connection (with `limit $1`
 * it kept planning a custom plan, 1-1.5 ms, for every request: decision 049).
 */
const HOME_PAGE_LIMIT = sql.raw(String(HOME_PREVIEW_SIZE));
const collectionFirstDesignIds = sql`case c.kind
    when 'curated' then array(select ${designs.id} from internal_design_collection_items i
      join ${designs} on ${designs.id} = i.design_id
      where i.collection_id = c.id and ${listed}
      order by ${sql.join(designOrder("relevance", [sql`i.position asc`]), sql`, `)} limit ${HOME_PAGE_LIMIT})
    when 'popular' then array(select ${designs.id} from ${designs} where ${listed}
      order by ${sql.join(designOrder("popular", []), sql`, `)} limit ${HOME_PAGE_LIMIT})
    else array(select ${designs.id} from ${designs} where ${listed}
      order by ${sql.join(designOrder("newest", []), sql`, `)} limit ${HOME_PAGE_LIMIT})
  end`;

const findHomeCollectionsStatement = namedStatement<{
  home: { collections: HomeCollectionRow[]; cards: DesignCardRow[] } | string;
}>(
  "find_home_collections",
  renderStatement(sql`with shown as (
      select c.id, c.key, c.display_name, ${collectionFirstDesignIds} as design_ids
      from ${internalDesignCollections} c where c.kind <> 'all')
    select json_build_object(
      'collections', coalesce((select json_agg(json_build_object('id', shown.id, 'key', shown.key,
          'displayName', shown.display_name, 'designIds', shown.design_ids) order by shown.id)
        from shown), '[]'::json),
      'cards', ${designCardsJson(sql`select distinct unnest(design_ids) as id, 0 as position from shown`, listed)}
    ) as home`),
);

/**
 * Every home collection but `browse` (every design, which the home page links to without a preview), in id
 * order, with the ids of its first HOME_PREVIEW_SIZE designs and the card rows of them all, in ONE named
 * statement (decision 049).
 */
export async function findHomeCollections({
  db,
}: {
  db: Database;
}): Promise<{ collections: HomeCollectionRow[]; cards: DesignCardRow[] }> {
  const [row] = await findHomeCollectionsStatement(db, []);
  const home = row ? decodeJson(row.home) : { collections: [], cards: [] };
  return { collections: home.collections, cards: toCardRows(home.cards) };
}

export type Collection = typeof internalDesignCollections.$inferSelect;

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
