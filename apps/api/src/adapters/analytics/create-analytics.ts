import path from "node:path";
import type { Config } from "../../config.ts";
import type { AnalyticsSink } from "./analytics.ts";
import { createGa4Analytics, GA4_DEFAULT_ENDPOINT } from "./ga4-analytics.ts";
import { createLocalAnalytics } from "./local-analytics.ts";

/**
 * GA4 when ANALYTICS_GA4_MEASUREMENT_ID and ANALYTICS_GA4_API_SECRET are set; else the local log when
 * ANALYTICS_LOCAL_LOG is true; else none: events are only stored in the database and nothing is forwarded.
 */
export function createAnalytics(config: Config): AnalyticsSink | undefined {
  if (config.ANALYTICS_GA4_MEASUREMENT_ID && config.ANALYTICS_GA4_API_SECRET) {
    return createGa4Analytics({
      endpoint: config.ANALYTICS_GA4_ENDPOINT ?? GA4_DEFAULT_ENDPOINT,
      measurementId: config.ANALYTICS_GA4_MEASUREMENT_ID,
      apiSecret: config.ANALYTICS_GA4_API_SECRET,
      timeoutMs: config.ANALYTICS_FORWARD_TIMEOUT_MS,
    });
  }
  if (config.ANALYTICS_LOCAL_LOG) return createLocalAnalytics({ dir: path.join(config.DATA_DIR, "analytics") });
  return undefined;
}
