import type { Config } from "../../config.ts";
import { STRIPE_DEFAULT_API_BASE } from "../../lib/stripe-client.ts";
import { createLocalTax } from "./local-tax.ts";
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
