import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { isAdminPage } from "@threadfolk/contract/operators";
import { type ClientRouteKey, clientRouteOf, isClientRoute, ROUTE_PRELOADS_FILE } from "@threadfolk/contract/routes";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { Config } from "../config.ts";
import { AppError } from "../lib/app-error.ts";
import { DEFAULT_WEB_DIST_DIR } from "../lib/paths.ts";
import { answerNotModified, weakEtag } from "./conditional-get.ts";
import { sendAppError } from "./error-handler.ts";
import { acceptsEncoding, COMPRESS_THRESHOLD_BYTES, JSON_BROTLI_QUALITY } from "./precompressed-json.ts";

/** What the server tells search engines and link previews about one page. */
export type PageMeta = {
  title: string;
  description: string;
  /** Absolute URL of a preview image. */
  imageUrl?: string;
  type?: "website" | "product" | "profile";
  /** The page's preferred path (e.g. the design URL with its current slug); defaults to the requested path. */
  canonicalPath?: string;
  /**
   * The images the page shows first at every screen size, preloaded with the HTML instead of after the app's
   * code has run and fetched the page's data (decision 011).
   */
  preloadImages?: PreloadImage[];
  /** schema.org data about the page's subject (a design's Product and Offer), served as JSON-LD. */
  structuredData?: Record<string, unknown>;
  /** More Open Graph properties (`product:price:amount` …), as [property, content] pairs. */
  openGraph?: ReadonlyArray<readonly [string, string]>;
};

/**
 * An image to preload: with the srcset and sizes of the page's <img>, so the browser picks the same file, and
 * the media query of its <picture> source when it has one (only screens matching it preload it).
 */
export type PreloadImage = { src: string; srcSet?: string; sizes?: string; media?: string };

/** Per route, the page code the HTML preloads (the web build's ROUTE_PRELOADS_FILE). */
export type RoutePreloads = Partial<Record<ClientRouteKey, string[]>>;

const ASSET_URL = /^\/assets\/[\w.-]+\.js$/;

/** Reads the web build's route preloads; none when the file is missing or not what the build writes. */
function readRoutePreloads(distDir: string): RoutePreloads {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
    if (typeof parsed !== "object" || parsed === null) return {};
    const preloads: RoutePreloads = {};
    for (const [route, urls] of Object.entries(parsed)) {
      if (Array.isArray(urls) && urls.every((url) => typeof url === "string" && ASSET_URL.test(url))) {
        preloads[route as ClientRouteKey] = urls;
      }
    }
    return preloads;
  } catch {
    return {};
  }
}

/**
 * A page's meta data (the defaults for a missing title or description, or for `undefined`), or "not_found" when
 * the page names nothing (answered 404).
 */
export type PageMetaResult = Partial<PageMeta> | "not_found" | undefined;

/** Finds the meta data of a client route (design and artist pages add theirs). */
export type PageMetaResolver = (pathname: string) => Promise<PageMetaResult>;

/** Paths the single-page app never answers: APIs and media get JSON errors instead of the HTML page. */
const API_PREFIXES = ["/api/", "/oauth/", "/media/"];

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix.slice(0, -1) || pathname.startsWith(prefix));
}

