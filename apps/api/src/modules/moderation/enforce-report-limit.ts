import type { AppContext } from "../../context.ts";
import { boundKeyPart } from "../../lib/bounded-key.ts";
import { enforceLimit } from "../rate-limit/enforce-rate-limit.ts";

/**
 * 'Report this design' is open to guests, so it is limited where spam would come from: DESIGN_REPORTS_PER_IP
 * (20) per client address and DESIGN_REPORTS_PER_EMAIL (5) per reporter e-mail in any
 * DESIGN_REPORT_WINDOW_SECONDS (an hour), whoever is signed in. Over either: 429 with Retry-After.
 */
export async function enforceReportLimit(options: {
  context: Pick<AppContext, "rateLimiter" | "config">;
  ip: string;
  email: string;
}): Promise<void> {
  const { context, ip, email } = options;
  const { rateLimiter, config } = context;
  const windowSeconds = config.DESIGN_REPORT_WINDOW_SECONDS;
  await Promise.all([
    enforceLimit({
      rateLimiter,
      key: `design_report:ip:${boundKeyPart(ip)}`,
      limit: config.DESIGN_REPORTS_PER_IP,
      windowSeconds,
    }),
    enforceLimit({
      rateLimiter,
      key: `design_report:email:${boundKeyPart(email.trim().toLowerCase())}`,
      limit: config.DESIGN_REPORTS_PER_EMAIL,
      windowSeconds,
    }),
  ]);
}
