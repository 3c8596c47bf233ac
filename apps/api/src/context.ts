import type { Config } from "./config.ts";
import type { Database, DatabaseHandle } from "./db/client.ts";
import type { PollingWorker } from "./lib/polling-worker.ts";
import type { AnalyticsForwarder } from "./modules/analytics/forward-analytics-events.ts";
import type { MailWorker } from "./modules/mail/outbox.ts";
import type { MediaStorage } from "./modules/media/storage.ts";
import type { RateLimiter } from "./modules/rate-limit/rate-limiter.ts";

/** What every route and service needs from the running app, built once at start-up. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  storage: MediaStorage;
  /** Shared counters for sign-in, sign-up, forgot-password and refresh limits (database or Redis). */
  rateLimiter: RateLimiter;
  /** The e-mail outbox worker; services call `nudge()` after queueing an e-mail. */
  mailer: MailWorker;
  /** Deletes dead sessions, tokens and rate-limit counters hourly (modules/housekeeping). */
  housekeeping: PollingWorker;
  /** Forwards stored analytics events to the configured third-party trackers (inactive when none is). */
  analyticsForwarder: AnalyticsForwarder;
};
