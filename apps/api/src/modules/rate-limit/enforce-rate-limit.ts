import { LRUCache } from "lru-cache";
import type { RateLimitCounters } from "../../adapters/counters/counters.ts";
import type { Config } from "../../config.ts";
import { AppError } from "../../lib/app-error.ts";
import { boundKeyPart } from "../../lib/bounded-key.ts";

/**
 * The account actions limited per client IP and e-mail (spec: sign-up, forgot-password, token refresh, and
 * guest tokens). Sign-in has its own, fairer policy (sign-in-limits.ts).
 */
export type RateLimitedAction = "sign_up" | "forgot_password" | "refresh" | "guest_token";

/** Thrown when a limit is exceeded; routes turn it into a 429 with Retry-After. */
export class RateLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited", `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`);
    this.headers = { "Retry-After": String(retryAfterSeconds) };
  }
}

/** Refusals remembered at most, per app; the least recently used are forgotten first (forgetting one only costs a query). */
const MAX_REMEMBERED_REFUSALS = 10_000;
/** Per counters instance (one per app): key -> when (ms) the shared counters said a hit may come again. */
const refusalMemories = new WeakMap<RateLimitCounters, LRUCache<string, number>>();

function refusalMemoryOf(rateLimiter: RateLimitCounters): LRUCache<string, number> {
  let memory = refusalMemories.get(rateLimiter);
  if (!memory) {
    memory = new LRUCache({ max: MAX_REMEMBERED_REFUSALS });
    refusalMemories.set(rateLimiter, memory);
  }
  return memory;
}

/**
 * Counts one request against `key` and throws a RateLimitError when it is over `limit` in the sliding window.
 * A refusal is remembered in this process until its Retry-After: nothing can open the window sooner (hits
 * are only added, on any instance), so a client that keeps knocking costs no database work meanwhile.
 * For keys whose hits are never released or reset (sign-in, which gives hits back, does not use this).
 */
export async function enforceLimit(options: {
  rateLimiter: RateLimitCounters;
  key: string;
  limit: number;
  windowSeconds: number;
  /** The clock (tests). */
  now?: () => number;
}): Promise<void> {
  const { rateLimiter, key, limit, windowSeconds } = options;
  const now = options.now ?? Date.now;
  const memory = refusalMemoryOf(rateLimiter);
  const refusedUntil = memory.get(key);
  if (refusedUntil !== undefined) {
    const waitMs = refusedUntil - now();
    if (waitMs > 0) throw new RateLimitError(Math.ceil(waitMs / 1000));
    memory.delete(key);
  }
  const result = await rateLimiter.hit({ key, limit, windowSeconds });
  if (result.allowed) return;
  memory.set(key, now() + result.retryAfterSeconds * 1000);
  throw new RateLimitError(result.retryAfterSeconds);
}

/**
 * Counts one attempt of `action` against the client IP and, when given, the e-mail address (lowercased),
 * and throws a RateLimitError when either limit is exceeded. Both are counted so that switching between
 * addresses from one IP, or between IPs for one address, does not help.
 */
export async function enforceRateLimit(options: {
  rateLimiter: RateLimitCounters;
  config: Config;
  action: RateLimitedAction;
  ip: string;
  email?: string;
}): Promise<void> {
  const { rateLimiter, config, action, ip, email } = options;
  const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
  // Every first visit creates a guest, so guest tokens get their own, higher per-IP allowance.
  const ipLimit = action === "guest_token" ? config.RATE_LIMIT_GUEST_TOKENS_PER_IP : config.RATE_LIMIT_PER_IP;
  const checks = [rateLimiter.hit({ key: `${action}:ip:${boundKeyPart(ip)}`, limit: ipLimit, windowSeconds })];
  if (email) {
    const key = `${action}:email:${boundKeyPart(email.trim().toLowerCase())}`;
    checks.push(rateLimiter.hit({ key, limit: config.RATE_LIMIT_PER_EMAIL, windowSeconds }));
  }
  const results = await Promise.all(checks);
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length > 0) {
    throw new RateLimitError(Math.max(...blocked.map((result) => result.retryAfterSeconds)));
  }
}
