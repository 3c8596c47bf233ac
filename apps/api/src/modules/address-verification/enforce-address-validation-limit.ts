import type { AppContext } from "../../context.ts";
import type { Actor } from "../../lib/authorize.ts";
import { boundKeyPart } from "../../lib/bounded-key.ts";
import { enforceLimit } from "../rate-limit/enforce-rate-limit.ts";

/**
 * A shopper verifies an address a few times per checkout; ADDRESS_VALIDATIONS_PER_IDENTITY (30) in any
 * ADDRESS_VALIDATION_WINDOW_SECONDS (10 minutes) leaves room for many corrections. Guest tokens are cheap,
 * so the client address has its own, wider allowance (ADDRESS_VALIDATIONS_PER_IP, 300: an office or a
 * campus shares one). Over either: 429 with Retry-After. Each UPS call spends our carrier quota.
 */
export async function enforceAddressValidationLimit(options: {
  context: Pick<AppContext, "rateLimiter" | "config">;
  actor: Actor;
  ip: string;
}): Promise<void> {
  const { context, actor, ip } = options;
  const { rateLimiter, config } = context;
  const identity = actor.kind === "user" ? `user:${actor.userId}` : `guest:${actor.guestId}`;
  const windowSeconds = config.ADDRESS_VALIDATION_WINDOW_SECONDS;
  // Both counted at once (two short statements in parallel, not one after the other).
  await Promise.all([
    enforceLimit({
      rateLimiter,
      key: `address_validation:ip:${boundKeyPart(ip)}`,
      limit: config.ADDRESS_VALIDATIONS_PER_IP,
      windowSeconds,
    }),
    enforceLimit({
      rateLimiter,
      key: `address_validation:${boundKeyPart(identity)}`,
      limit: config.ADDRESS_VALIDATIONS_PER_IDENTITY,
      windowSeconds,
    }),
  ]);
}
