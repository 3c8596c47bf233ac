import { z } from "zod";
import {
  ANALYTICS_CATEGORIES,
  ANALYTICS_EVENT_NAMES,
  ANALYTICS_EVENTS,
  ANALYTICS_MAX_BATCH,
  ANALYTICS_MAX_PROPERTIES,
  ANALYTICS_MAX_PROPERTY_KEY_LENGTH,
  ANALYTICS_MAX_PROPERTY_VALUE_LENGTH,
} from "./analytics-constants.ts";
import { textSchema } from "./text.ts";

export * from "./analytics-constants.ts";

const propertyValueSchema = z.union([
  textSchema({ maxLength: ANALYTICS_MAX_PROPERTY_VALUE_LENGTH }),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

/** Flat properties only (no nested objects): every tracker can take them as event parameters. */
export const analyticsPropertiesSchema = z
  .record(textSchema({ maxLength: ANALYTICS_MAX_PROPERTY_KEY_LENGTH, label: "keys" }).min(1), propertyValueSchema)
  .refine((value) => Object.keys(value).length <= ANALYTICS_MAX_PROPERTIES, {
    message: `at most ${ANALYTICS_MAX_PROPERTIES} properties`,
  });

/** One event as the client reports it. */
export const analyticsEventSchema = z
  .strictObject({
    /** The client's uuid for the event, so a retried batch is stored once; the server makes one when absent. */
    eventId: textSchema({ maxLength: 36, error: "event_id must be a uuid", tooLong: "event_id must be a uuid" })
      .pipe(z.uuid({ error: "event_id must be a uuid" }))
      .optional(),
    name: z.enum(ANALYTICS_EVENT_NAMES, { error: "name is not a known analytics event" }),
    category: z.enum(ANALYTICS_CATEGORIES, { error: "category is not a known analytics category" }),
    properties: analyticsPropertiesSchema.optional(),
    /** When it happened on the client (ISO 8601 with offset). */
    occurredAt: textSchema({ maxLength: 40, error: "occurred_at must be an ISO 8601 date-time" }).pipe(
      z.iso.datetime({ offset: true, error: "occurred_at must be an ISO 8601 date-time" }),
    ),
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
