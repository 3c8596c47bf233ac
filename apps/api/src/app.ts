import { randomUUID } from "node:crypto";
import path from "node:path";
import { toSnakeKeys } from "@threadfolk/contract/case";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { registerErrorHandler } from "./http/error-handler.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerWebApp, resolveWebDistDir } from "./http/web-app.ts";
import { createPageMetaResolver } from "./modules/discovery/resolve-page-meta.ts";
import { discoveryRoutes } from "./modules/discovery/routes.ts";
import { sitemapRoutes } from "./modules/discovery/sitemap-routes.ts";
import { createLocalStorage } from "./modules/media/local-storage.ts";
import type { MediaStorage } from "./modules/media/storage.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { healthRoutes } from "./routes/health.ts";
import { pingRoutes } from "./routes/ping.ts";

/** Each domain module registers its routes under /api/v1. Add new modules here. */
const API_MODULES: Array<(app: FastifyInstance, context: AppContext) => Promise<void>> = [
  pingRoutes,
  discoveryRoutes,
  searchRoutes,
];

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to local files under DATA_DIR/media. */
  storage?: MediaStorage;
  /** Logs to stdout as JSON (pino) unless false. */
  logger?: boolean;
};

/** Builds the HTTP server: API routes, the built web app and media, one error shape for everything. */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; context: AppContext }> {
  const { config, database } = options;
  const storage = options.storage ?? createLocalStorage(path.join(config.DATA_DIR, "media"));
  const context: AppContext = { config, database, db: database.db, storage };

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ["req.headers.authorization", "req.headers.cookie", "req.body.password"],
          },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });

  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });

  // Presenters build camelCase objects; the wire is snake_case. Converted here, in one place.
  app.addHook("preSerialization", async (request, _reply, payload) => {
    return request.url.startsWith("/api/") || request.url.startsWith("/oauth/") ? toSnakeKeys(payload) : payload;
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app, { isHttps: config.PUBLIC_URL.startsWith("https://") });

  await app.register(async (instance) => healthRoutes(instance, context));
  await app.register(async (instance) => sitemapRoutes(instance, context));
  for (const registerModule of API_MODULES) {
    await app.register(async (instance) => registerModule(instance, context), { prefix: "/api/v1" });
  }

  await registerWebApp(app, {
    config,
    distDir: resolveWebDistDir(config),
    resolvePageMeta: createPageMetaResolver(context),
  });

  return { app, context };
}
