import type { AddressVerifier } from "./adapters/address/address.ts";
import type { AnalyticsSink } from "./adapters/analytics/analytics.ts";
import type { CardProcessor } from "./adapters/card/card.ts";
import type { RateLimitCounters } from "./adapters/counters/counters.ts";
import type { FulfilmentSetup } from "./adapters/fulfilment/create-fulfilment.ts";
import type { MailTransport } from "./adapters/mail/mail.ts";
import type { PayPalSetup } from "./adapters/paypal/create-paypal.ts";
import type { MediaStorage } from "./adapters/storage/storage.ts";
import type { TaxEstimator } from "./adapters/tax/tax.ts";
import type { Config } from "./config.ts";
import type { Database, DatabaseHandle } from "./db/client.ts";
import type { JobWorker } from "./jobs/job-worker.ts";
import type { HeavyPool } from "./lib/heavy-pool.ts";
import type { AccessTokenCache } from "./modules/auth/access-token-cache.ts";
import type { MediaRenderer } from "./modules/media/media-renderer.ts";

/** What every route and service needs from the running app, built once at start-up. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  storage: MediaStorage;
  /** Shared counters for sign-in, sign-up, forgot-password and refresh limits (database or Redis). */
  rateLimiter: RateLimitCounters;
  /** Where `send_email` jobs deliver (SMTP or the local .eml outbox). */
  mail: MailTransport;
  /** Where stored analytics events are forwarded (GA4 or the local log); none unless configured. */
  analytics: AnalyticsSink | undefined;
  /** Checks shipping addresses: UPS when configured, else the bundled ZIP data (decision 022). */
  addressVerifier: AddressVerifier;
  /** This process's job worker; services call `nudge()` after enqueueing a job (jobs/). */
  jobs: JobWorker;
  /** The cart's sales tax estimate (Stripe Tax, or the local table by default). */
  tax: TaxEstimator;
  /** Takes card payments: Stripe when configured, else the local test processor (decision 026). */
  cardProcessor: CardProcessor;
  /** PayPal's API, or the in-app PayPal sandbox when no credentials are set (decision 027). */
  paypal: PayPalSetup;
  /**
   * The child processes of CPU-heavy work, under a time and memory limit (decisions 056, 064): `jobs` serves
   * the heavy job lane (upload checks, mockup sets), `renders` the pictures the media route draws on request.
   */
  heavyWork: { jobs: HeavyPool; renders: HeavyPool; prints: HeavyPool };
  /** Draws the media route's pictures in `heavyWork.renders`. */
  mediaRenderer: MediaRenderer;
  /** The print providers: where paid orders go to be printed and shipped (issue 27). */
  fulfilment: FulfilmentSetup;
  /** Valid access-token lookups kept for a few seconds (decision 051; registerAuthentication keeps it honest). */
  accessTokenCache: AccessTokenCache;
};
