import { createRequire } from "node:module";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { API_VERSION } from "@threadfolk/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { buildOpenApiDocument } from "./openapi.ts";

const require = createRequire(import.meta.url);

/** Where the description is served, and the page that browses it (decision 062). */
export const OPENAPI_PATH = "/api/openapi.json";
export const API_DOCS_PATH = "/api/docs";
const VIEWER_ASSETS_PREFIX = "/api/docs/assets/";

/** The viewer's page: Swagger UI's own files, and our start script (no inline script: the CSP forbids it). */
function docsPage(title: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${title} API</title>
    <link rel="stylesheet" href="${VIEWER_ASSETS_PREFIX}swagger-ui.css">
  </head>
  <body>
    <main id="api-docs"></main>
    <script src="${VIEWER_ASSETS_PREFIX}swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/start.js"></script>
  </body>
</html>
`;
}

const START_SCRIPT = `window.SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_PATH)}, dom_id: "#api-docs", deepLinking: true });\n`;

/**
 * `GET /api/openapi.json`: the API's OpenAPI 3.1 description, made once from the contract. `GET /api/docs`: a
 * browsable view of it (Swagger UI, a maintained viewer), loaded only on that page: the shop's bundle never
 * includes it.
 */
export async function registerOpenApiRoutes(app: FastifyInstance, config: Config): Promise<void> {
  let document: string | undefined;

  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= JSON.stringify(
      buildOpenApiDocument({ serverUrl: config.PUBLIC_URL, title: config.BRAND_NAME, version: API_VERSION }),
    );
    // A string: the /api replies' snake_case conversion must not touch the description's own keys.
    return reply.header("Cache-Control", "public, max-age=300").type("application/json; charset=utf-8").send(document);
  });

  app.get(API_DOCS_PATH, async (_request, reply) =>
    reply
      .header("Cache-Control", "public, max-age=300")
      .type("text/html; charset=utf-8")
      .send(docsPage(config.BRAND_NAME)),
  );
  app.get(`${API_DOCS_PATH}/start.js`, async (_request, reply) =>
    reply.header("Cache-Control", "public, max-age=300").type("text/javascript; charset=utf-8").send(START_SCRIPT),
  );
  await app.register(fastifyStatic, {
    root: path.dirname(require.resolve("swagger-ui-dist/package.json")),
    prefix: VIEWER_ASSETS_PREFIX,
    decorateReply: false,
    index: false,
    allowedPath: (pathname) => /^\/[\w.-]+\.(css|js|png)$/.test(pathname),
    maxAge: "1h",
  });
}
