import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { RateLimitCounters } from "./counters.ts";
import { createLocalCounters } from "./local-counters.ts";
import { createRedisCounters } from "./redis-counters.ts";

/** Redis when REDIS_URL is set, otherwise the app's database. */
export function createCounters(options: { config: Config; db: Database }): RateLimitCounters {
  const { config, db } = options;
  return config.REDIS_URL ? createRedisCounters({ url: config.REDIS_URL }) : createLocalCounters({ db });
}
