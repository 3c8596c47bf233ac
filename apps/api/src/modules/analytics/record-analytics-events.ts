import { randomUUID } from "node:crypto";
import type { AnalyticsEventInput } from "@threadfolk/contract/analytics";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { analyticsEvents } from "../../db/schema/index.ts";
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
  /** Queue the events for the third-party forwarder (only when one is configured). */
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
      forwardStatus: forward ? ("pending" as const) : null,
      nextForwardAt: forward ? sql`now()` : null,
    };
  });
  const inserted = await db
    .insert(analyticsEvents)
    .values(rows)
    .onConflictDoNothing({ target: analyticsEvents.eventId })
    .returning({ id: analyticsEvents.id });
  return inserted.length;
}
