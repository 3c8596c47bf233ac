// Business constants and limits of spec section 9 (the currency, locale and fallback price are in money.ts).
/** Sessions end after this many minutes without activity. */
export const SESSION_TIMEOUT_MINUTES = 10080;
export const MAX_PAGE_WIDTH_PX = 1440;
export const DEFAULT_CART_COUNT = 0;
export const PAGE_SIZE = 24;
export const FIRST_PAGE = 1;

/** Home collection keys used in results links (`/results?home-collection=…`). */
export const HOME_COLLECTION_KEYS = [
  "popular",
  "blk_history25",
  "anime",
  "funny",
  "nerdery",
  "picks",
  "recent",
  "browse",
] as const;
export type HomeCollectionKey = (typeof HOME_COLLECTION_KEYS)[number];

/** Section order of the desktop home page. */
export const DESKTOP_HOME_SECTIONS: readonly HomeCollectionKey[] = [
  "blk_history25",
  "popular",
  "anime",
  "funny",
  "nerdery",
  "picks",
  "recent",
];

/** Row order of the mobile home page: recent comes before picks. */
export const MOBILE_HOME_SECTIONS: readonly HomeCollectionKey[] = [
  "blk_history25",
  "popular",
  "anime",
  "funny",
  "nerdery",
  "recent",
  "picks",
];

/** Terms the cart icon searches for when the cart is empty. */
export const EMPTY_CART_SEARCH_TERMS = ["anime", "mha", "warhammer", "yu yu hakusho"] as const;

export const TAGLINE = "No fandom too small, no meme too dank!";