const HEAD_PLACEHOLDER = "<!--app-head-->";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The client's runtime configuration, carried in a meta tag so no inline script is needed. */
function clientConfig(config: Config) {
  return {
    brandName: config.BRAND_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    publicUrl: config.PUBLIC_URL,
    oauthClientId: config.OAUTH_CLIENT_ID,
    oauthClientSecret: config.OAUTH_CLIENT_SECRET,
  };
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` escaped (JSON allows \u escapes
 * anywhere in strings), so no value can close the script element or open a comment.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The page's head tags. `canonicalPath` undefined: a page with no canonical URL (a 404, or a page that is not
 * to be indexed, which says so with `noindex`).
 */
function renderHead(
  config: Config,
  meta: PageMeta,
  options: { canonicalPath: string | undefined; noindex: boolean },
): string {
  const canonical = options.canonicalPath === undefined ? undefined : `${config.PUBLIC_URL}${options.canonicalPath}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    ...(options.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...(canonical ? [`<link rel="canonical" href="${escapeHtml(canonical)}">`] : []),
    `<meta property="og:site_name" content="${escapeHtml(config.BRAND_NAME)}">`,
    `<meta property="og:type" content="${meta.type ?? "website"}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    ...(canonical ? [`<meta property="og:url" content="${escapeHtml(canonical)}">`] : []),
    `<meta name="twitter:card" content="${meta.imageUrl ? "summary_large_image" : "summary"}">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="app-config" content="${escapeHtml(JSON.stringify(clientConfig(config)))}">`,
  ];
  if (meta.imageUrl) {
    tags.push(`<meta property="og:image" content="${escapeHtml(meta.imageUrl)}">`);
    tags.push(`<meta name="twitter:image" content="${escapeHtml(meta.imageUrl)}">`);
  }
  for (const [property, content] of meta.openGraph ?? []) {
    tags.push(`<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`);
  }
  // A data block, never run: the content security policy's script rules do not apply to it.
  if (meta.structuredData) {
    tags.push(`<script type="application/ld+json">${jsonForScript(meta.structuredData)}</script>`);
  }
  return tags.join("\n    ");
}

/**
 * Preload hints: the page's largest image (fetched at once, in parallel with the app's code) and the code of
 * the page (which the app would otherwise request only once its own code has run). Decision 011.
 */
function renderPreloads({ images, modules }: { images: readonly PreloadImage[]; modules: readonly string[] }) {
  const tags: string[] = [];
  for (const image of images) {
    const responsive =
      image.srcSet && image.sizes
        ? ` imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(image.sizes)}"`
        : "";
    const media = image.media ? ` media="${escapeHtml(image.media)}"` : "";
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(image.src)}"${responsive}${media} fetchpriority="high">`,
    );
  }
  for (const url of modules) tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(url)}">`);
  return tags.join("\n    ");
}

/** Client routes that are nobody's business but the visitor's: never indexed (meta robots and X-Robots-Tag). */
const PRIVATE_ROUTES: ReadonlySet<ClientRouteKey> = new Set<ClientRouteKey>([
  "shoppingCart",
  "orderShippingDetails",
  "orderPaymentDetails",
  "sellerProfile",
  "sellerOrders",
  "myDesigns",
  "orders",
  "order",
  "guestOrder",
  "favorites",
  "followedArtist",
  "productUploadWizard",
  "productEditor",
  "resetPassword",
  "confirmEmail",
]);

type HtmlEncoding = "br" | "gzip";

function htmlEncodingFor(request: FastifyRequest): HtmlEncoding | undefined {
  if (acceptsEncoding(request, "br")) return "br";
  if (acceptsEncoding(request, "gzip")) return "gzip";
  return undefined;
}

/** Pages kept compressed at once, and the bytes they may take (a page is a few kilobytes compressed). */
const COMPRESSED_PAGE_ENTRIES = 2000;
const COMPRESSED_PAGE_BYTES = 8 * 1024 * 1024;

/** Compressed forms of served pages by coding and entity tag, the least recently used forgotten first. */
function createCompressedPageCache() {
  const cache = new LRUCache<string, Buffer>({
    max: COMPRESSED_PAGE_ENTRIES,
    maxSize: COMPRESSED_PAGE_BYTES,
    sizeCalculation: (body) => Math.max(1, body.length),
  });
  return {
    compress(html: string, etag: string, encoding: HtmlEncoding): Buffer {
      const key = `${encoding} ${etag}`;
      let body = cache.get(key);
      if (!body) {
        body =
          encoding === "br"
            ? brotliCompressSync(html, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY,
                  [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                },
              })
            : gzipSync(html);
        cache.set(key, body);
      }
      return body;
    },
  };
}

export function resolveWebDistDir(config: Config): string {
  return config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR;
}

export type WebAppOptions = {
  config: Config;
  distDir: string;
  resolvePageMeta?: PageMetaResolver;
  /** The methods registered for a path (a 405 with `Allow` instead of a 404 when there are some). */
  allowedMethodsOf?: (pathname: string) => string[];
};

