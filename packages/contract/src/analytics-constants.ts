/**
 * Analytics constants and types without the validation library, so the web app's first load (which records
 * page views) does not download zod. `analytics.ts` re-exports all of this with the request schemas.
 */

/**
 * First-party analytics: the only events the web client may send, by category. The server refuses any
 * other name (422), so a typo in the client cannot create a new event silently. Spec sections 2, 4, 7, 8.
 */
export const ANALYTICS_EVENTS = {
  /** Spec 4: favouriting; spec 2: the navigation bar's Search click; follows (issue 5). */
  "Design Discovery": [
    "Favorited Design",
    "Unfavorited Design",
    "Clicked Search",
    "Followed Artist",
    "Unfollowed Artist",
  ],
  /**
   * Spec 7: 'Checkout Flow' with 'Input Addresses' or 'Update Addresses'; the checkout pixel events (the
   * spec's InitiateCheckout with the item count); 'Added to Cart' from the design page (issue 11).
   */
  "Checkout Flow": [
    "Added to Cart",
    "Input Addresses",
    "Update Addresses",
    "Initiate Checkout",
    "Add Payment Info",
    "Purchase",
  ],
  /** Spec 7: page-view events. */
  Navigation: ["Page View"],
  /** Spec 7: web vitals (CLS, FID, LCP), plus the ones that replaced FID. */
  "Web Vitals": ["CLS", "FID", "LCP", "INP", "FCP", "TTFB"],
  /** Spec 8: an Errors event with the message, route and date on an uncaught render error. */
  Errors: ["Render Error"],
  /** Spec 8: the unsuccessful sign-in event. */
  Authentication: ["Sign In Failed"],
} as const satisfies Record<string, readonly string[]>;

export type AnalyticsCategory = keyof typeof ANALYTICS_EVENTS;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[AnalyticsCategory][number];

export const ANALYTICS_CATEGORIES = Object.keys(ANALYTICS_EVENTS) as [AnalyticsCategory, ...AnalyticsCategory[]];
export const ANALYTICS_EVENT_NAMES = [...new Set(Object.values(ANALYTICS_EVENTS).flat())] as [
  AnalyticsEventName,
  ...AnalyticsEventName[],
];

/** Events per POST; the client flushes its queue in batches of at most this many. */
export const ANALYTICS_MAX_BATCH = 50;
/**
 * The largest batch body the server reads (413 beyond it): a real batch of 50 events weighs 10–20 KB, and
 * fetch's keepalive bodies are limited to 64 KiB anyway. Without it a batch could carry about 700 KB of
 * properties (50 events × 25 properties × 500 characters).
 */
export const ANALYTICS_MAX_BATCH_BYTES = 65_536;
export const ANALYTICS_MAX_PROPERTIES = 25;
export const ANALYTICS_MAX_PROPERTY_KEY_LENGTH = 40;
export const ANALYTICS_MAX_PROPERTY_VALUE_LENGTH = 500;
