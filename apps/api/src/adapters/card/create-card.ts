import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { getAppSecret } from "../../lib/app-secrets.ts";
import { STRIPE_DEFAULT_API_BASE } from "../../lib/stripe-client.ts";
import { CARD_FINGERPRINT_SECRET, type CardProcessor } from "./card.ts";
import { createLocalCard } from "./local-card.ts";
import { createStripeCard } from "./stripe-card.ts";

/**
 * What Stripe.js needs from the page's Content-Security-Policy, per Stripe's security guide, and nothing more:
 * its script, its card-field frames (and 3-D Secure's), and its API. Sent only when Stripe takes the cards.
 */
export const STRIPE_CSP_ORIGINS = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
} as const;

/**
 * Stripe PaymentIntents when STRIPE_SECRET_KEY is set (cards tokenised by Stripe.js, decision 061), else the
 * local test processor (decision 026), which keys its card fingerprints with an app secret.
 */
export function createCardProcessor(options: {
  config: Pick<
    Config,
    "SECRET_KEY" | "STRIPE_SECRET_KEY" | "STRIPE_API_BASE" | "STRIPE_WEBHOOK_SECRET" | "CARD_PROCESSOR_TIMEOUT_MS"
  >;
  db: Database;
  now?: () => Date;
}): CardProcessor {
  const { config, db } = options;
  const fingerprintKey = () => getAppSecret({ db, config, purpose: CARD_FINGERPRINT_SECRET });
  if (config.STRIPE_SECRET_KEY) {
    return createStripeCard({
      secretKey: config.STRIPE_SECRET_KEY,
      apiBase: config.STRIPE_API_BASE ?? STRIPE_DEFAULT_API_BASE,
      timeoutMs: config.CARD_PROCESSOR_TIMEOUT_MS,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    });
  }
  return createLocalCard({ db, fingerprintKey, ...(options.now ? { now: options.now } : {}) });
}
