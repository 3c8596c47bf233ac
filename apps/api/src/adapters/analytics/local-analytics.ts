import fs from "node:fs/promises";
import path from "node:path";
import { toSnakeKeys } from "@threadfolk/contract/case";
import { type AnalyticsSink, assertSendable } from "./analytics.ts";

/** One line of the local log: a forwarded batch, with the wire's snake_case keys. */
export type LoggedAnalyticsBatch = {
  sent_at: string;
  client_id: string;
  user_id: string | null;
  events: Array<{ name: string; category: string; properties: Record<string, unknown>; occurred_at: string }>;
};

/**
 * The offline tracker (ANALYTICS_LOCAL_LOG=true without GA4): each forwarded batch is appended as one JSON
 * line to `dir/events-YYYY-MM-DD.ndjson` (UTC day of forwarding), so the forwarding path can be watched and
 * the events analysed with any JSON tool, with nothing leaving the machine. The events themselves stay in
 * the database either way (`analytics_events`, the first-party record).
 */
export function createLocalAnalytics(options: { dir: string }): AnalyticsSink {
  return {
    name: "log",
    async send(batch) {
      assertSendable(batch);
      const now = new Date();
      const line: LoggedAnalyticsBatch = {
        sent_at: now.toISOString(),
        client_id: batch.clientId,
        user_id: batch.userId ?? null,
        events: batch.events.map((event) => ({
          name: event.name,
          category: event.category,
          properties: toSnakeKeys(event.properties) as Record<string, unknown>,
          occurred_at: event.occurredAt.toISOString(),
        })),
      };
      await fs.mkdir(options.dir, { recursive: true });
      // One write of one line in append mode: lines of concurrent writers never interleave.
      await fs.appendFile(
        path.join(options.dir, `events-${now.toISOString().slice(0, 10)}.ndjson`),
        `${JSON.stringify(line)}\n`,
      );
    },
  };
}
