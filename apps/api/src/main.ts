import { describeTaxTableAge } from "./adapters/tax/create-tax.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { resolveLogFormat } from "./http/logger-options.ts";
import { DEMO_ACCOUNTS, DEMO_ARTIST_UNIQUE_USERNAME } from "./seed/demo-accounts.ts";
import { DemoDataInProductionError, startServer } from "./server.ts";

/** What a person at a terminal needs once the server is up: where it is and how to sign in. */
function printWelcome(options: { config: Config; url: string }): void {
  const { config, url } = options;
  const bold = (text: string) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${text}\x1b[0m` : text);
  const lines = ["", `  ${bold(`${config.BRAND_NAME} is running at ${url}`)}`];
  if (config.SEED_DEMO_DATA) {
    lines.push(
      "",
      `  Demo accounts (password ${DEMO_ACCOUNTS.shopper.password}):`,
      `    shopper  ${DEMO_ACCOUNTS.shopper.email}`,
      `    artist   ${DEMO_ACCOUNTS.artist.email}  (the seeded artist "${DEMO_ARTIST_UNIQUE_USERNAME}")`,
    );
  }
  lines.push(
    "",
    `  Data: ${config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : config.DATA_DIR}.  Stop with Ctrl+C.`,
    "",
  );
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** Process entry point: start, then stop gracefully on SIGTERM/SIGINT/SIGHUP (in-flight requests finish first). */
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
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config);
  } catch (error) {
    if (error instanceof DemoDataInProductionError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  // The local ZIP data takes a few hundred milliseconds to index: pay that now, not on a shopper's first check.
  setImmediate(() => server.context.addressVerifier.warm?.());
  if (resolveLogFormat(config) === "pretty") printWelcome({ config, url: server.url });
  else
    server.app.log.info(
      { url: config.PUBLIC_URL, database: server.context.database.location, driver: server.context.database.driver },
      `${config.BRAND_NAME} is serving on ${server.url}`,
    );

  const taxTable = describeTaxTableAge(config);
  if (taxTable) {
    const { message, ...age } = taxTable;
    server.app.log.warn(age, message);
  }

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
  // The terminal closed: stop as gracefully as for Ctrl+C.
  process.on("SIGHUP", () => stop("SIGHUP"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
