import { z } from "zod";

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
  /** Spec 7: 'Checkout Flow' with 'Input Addresses' or 'Update Addresses'; the checkout pixel events. */
  "Checkout Flow": ["Input Addresses", "Update Addresses", "Initiate Checkout", "Add Payment Info", "Purchase"],
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
export const ANALYTICS_MAX_PROPERTIES = 25;
export const ANALYTICS_MAX_PROPERTY_KEY_LENGTH = 40;
export const ANALYTICS_MAX_PROPERTY_VALUE_LENGTH = 500;

const propertyValueSchema = z.union([
  z
    .string()
    .max(ANALYTICS_MAX_PROPERTY_VALUE_LENGTH, `must be at most ${ANALYTICS_MAX_PROPERTY_VALUE_LENGTH} characters`),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

/** Flat properties only (no nested objects): every tracker can take them as event parameters. */
export const analyticsPropertiesSchema = z
  .record(
    z
      .string()
      .min(1)
      .max(ANALYTICS_MAX_PROPERTY_KEY_LENGTH, `keys must be at most ${ANALYTICS_MAX_PROPERTY_KEY_LENGTH} characters`),
    propertyValueSchema,
  )
  .refine((value) => Object.keys(value).length <= ANALYTICS_MAX_PROPERTIES, {
    message: `at most ${ANALYTICS_MAX_PROPERTIES} properties`,
  });

/** One event as the client reports it. */
export const analyticsEventSchema = z
  .strictObject({
    /** The client's uuid for the event, so a retried batch is stored once; the server makes one when absent. */
    eventId: z.uuid({ error: "event_id must be a uuid" }).optional(),
    name: z.enum(ANALYTICS_EVENT_NAMES, { error: "name is not a known analytics event" }),
    category: z.enum(ANALYTICS_CATEGORIES, { error: "category is not a known analytics category" }),
    properties: analyticsPropertiesSchema.optional(),
    /** When it happened on the client (ISO 8601 with offset). */
    occurredAt: z.iso.datetime({ offset: true, error: "occurred_at must be an ISO 8601 date-time" }),
  })
  .refine((event) => (ANALYTICS_EVENTS[event.category] as readonly string[]).includes(event.name), {
    message: "name does not belong to this category",
    path: ["name"],
  });
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

/** `POST /api/v1/analytics_events`. */
export const analyticsBatchSchema = z.strictObject({
  events: z
    .array(analyticsEventSchema, { error: "events must be a list" })
    .min(1, "events must not be empty")
    .max(ANALYTICS_MAX_BATCH, `at most ${ANALYTICS_MAX_BATCH} events per batch`),
});
export type AnalyticsBatchInput = z.infer<typeof analyticsBatchSchema>;
