import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { applyMigrations } from "./db/migrate.ts";
import { createLogger } from "./http/logger-options.ts";
import { demoDataRefusal, findLiveDemoData } from "./seed/demo-data-guard.ts";
import { seedDemoData } from "./seed/seed-demo-data.ts";

const SEED_LOCK_ID = 7_340_002;

/** A production server found working demo accounts or codes: the message says how to retire them. */
export class DemoDataInProductionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DemoDataInProductionError";
  }
}

export function databaseOptionsFor(config: Config) {
  return config.DATABASE_URL
    ? ({ driver: "postgres", url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE } as const)
    : ({ driver: "pglite", dataDir: path.join(config.DATA_DIR, "pgdata") } as const);
}

function elapsedMs(startedAt: number): number {
  return Math.round(performance.now() - startedAt);
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
  // Start-up takes seconds on a first run (the embedded database initialises, then the demo seed); say what
  // is happening before the app and its logger exist.
  const startupLog = options.logger === false ? undefined : createLogger({ config });
  const databaseOptions = databaseOptionsFor(config);
  let startedAt = performance.now();
  if (!options.database) {
    startupLog?.info(
      databaseOptions.driver === "pglite"
        ? `starting the embedded database (PGlite) in ${databaseOptions.dataDir}…`
        : "connecting to PostgreSQL…",
    );
  }
  const database = options.database ?? (await openDatabase(databaseOptions));
  startupLog?.info(`database open in ${elapsedMs(startedAt)} ms; applying migrations…`);
  startedAt = performance.now();
  await applyMigrations(database);
  startupLog?.info(`migrations applied in ${elapsedMs(startedAt)} ms`);
  if (config.NODE_ENV === "production") {
    const live = await findLiveDemoData(database.db);
    if (live.accounts.length > 0 || live.codes.length > 0) {
      if (!options.database) await database.close();
      throw new DemoDataInProductionError(demoDataRefusal(live));
    }
  }
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
