import type { ProductColor } from "./colors.ts";
import { type HomeCollectionKey, PAGE_SIZE } from "./constants.ts";

/**
 * Discovery constants and wire types without the validation library, so a web page that only needs a page
 * size or the card type does not download zod with it. `discovery.ts` re-exports all of this.
 */

/** Deepest page a listing serves: 24 x 5000 = 120,000 designs, beyond which nobody pages by hand. */
export const MAX_PAGE = 5000;
/** A search query longer than this is refused (422) rather than run: nobody types 200 characters. */
export const MAX_QUERY_LENGTH = 200;
export const DESIGN_PAGE_SIZE = PAGE_SIZE;
/** Cards per home collection preview (two rows of four on desktop). */
export const HOME_PREVIEW_SIZE = 8;
/** Card images are squares of this many pixels (width and height attributes, so nothing jumps). */
export const CARD_IMAGE_SIZE = 640;
/**
 * The home carousel's slide width (`sizes`): the spec's 1152 px inside 1300 px, scaled down below that. The
 * server preloads the first slide with the same value (decision 011).
 */
export const CAROUSEL_IMAGE_SIZES = "(min-width: 1300px) 1152px, 89vw";
/**
 * Where a slide shows its phone rendition (`phoneImage`) instead of the 1152x300 one, and how wide it is there:
 * the home page's full width less its 10 px side padding. The server preloads the first slide's phone image
 * for this media query and the desktop one for the rest, so each screen downloads one of them (decision 044).
 */
export const CAROUSEL_PHONE_MEDIA = "(max-width: 639px)";
export const CAROUSEL_DESKTOP_MEDIA = "(min-width: 640px)";
export const CAROUSEL_PHONE_IMAGE_SIZES = "calc(100vw - 20px)";
/** "More by this artist" on the design page. */
export const MORE_BY_ARTIST_SIZE = 8;

