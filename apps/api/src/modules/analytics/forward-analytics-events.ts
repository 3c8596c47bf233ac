import { inArray, sql } from "drizzle-orm";
import { ANALYTICS_MAX_EVENTS_PER_SEND, type AnalyticsSink } from "../../adapters/analytics/analytics.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { analyticsEvents } from "../../db/schema/index.ts";
import { createPollingWorker } from "../../lib/polling-worker.ts";
import { retryDelaySeconds } from "../mail/outbox.ts";

export type AnalyticsForwarder = {
  /** True when a tracker is configured: new events are queued for forwarding. */
  readonly isEnabled: boolean;
  /** Forwards every due event once (claiming rows so other instances skip them); returns how many were tried. */
  processDue(): Promise<number>;
  start(): void;
  /** Asks a started forwarder to look at the queue now (after events were stored in this process). */
  nudge(): void;
  stop(): Promise<void>;
};

type Logger = { warn(object: object, message: string): void; error(object: object, message: string): void };

type ClaimedRow = {
  id: string;
  name: string;
  category: string;
  properties: Record<string, unknown> | string;
  user_id: string | null;
  guest_id: string | null;
  session_id: string | null;
  occurred_at: Date | string;
  forward_attempts: number;
};

const BATCH_SIZE = 100;
const RETRY_BASE_SECONDS = 30;
const RETRY_MAX_SECONDS = 3600;

/**
 * The forwarder of one app process: stored events (the durable queue) go to GA4's Measurement Protocol when
 * ANALYTICS_GA4_MEASUREMENT_ID and ANALYTICS_GA4_API_SECRET are set, never in the request that stored them.
 * Unconfigured, it is inactive: nothing is queued and nothing is sent.
 */
export function createAnalyticsForwarder(options: {
  db: Database;
  config: Config;
  log: Logger;
  sink: AnalyticsSink | undefined;
}): AnalyticsForwarder {
  const { db, config, log, sink } = options;
  const isEnabled = Boolean(sink);
  const leaseSeconds = Math.ceil((config.ANALYTICS_FORWARD_TIMEOUT_MS * 3) / 1000) + 60;

  async function claimDue(): Promise<ClaimedRow[]> {
    const result = (await db.execute(sql`
      update analytics_events
      set forward_locked_until = now() + make_interval(secs => ${leaseSeconds}), forward_attempts = forward_attempts + 1
      where id in (
        select id from analytics_events
        where forward_status = 'pending' and next_forward_at <= now()
          and (forward_locked_until is null or forward_locked_until < now())
        order by next_forward_at, occurred_at
        limit ${BATCH_SIZE}
        for update skip locked
      )
      returning id, name, category, properties, user_id, guest_id, session_id, occurred_at, forward_attempts`)) as unknown as {
      rows: ClaimedRow[];
    };
    return result.rows;
  }

  async function markSent(ids: string[]): Promise<void> {
    await db
      .update(analyticsEvents)
      .set({ forwardStatus: "sent", forwardLockedUntil: null, lastForwardError: null })
      .where(inArray(analyticsEvents.id, ids));
  }

  async function markFailed(rows: ClaimedRow[], error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const attempts = Math.max(...rows.map((row) => Number(row.forward_attempts)));
    const givingUp = attempts >= config.ANALYTICS_FORWARD_MAX_ATTEMPTS;
    const delay = retryDelaySeconds({ attempts, baseSeconds: RETRY_BASE_SECONDS, maxSeconds: RETRY_MAX_SECONDS });
    await db
      .update(analyticsEvents)
      .set({
        forwardStatus: givingUp ? "failed" : "pending",
        forwardLockedUntil: null,
        lastForwardError: message,
        nextForwardAt: sql`now() + make_interval(secs => ${delay})`,
      })
      .where(
        inArray(
          analyticsEvents.id,
          rows.map((row) => row.id),
        ),
      );
    const details = { events: rows.length, attempts, error: message };
    if (givingUp) log.error(details, "analytics events could not be forwarded; giving up");
    else log.warn({ ...details, retryInSeconds: delay }, "analytics events could not be forwarded; will retry");
  }

  /** GA4 ties a request's events to one client: the session (one visit), else the guest, else the user. */
  function groupByClient(rows: ClaimedRow[]): ClaimedRow[][] {
    const groups = new Map<string, ClaimedRow[]>();
    // In the order they happened (`returning` gives no order).
    const ordered = [...rows].sort((a, b) => new Date(a.occurred_at).getTime() - new Date(b.occurred_at).getTime());
    for (const row of ordered) {
      const key = `${row.session_id ?? row.guest_id ?? row.user_id ?? row.id}|${row.user_id ?? ""}`;
      const group = groups.get(key) ?? [];
      group.push(row);
      groups.set(key, group);
    }
    return [...groups.values()].flatMap((group) => {
      const chunks: ClaimedRow[][] = [];
      for (let index = 0; index < group.length; index += ANALYTICS_MAX_EVENTS_PER_SEND) {
        chunks.push(group.slice(index, index + ANALYTICS_MAX_EVENTS_PER_SEND));
      }
      return chunks;
    });
  }

  async function forward(chunk: ClaimedRow[]): Promise<void> {
    const first = chunk[0];
    if (!first) return;
    const batch = {
      clientId: first.session_id ?? first.guest_id ?? first.user_id ?? first.id,
      userId: first.user_id,
      events: chunk.map((row) => ({
        name: row.name,
        category: row.category,
        // node-postgres decodes jsonb; PGlite's raw execute may hand back the text.
        properties: typeof row.properties === "string" ? JSON.parse(row.properties) : row.properties,
        occurredAt: new Date(row.occurred_at),
      })),
    };
    try {
      await sink?.send(batch);
      await markSent(chunk.map((row) => row.id));
    } catch (error) {
      await markFailed(chunk, error);
    }
  }

  async function runOnce(): Promise<number> {
    if (!isEnabled) return 0;
    let total = 0;
    for (;;) {
      const rows = await claimDue();
      for (const chunk of groupByClient(rows)) await forward(chunk);
      total += rows.length;
      if (rows.length < BATCH_SIZE) return total;
    }
  }

  const worker = createPollingWorker({
    runOnce,
    intervalMs: config.JOBS_POLL_INTERVAL_MS,
    onError: (error) => log.error({ err: error }, "analytics forwarder failed"),
  });

  return {
    isEnabled,
    processDue: worker.processDue,
    start() {
      if (isEnabled) worker.start();
    },
    nudge: worker.nudge,
    stop: worker.stop,
  };
}
