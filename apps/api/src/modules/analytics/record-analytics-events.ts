import { randomUUID } from "node:crypto";
import type { AnalyticsEventInput } from "@threadfolk/contract/analytics";
import { ANALYTICS_MAX_EVENTS_PER_SEND } from "../../adapters/analytics/analytics.ts";
import type { Database } from "../../db/client.ts";
import { analyticsEvents } from "../../db/schema/index.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import type { Actor } from "../auth/authenticate.ts";

/**
 * Stores a batch of client events in one insert, tagged with who sent them (from the token, never from the
 * body). An event id seen before is skipped, so a retried batch counts once. Client clocks run ahead at
 * times: an event "from the future" is recorded as happening when it was received. Returns how many were new.
 */
export async function recordAnalyticsEvents(options: {
  db: Database;
  actor: Actor;
  events: AnalyticsEventInput[];
  /** Queue the new events for the tracker (only when one is configured), in the same transaction. */
  forward: boolean;
}): Promise<number> {
  const { db, actor, events, forward } = options;
  const now = Date.now();
  const rows = events.map((event) => {
    const occurredAt = new Date(event.occurredAt);
    return {
      eventId: event.eventId ?? randomUUID(),
      name: event.name,
      category: event.category,
      properties: event.properties ?? {},
      userId: actor.kind === "user" ? actor.userId : null,
      guestId: actor.guestId ?? null,
      sessionId: actor.sessionId,
      occurredAt: occurredAt.getTime() > now ? new Date(now) : occurredAt,
    };
  });
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(analyticsEvents)
      .values(rows)
      .onConflictDoNothing({ target: analyticsEvents.eventId })
      .returning({ id: analyticsEvents.id });
    if (forward) {
      // One request's events share one client, so each job is one send to the tracker.
      for (let index = 0; index < inserted.length; index += ANALYTICS_MAX_EVENTS_PER_SEND) {
        const eventIds = inserted.slice(index, index + ANALYTICS_MAX_EVENTS_PER_SEND).map((row) => row.id);
        await enqueueJob(tx, "forward_analytics_events", { eventIds });
      }
    }
    return inserted.length;
  });
}