export const SEARCH_SORTS = ["relevance", "newest", "popular", "price_asc", "price_desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Garment styles a results page can be narrowed to (`style=`): designs offered in that style. */
export const FILTER_GARMENT_STYLES = ["mens_tee", "womens_tee", "hoodie", "tank_top", "long_sleeve"] as const;
export type FilterGarmentStyle = (typeof FILTER_GARMENT_STYLES)[number];
export const FILTER_GARMENT_STYLE_LABELS: Record<FilterGarmentStyle, string> = {
  mens_tee: "Men's T-Shirt",
  womens_tee: "Women's T-Shirt",
  hoodie: "Pullover Hoodie",
  tank_top: "Tank Top",
  long_sleeve: "Long Sleeve Tee",
};
/** Highest whole-dollar bound of the price filter (`price_from`, `price_under`). */
export const MAX_FILTER_DOLLARS = 1000;

/**
 * The filters of a results page (search, home collection, browse), camelCase as the contract parses them:
 * a garment style the design is offered in, a colour it is offered in (in that style, when one is given) and
 * the price the card shows (the sale price during a sale) from `priceFrom` dollars and under `priceUnder`.
 */
export type DesignFilters = {
  style?: FilterGarmentStyle;
  color?: ProductColor;
  priceFrom?: number;
  priceUnder?: number;
};

/**
 * Totals of broad searches and filtered listings are counted exactly up to this many designs; beyond it the
 * reply says `totalCountCapped` and the page shows the cap ("1,000+ designs"). Counting further would visit
 * every match of a word most designs have, for a number nobody pages through (42 pages of 24).
 */
export const COUNT_CAP = 1_000;

/** An image with every width for srcset and its intrinsic size. */
export type ImageSource = { src: string; srcSet: string; width: number; height: number };

/** The design card (spec section 3), camelCase as the client sees it after case conversion. */
export type DesignCard = {
  id: string;
  uuid: string;
  slug: string;
  displayName: string;
  price: string;
  onSale: boolean;
  salesPrice: string;
  defaultColor: string;
  /**
   * Keyed by colour (camelCase after conversion, like defaultColor's key): the default colour's watermarked
   * mockup, a CARD_IMAGE_SIZE square.
   */
  watermarkedSignedUrls: Record<string, string>;
  artistName: string;
  artistUuid: string;
  artistUniqueUsername: string;
  sellerProfileId: string;
  defaultSellerDesignProductVariantId: number | null;
};

export type PageMeta = {
  totalCount: number;
  page: number;
  perPage: number;
  totalPages: number;
  /** True when there are more than COUNT_CAP designs: totalCount is then COUNT_CAP, a lower bound. */
  totalCountCapped?: boolean;
};

/** One page of design cards with its paging facts. */
type DesignCardPage<Meta> = { data: DesignCard[]; meta: PageMeta & Meta };

/** `GET /internal_design_collections?query&page&sort`: one page of search results. */
export type SearchDesignsResponse = DesignCardPage<{
  query: string;
  sort: SearchSort;
  /** Query words no design has, left out so that the rest still finds designs. */
  droppedWords?: string[];
}>;

/** `GET /internal_design_collections/{name_key}?page&sort`: one page of a home collection. */
export type CollectionDesignsResponse = DesignCardPage<{
  nameKey: HomeCollectionKey;
  displayName: string;
  /** The order the page is in: the collection's own (`relevance`: curated position) or the one asked for. */
  sort: SearchSort;
}>;

/** One home collection (spec section 3, internal collection). */
export type HomeCollection = {
  id: string;
  type: string;
  attributes: { displayName: string; homePagePreview: DesignCard[] };
};

/**
 * `GET /internal_design_collections` without a query: the home collections keyed by name (camelCase after the
 * client's conversion: `blkHistory25`), plus the page view's eventId.
 */
export type HomeCollectionsResponse = { eventId?: string } & { [key: string]: HomeCollection | string | undefined };

/** One slide (spec section 3, carousel asset): an image linking to a click destination. */
export type CarouselAsset = {
  id: string;
  type: string;
  attributes: {
    id: number;
    assetUrl: string;
    image: ImageSource;
    /**
     * Not in the spec: the slide's phone rendition (3:2, larger lettering), shown below CAROUSEL_PHONE_MEDIA in
     * place of `image` (decision 044). `assetUrl` and `image` stay the spec's 1152x300 slide.
     */
    phoneImage: ImageSource;
    clickDestinationUrl: string;
    altText: string | null;
  };
};

/** `GET /carousels?location_code=…`. */
export type CarouselResponse = {
  data: {
    id: string;
    type: string;
    attributes: { locationCode: string; slideDelayInMs: number; carouselAssets: CarouselAsset[] };
  };
};

/** `GET /marketplace_sales` (spec section 3, marketplace sale): `data` is null when no sale runs. */
export type MarketplaceSaleResponse = {
  data: {
    id: string;
    type: string;
    attributes: { name: string; startDate: string; endDate: string; percentOff: number };
  } | null;
};

/** An artist's profile resource (the storefront's header). */
export type ArtistProfile = {
  id: string;
  type: string;
  attributes: {
    uuid: string;
    uniqueUsername: string;
    displayName: string;
    bio: string;
    avatar: ImageSource | null;
    banner: ImageSource | null;
    designCount: number;
    followerCount: number;
  };
};

/** `GET /artists/{uuid or unique_username}?page`: the storefront with one page of designs. */
export type ArtistStorefrontResponse = {
  data: ArtistProfile;
  designs: DesignCard[];
  /** The artist's storefront collections (issue 14), in order, each with its live designs in order. */
  collections: Array<{ id: string; name: string; designs: DesignCard[] }>;
  meta: PageMeta;
};

/** One style and fit of a design (a seller design product variant, numeric id). */
export type DesignVariant = {
  id: number;
  isDefault: boolean;
  garmentStyleKey: string;
  garmentStyleDisplayName: string;
  fit: string;
  /** Which drawn garment pictures this style (`tee`, `womens-tee`, `long-sleeve`, `hoodie`, `tank-top`): the key of `images`. */
  garment: string;
  price: string;
  priceCents: number;
  onSale: boolean;
  salesPrice: string;
  /** In the spec's size order. */
  sizes: string[];
  /** Snake-case colour names this style comes in. */
  colors: string[];
};

export type DesignColor = { key: string; displayName: string; hex: string };

/** The artist block of the design page. */
export type DesignArtist = { uuid: string; uniqueUsername: string; displayName: string; avatar: ImageSource | null };

/** The design page's resource: the card's facts plus every colour's images, the variants and the artist. */
export type DesignDetail = {
  id: string;
  type: string;
  attributes: DesignCard & {
    description: string;
    tags: string[];
    publishedAt: string | null;
    colors: DesignColor[];
    /**
     * By garment, then by colour (camelCase key, as the client converts keys): the watermarked mockups. Only
     * the garment of the default variant (the first of `variants`); another garment's come from
     * `GET /designs/{uuid}/images/{garment}` (decision 049). The clean ones are never in a public reply
     * (decision 021).
     */
    images: Record<string, Record<string, { watermarked: ImageSource }>>;
    variants: DesignVariant[];
    artist: DesignArtist;
    moreByArtist: DesignCard[];
  };
};

/** `GET /designs/{uuid}`. */
export type DesignResponse = { data: DesignDetail };

/** `GET /designs/{uuid}/images/{garment}`: one garment's watermarked mockups, by colour (as `DesignDetail.images`). */
export type DesignGarmentImagesResponse = {
  data: { garment: string; images: Record<string, { watermarked: ImageSource }> };
};

/** What matches the text typed so far in the search box. */
export type SearchSuggestions = {
  designs: Array<{ uuid: string; slug: string; displayName: string; defaultColor: string }>;
  tags: string[];
  artists: Array<{ uuid: string; uniqueUsername: string; displayName: string }>;
};

/** `GET /search_suggestions?query`. */
export type SearchSuggestionsResponse = { data: SearchSuggestions };
