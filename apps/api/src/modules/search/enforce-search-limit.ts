import type { AppContext } from "../../context.ts";
import { boundKeyPart } from "../../lib/bounded-key.ts";
import { enforceLimit } from "../rate-limit/enforce-rate-limit.ts";

/**
 * Search results and suggestions cost the database real work (full-text and trigram matching), so each is
 * limited per client address: SEARCH_RATE_LIMIT_PER_IP requests in any SEARCH_RATE_LIMIT_WINDOW_SECONDS
 * (60 in 10 s by default, each route its own allowance). A shopper typing and paging stays far below it;
 * one client cannot keep the embedded database busy for everyone else. Over it: 429 with Retry-After.
 */
export async function enforceSearchLimit(options: {
  context: Pick<AppContext, "rateLimiter" | "config">;
  route: "search" | "search_suggestions";
  ip: string;
}): Promise<void> {
  const { context, route, ip } = options;
  await enforceLimit({
    rateLimiter: context.rateLimiter,
    key: `${route}:ip:${boundKeyPart(ip)}`,
    limit: context.config.SEARCH_RATE_LIMIT_PER_IP,
    windowSeconds: context.config.SEARCH_RATE_LIMIT_WINDOW_SECONDS,
  });
}
