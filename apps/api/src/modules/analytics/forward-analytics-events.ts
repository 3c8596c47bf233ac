import { asc, inArray } from "drizzle-orm";
import type { AnalyticsBatch, AnalyticsSink } from "../../adapters/analytics/analytics.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { analyticsEvents } from "../../db/schema/index.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";

const RETRY_BASE_SECONDS = 30;
const RETRY_MAX_SECONDS = 3600;

type EventRow = Pick<
  typeof analyticsEvents.$inferSelect,
  "id" | "name" | "category" | "properties" | "userId" | "guestId" | "sessionId" | "occurredAt"
>;

/** A tracker ties a batch's events to one client: the session (one visit), else the guest, else the user. */
function toBatches(rows: EventRow[]): AnalyticsBatch[] {
  const batches = new Map<string, AnalyticsBatch>();
  for (const row of rows) {
    const clientId = row.sessionId ?? row.guestId ?? row.userId ?? row.id;
    const key = `${clientId}|${row.userId ?? ""}`;
    const batch = batches.get(key) ?? { clientId, userId: row.userId, events: [] };
    batch.events.push({
      name: row.name,
      category: row.category,
      properties: row.properties,
      occurredAt: row.occurredAt,
    });
    batches.set(key, batch);
  }
  return [...batches.values()];
}

/**
 * Forwards the stored events of a `forward_analytics_events` job (one request's batch: one client, at most
 * 25 events) to the configured tracker, in the order they happened. Events deleted since are skipped.
 * Retries every 30 s doubling up to an hour, ANALYTICS_FORWARD_MAX_ATTEMPTS times.
 */
export function createForwardAnalyticsEventsHandler(options: {
  db: Database;
  config: Config;
  analytics: AnalyticsSink;
}): JobHandler<"forward_analytics_events"> {
  const { db, config, analytics } = options;
  return {
    retry: {
      maxAttempts: config.ANALYTICS_FORWARD_MAX_ATTEMPTS,
      baseDelaySeconds: RETRY_BASE_SECONDS,
      maxDelaySeconds: RETRY_MAX_SECONDS,
      leaseSeconds: Math.ceil((config.ANALYTICS_FORWARD_TIMEOUT_MS * 3) / 1000) + 60,
    },
    async run({ eventIds }) {
      const rows = await db
        .select({
          id: analyticsEvents.id,
          name: analyticsEvents.name,
          category: analyticsEvents.category,
          properties: analyticsEvents.properties,
          userId: analyticsEvents.userId,
          guestId: analyticsEvents.guestId,
          sessionId: analyticsEvents.sessionId,
          occurredAt: analyticsEvents.occurredAt,
        })
        .from(analyticsEvents)
        .where(inArray(analyticsEvents.id, eventIds))
        .orderBy(asc(analyticsEvents.occurredAt), asc(analyticsEvents.id));
      for (const batch of toBatches(rows)) await analytics.send(batch);
      return { tracker: analytics.name, forwarded: rows.length };
    },
  };
}
