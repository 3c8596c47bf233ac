import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

/** Process entry point: start, then stop gracefully on SIGTERM/SIGINT (in-flight requests finish first). */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const server = await startServer(config);
  server.app.log.info(
    { url: config.PUBLIC_URL, database: server.context.database.location, driver: server.context.database.driver },
    `${config.BRAND_NAME} is serving on ${server.url}`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, "shutting down");
    const forceExit = setTimeout(() => {
      server.app.log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        server.app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
