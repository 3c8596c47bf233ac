export type RateLimitResult = {
  allowed: boolean;
  /** Hits kept in the sliding window after this call: this one included when allowed, never a refused one. */
  count: number;
  /**
   * Refused: seconds until a hit would be allowed again (for Retry-After). Allowed: seconds until the oldest
   * hit in the window leaves it. At least 1.
   */
  retryAfterSeconds: number;
  /** The recorded hit (allowed hits only), for `release`. */
  hitId?: string;
};

/**
 * A growing delay on top of the limit: once the window holds `afterCount` hits, the next one must come at
 * least `baseSeconds × 2^(count − afterCount)` seconds (at most `maxSeconds`) after the newest. A delay
 * instead of a lock: it slows a guesser down without ever shutting the door.
 */
export type HitBackoff = { afterCount: number; baseSeconds: number; maxSeconds: number };

export type HitOptions = {
  key: string;
  /** Hits allowed in any `windowSeconds` (a sliding window: the last `windowSeconds` before now). */
  limit: number;
  windowSeconds: number;
  backoff?: HitBackoff;
};

/**
 * The counters port: hits per key in a sliding window, shared by every app instance (the database, or Redis
 * when REDIS_URL is set), so that a limit holds however many instances serve the requests. Each hit is kept
 * with its time, so no burst fits across a window boundary as it did with fixed windows (decision 020).
 * Every decision is atomic per key: concurrent hits never pass a limit or share a backoff slot.
 */
export type RateLimitCounters = {
  name: "database" | "redis";
  /** Records a hit of `key` when the limit (and backoff) allow it; a refused hit is not recorded. */
  hit(options: HitOptions): Promise<RateLimitResult>;
  /** What `hit` would answer now, recording nothing (`count` is the hits in the window). */
  peek(options: HitOptions): Promise<RateLimitResult>;
  /** Forgets one recorded hit (a counted attempt that turned out not to count); unknown ids are ignored. */
  release(options: { key: string; hitId: string }): Promise<void>;
  /** Forgets every hit of `key`. */
  reset(options: { key: string }): Promise<void>;
  /** Releases the connection (Redis); the database counters share the app's database. */
  close(): Promise<void>;
};

/** The delay the backoff asks for after `count` hits, in milliseconds (0 below `afterCount`). */
export function backoffDelayMs(backoff: HitBackoff | undefined, count: number): number {
  if (!backoff || count < backoff.afterCount) return 0;
  const exponent = Math.min(count - backoff.afterCount, 40);
  return Math.min(backoff.baseSeconds * 2 ** exponent, backoff.maxSeconds) * 1000;
}

/**
 * The answer for a window holding `count` hits, the oldest and newest `oldestAgeMs` and `newestAgeMs` old.
 * Both implementations decide `allowed` inside their store (atomically) by the same rule; this turns a state
 * into the reply, and decides for `peek`.
 */
export function describeWindow(options: {
  options: HitOptions;
  count: number;
  oldestAgeMs: number | undefined;
  newestAgeMs: number | undefined;
}): Omit<RateLimitResult, "hitId"> {
  const { count, oldestAgeMs, newestAgeMs } = options;
  const { limit, windowSeconds, backoff } = options.options;
  const windowMs = windowSeconds * 1000;
  const untilOldestLeaves = oldestAgeMs === undefined ? windowMs : windowMs - oldestAgeMs;
  const limitWait = count >= limit ? untilOldestLeaves : 0;
  // An age below zero is a hit committed after the reading statement's clock started (`now()` is the start of
  // its transaction): it is brand new, not in the future. Without a backoff delay there is nothing to wait for.
  const delayMs = backoffDelayMs(backoff, count);
  const backoffWait = newestAgeMs === undefined || delayMs === 0 ? 0 : delayMs - Math.max(0, newestAgeMs);
  const wait = Math.max(limitWait, backoffWait);
  const allowed = wait <= 0;
  const seconds = allowed ? untilOldestLeaves : wait;
  return { allowed, count, retryAfterSeconds: Math.max(1, Math.ceil(seconds / 1000)) };
}
