import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { createDatabaseLocks } from "./database-locks.ts";
import { createSharedLocks, type SharedLocks } from "./locks.ts";
import { createRedisLocks } from "./redis-locks.ts";

/** Redis when REDIS_URL is set, otherwise advisory locks in the app's database (decision 058). */
export function createLocks(options: {
  config: Pick<Config, "REDIS_URL">;
  database: DatabaseHandle;
  onError?: (error: unknown) => void;
}): SharedLocks {
  const { config, database, onError } = options;
  return createSharedLocks(
    config.REDIS_URL
      ? createRedisLocks({ url: config.REDIS_URL, onError })
      : createDatabaseLocks({ database, onError }),
  );
}
