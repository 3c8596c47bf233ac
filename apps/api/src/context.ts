import type { AnalyticsSink } from "./adapters/analytics/analytics.ts";
import type { RateLimitCounters } from "./adapters/counters/counters.ts";
import type { MediaStorage } from "./adapters/storage/storage.ts";
import type { Config } from "./config.ts";
import type { Database, DatabaseHandle } from "./db/client.ts";
import type { PollingWorker } from "./lib/polling-worker.ts";
import type { AnalyticsForwarder } from "./modules/analytics/forward-analytics-events.ts";
import type { MailWorker } from "./modules/mail/outbox.ts";

/** What every route and service needs from the running app, built once at start-up. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  storage: MediaStorage;
  /** Shared counters for sign-in, sign-up, forgot-password and refresh limits (database or Redis). */
  rateLimiter: RateLimitCounters;
  /** The e-mail outbox worker; services call `nudge()` after queueing an e-mail. */
  mailer: MailWorker;
  /** Deletes dead sessions, tokens and rate-limit counters hourly (modules/housekeeping). */
  housekeeping: PollingWorker;
  /** Where stored analytics events are forwarded (GA4 or the local log); none unless configured. */
  analytics: AnalyticsSink | undefined;
  /** Forwards stored analytics events to the configured third-party trackers (inactive when none is). */
  analyticsForwarder: AnalyticsForwarder;
};