/**
 * Serves the built client: hashed assets cached for a year, other files for an hour, and index.html
 * (with per-page head tags) for every client route. Unknown API paths answer JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { config, distDir } = options;
  const indexPath = path.join(distDir, "index.html");
  const isBuilt = fs.existsSync(indexPath);
  const template = isBuilt ? fs.readFileSync(indexPath, "utf8") : undefined;
  const routePreloads = isBuilt ? readRoutePreloads(distDir) : {};
  const defaultMeta: PageMeta = {
    title: `${config.BRAND_NAME}: designs by independent artists, printed on apparel`,
    description: `Shop t-shirts and apparel printed with designs by independent artists on ${config.BRAND_NAME}. No fandom too small, no meme too dank!`,
  };

  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: "/",
      wildcard: false,
      index: false,
      serve: true,
      // The web build writes .br and .gz siblings of its text assets; browsers that accept them get those.
      preCompressed: true,
      setHeaders(response, filePath) {
        const relative = path.relative(distDir, filePath);
        const isHashedAsset = relative.startsWith(`assets${path.sep}`);
        response.header(
          "Cache-Control",
          isHashedAsset ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });
  }

  const compressedPages = createCompressedPageCache();

  async function sendIndex(request: FastifyRequest, reply: FastifyReply, pathname: string, routeStatus: number) {
    let status = routeStatus;
    if (!template) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built yet. Run `npm start` (or `npm run build`) to build it.");
    }
    let meta: Partial<PageMeta> | undefined;
    // The admin console (issue 28) has no page meta to look up and is for no search engine.
    const isAdmin = isAdminPage(pathname);
    if (isAdmin) meta = { title: `Admin | ${config.BRAND_NAME}` };
    try {
      const resolved = status === 200 && !isAdmin ? await options.resolvePageMeta?.(pathname) : undefined;
      if (resolved === "not_found") status = 404;
      else if (!isAdmin) meta = resolved;
    } catch (error) {
      request.log.warn({ err: error }, "page meta lookup failed; using defaults");
    }
    const title = meta?.title ?? (status === 404 ? `Page not found | ${config.BRAND_NAME}` : defaultMeta.title);
    const route = status === 200 ? clientRouteOf(pathname) : undefined;
    const preloads = renderPreloads({
      images: meta?.preloadImages ?? [],
      modules: (route && routePreloads[route]) || [],
    });
    // Private pages (cart, checkout, profile, links with tokens) and 404s are not for search engines: they say
    // noindex and name no canonical URL (a 404's would point at itself).
    const noindex = status !== 200 || isAdmin || (route !== undefined && PRIVATE_ROUTES.has(route));
    const head = renderHead(
      config,
      { ...defaultMeta, ...meta, title },
      {
        canonicalPath: noindex ? undefined : (meta?.canonicalPath ?? (pathname === "/" ? "/" : pathname)),
        noindex,
      },
    );
    // The preloads go last in the head: the stylesheet and the app's code come first, as they are needed first.
    const html = template
      .replace(HEAD_PLACEHOLDER, head)
      .replace("</head>", preloads ? `  ${preloads}\n  </head>` : "</head>");
    reply.status(status).header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding");
    if (noindex) reply.header("X-Robots-Tag", "noindex");
    // A page the browser (or a crawler) already holds costs a 304: the head changes with the catalogue only.
    const etag = weakEtag(html);
    if (status === 200 && answerNotModified(request, reply, etag)) return reply;
    reply.type("text/html; charset=utf-8");
    // This handler is no route, so the compress plugin (which hooks routes) leaves its replies alone: the page
    // is compressed here, and its compressed forms are kept (the same page is asked for again and again).
    const encoding = Buffer.byteLength(html) < COMPRESS_THRESHOLD_BYTES ? undefined : htmlEncodingFor(request);
    if (!encoding) return reply.send(html);
    return reply.header("Content-Encoding", encoding).send(compressedPages.compress(html, etag, encoding));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const allowed = options.allowedMethodsOf?.(pathname) ?? [];
    // (A route that passes a request it has on to this handler, as a static folder does, is not a 405.)
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header("Allow", allowed.join(", "));
      return sendAppError(reply, new AppError("method_not_allowed", `${request.method} is not allowed here`));
    }
    if (isApiPath(pathname) || (request.method !== "GET" && request.method !== "HEAD")) {
      // The path is echoed for the developer who mistyped it, shortened: it can be up to MAX_URL_LENGTH long.
      const shown = pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
      return sendAppError(reply, new AppError("not_found", `No route for ${request.method} ${shown}`));
    }
    // A missing file (anything with an extension) is a 404 in the one error shape, never the HTML page.
    if (/\.[a-z0-9]+$/i.test(pathname)) return sendAppError(reply, AppError.notFound("File"));
    return sendIndex(request, reply, pathname, isClientRoute(pathname) || isAdminPage(pathname) ? 200 : 404);
  });
}
