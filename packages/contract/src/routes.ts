/** The static pages of the product, their paths and titles (spec section 2). */
export const STATIC_PAGES = [
  { path: "/refund-policy", title: "Refund Policy" },
  { path: "/intellectual-property-policy", title: "Intellectual Property Policy" },
  { path: "/faq", title: "Frequently Asked Questions" },
  { path: "/terms", title: "Terms & Conditions" },
  { path: "/privacy-policy", title: "Privacy Policy" },
  { path: "/about", title: "About Us" },
  { path: "/size-charts", title: "Size Charts" },
  { path: "/seller-program", title: "Seller Program" },
] as const;

/** Every client route of the single-page app (spec section 2), as path patterns. */
export const CLIENT_ROUTES = {
  home: "/",
  results: "/results",
  design: "/design/:uuid/:slug/:defaultColor",
  artist: "/artist/:username/:artistUuid",
  shoppingCart: "/shopping-cart",
  orderShippingDetails: "/order-shipping-details",
  orderPaymentDetails: "/order-payment-details",
  sellerProfile: "/seller-profile",
  sellerOrders: "/my-profile/seller-orders",
  myDesigns: "/my-profile/my-designs",
  orders: "/my-profile/orders",
  /** One of the customer's orders (the Orders tab's order page). */
  order: "/my-profile/orders/:orderNumber",
  /** A guest's order, opened from its confirmation e-mail: `?token=` is the link's signature. */
  guestOrder: "/orders/:orderNumber",
  favorites: "/my-profile/favorites",
  followedArtist: "/my-profile/followed-artist",
  productUploadWizard: "/my-profile/product-upload-wizard",
  productEditor: "/my-profile/product-editor/:sellerDesignUuid",
  resetPassword: "/reset-password/:resetPasswordToken",
  confirmEmail: "/confirm-email/:emailConfirmationToken",
  /** The link that confirms an artist's PayPal e-mail for payouts (issue 29). */
  confirmPayoutEmail: "/confirm-payout-email/:payoutEmailToken",
} as const;

const ALL_PATTERNS: string[] = [...Object.values(CLIENT_ROUTES), ...STATIC_PAGES.map((page) => page.path)];

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}/?$`);
}

const MATCHERS = ALL_PATTERNS.map(patternToRegExp);

export type ClientRouteKey = keyof typeof CLIENT_ROUTES;

/**
 * The web build's list of extra code to preload per route (`{ [ClientRouteKey]: string[] }`), beside index.html:
 * written by the web app's build, read by the server (decision 011).
 */
export const ROUTE_PRELOADS_FILE = "route-preloads.json";

const ROUTE_MATCHERS = (Object.entries(CLIENT_ROUTES) as [ClientRouteKey, string][]).map(
  ([key, pattern]) => [key, patternToRegExp(pattern)] as const,
);

/** The CLIENT_ROUTES key of a pathname; undefined for static pages and paths that are not pages. */
export function clientRouteOf(pathname: string): ClientRouteKey | undefined {
  return ROUTE_MATCHERS.find(([, matcher]) => matcher.test(pathname))?.[0];
}

/** True when a pathname is a page of the app (the server answers 200 for these, 404 for the rest). */
export function isClientRoute(pathname: string): boolean {
  return MATCHERS.some((matcher) => matcher.test(pathname));
}

/** `/results?query=…&page=1`: the search results URL the search box navigates to (query used as typed). */
export function searchResultsPath(query: string, page = 1): string {
  return `/results?query=${encodeURIComponent(query)}&page=${page}`;
}

export function homeCollectionResultsPath(collection: string, page = 1): string {
  return `/results?home-collection=${encodeURIComponent(collection)}&page=${page}`;
}

/** `/my-profile/orders/{orderNumber}`: a customer's order page. */
export function orderPath(orderNumber: string): string {
  return `/my-profile/orders/${encodeURIComponent(orderNumber)}`;
}

/** `/orders/{orderNumber}?token=…`: a guest's order page, the link of its confirmation e-mail. */
export function guestOrderPath(orderNumber: string, token: string): string {
  return `/orders/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token)}`;
}
