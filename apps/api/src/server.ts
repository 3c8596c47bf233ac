import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { applyMigrations } from "./db/migrate.ts";
import { seedDemoData } from "./seed/seed-demo-data.ts";

const SEED_LOCK_ID = 7_340_002;

export function databaseOptionsFor(config: Config) {
  return config.DATABASE_URL
    ? ({ driver: "postgres", url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE } as const)
    : ({ driver: "pglite", dataDir: path.join(config.DATA_DIR, "pgdata") } as const);
}

export type RunningServer = {
  app: FastifyInstance;
  context: AppContext;
  url: string;
  close(): Promise<void>;
};

/** Opens the database, migrates, seeds when empty and listens: what `npm start` runs. */
export async function startServer(
  config: Config,
  options: { database?: DatabaseHandle; logger?: boolean } = {},
): Promise<RunningServer> {
  const database = options.database ?? (await openDatabase(databaseOptionsFor(config)));
  await applyMigrations(database);
  const { app, context } = await buildApp({ config, database, logger: options.logger ?? true });
  if (config.SEED_DEMO_DATA) {
    await database.withExclusiveLock(SEED_LOCK_ID, (db) =>
      seedDemoData({ ...context, db }, (message) => app.log.info(message)),
    );
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  // Stopped by the app's onClose hook.
  context.jobs.start();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  let closed = false;
  return {
    app,
    context,
    url: `http://${host}:${port}`,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
