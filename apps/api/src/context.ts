import type { Config } from "./config.ts";
import type { Database, DatabaseHandle } from "./db/client.ts";
import type { MediaStorage } from "./modules/media/storage.ts";

/** What every route and service needs from the running app, built once at start-up. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  storage: MediaStorage;
};
