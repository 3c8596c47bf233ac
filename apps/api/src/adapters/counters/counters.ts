export type RateLimitResult = {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfterSeconds: number;
};

/**
 * The counters port: hits per key in fixed windows, shared by every app instance (the database, or Redis
 * when REDIS_URL is set), so that a limit holds however many instances serve the requests.
 */
export type RateLimitCounters = {
  name: "database" | "redis";
  /** Counts one hit of `key` in the current `windowSeconds` window; `allowed` while the count is within `limit`. */
  hit(options: { key: string; limit: number; windowSeconds: number }): Promise<RateLimitResult>;
  /** Releases the connection (Redis); the database counters share the app's database. */
  close(): Promise<void>;
};
