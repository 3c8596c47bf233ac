import type { Config } from "../../config.ts";
import { STRIPE_DEFAULT_API_BASE } from "../../lib/stripe-client.ts";
import { createLocalTax } from "./local-tax.ts";
import { tableAge } from "./sales-tax-table.ts";
import { createStripeTax } from "./stripe-tax.ts";
import type { TaxEstimator } from "./tax.ts";

/**
 * Stripe Tax when STRIPE_TAX_SECRET_KEY is set, falling back to the local table when Stripe fails or takes
 * longer than TAX_TIMEOUT_MS; else the local table alone (decision 023).
 */
export function createTax(config: Config, options: { onFallback?: (error: unknown) => void } = {}): TaxEstimator {
  const local = createLocalTax();
  if (!config.STRIPE_TAX_SECRET_KEY) return local;
  return createStripeTax({
    secretKey: config.STRIPE_TAX_SECRET_KEY,
    apiBase: config.STRIPE_TAX_API_BASE ?? STRIPE_DEFAULT_API_BASE,
    timeoutMs: config.TAX_TIMEOUT_MS,
    fallback: local,
    ...options,
  });
}

/**
 * What a production server without a tax service says at start (decision 059): that the shoppers' tax comes
 * from the local table, and how old that table is. Null when a tax service is configured or outside production.
 */
export function describeTaxTableAge(
  config: Pick<Config, "NODE_ENV" | "STRIPE_TAX_SECRET_KEY">,
  now: Date = new Date(),
): { message: string; oldestAsOf: string; newestAsOf: string; ageDays: number } | null {
  if (config.NODE_ENV !== "production" || config.STRIPE_TAX_SECRET_KEY) return null;
  const age = tableAge(now);
  return {
    message:
      `tax is estimated from the local table, whose oldest row is as of ${age.oldestAsOf} (${age.days} days old); ` +
      "check it against its sources or set STRIPE_TAX_SECRET_KEY",
    oldestAsOf: age.oldestAsOf,
    newestAsOf: age.newestAsOf,
    ageDays: age.days,
  };
}
