import Stripe from "stripe";

/**
 * The Stripe API version this server speaks (decision 061). Pinned, not the account's default: a change of
 * Stripe's default never changes our requests or the shapes we read. Typed as the `stripe` package's own
 * version, so upgrading the package to one that speaks another version fails the type check until this
 * constant (and the code that reads Stripe's objects) is reviewed.
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" satisfies Stripe.LatestApiVersion;

export const STRIPE_DEFAULT_API_BASE = "https://api.stripe.com";

export type StripeClientOptions = {
  secretKey: string;
  /** `https://api.stripe.com`, or a local server that speaks Stripe's protocol (tests). */
  apiBase: string;
  /** The longest wait per request. */
  timeoutMs: number;
};

/**
 * A client of the official `stripe` package for one secret key. It never retries on its own (the callers
 * decide, with their idempotency keys) and sends no telemetry.
 */
export function createStripeClient(options: StripeClientOptions): Stripe {
  const base = new URL(options.apiBase);
  const protocol = base.protocol === "http:" ? "http" : "https";
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: base.hostname,
    port: base.port || (protocol === "http" ? 80 : 443),
    protocol,
    timeout: options.timeoutMs,
    maxNetworkRetries: 0,
    telemetry: false,
    appInfo: { name: "Threadfolk" },
  });
}

export type { Stripe };
