import { STATIC_PAGES } from "@threadfolk/contract/routes";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { designs, sellerProfiles } from "../../db/schema/index.ts";
import { sendAppError } from "../../http/error-handler.ts";
import { escapeHtml } from "../../http/web-app.ts";
import { AppError } from "../../lib/app-error.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";

/** The sitemaps protocol's limit of URLs per file; bigger sites publish a sitemap index. */
export const SITEMAP_URL_LIMIT = 50_000;
const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

type Entry = { path: string; lastModified?: Date };

function urlset(baseUrl: string, entries: Entry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${escapeHtml(`${baseUrl}${entry.path}`)}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ""}</url>`,
  );
  return `${XML_HEADER}\n<urlset xmlns="${SITEMAP_NS}">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Artists with at least one listed design: an empty storefront is not worth a crawl. */
const artistHasListedDesign = sql`exists (select 1 from ${designs} where ${eq(designs.sellerProfileId, sellerProfiles.id)} and ${isListedDesign()})`;

function designEntries(context: Pick<AppContext, "db">, offset: number, limit: number) {
  return context.db
    .select({ id: designs.id, slug: designs.slug, color: designs.defaultColor, updatedAt: designs.updatedAt })
    .from(designs)
    .where(isListedDesign())
    .orderBy(asc(designs.id))
    .limit(limit)
    .offset(offset)
    .then((rows) =>
      rows.map((row) => ({ path: `/design/${row.id}/${row.slug}/${row.color}`, lastModified: row.updatedAt })),
    );
}

function artistEntries(context: Pick<AppContext, "db">, offset: number, limit: number) {
  return context.db
    .select({ id: sellerProfiles.id, username: sellerProfiles.uniqueUsername })
    .from(sellerProfiles)
    .where(and(artistHasListedDesign))
    .orderBy(asc(sellerProfiles.id))
    .limit(limit)
    .offset(offset)
    .then((rows) => rows.map((row) => ({ path: `/artist/${row.username}/${row.id}` })));
}

/**
 * The public catalogue reads the pages render from (a crawler that runs the page's code fetches them too). The
 * longest matching rule wins (RFC 9309), so these are open while the rest of /api/ stays closed.
 */
export const CRAWLABLE_API_PATHS = [
  "/api/v1/internal_design_collections",
  "/api/v1/designs/",
  "/api/v1/artists/",
  "/api/v1/carousels",
  "/api/v1/marketplace_sales",
] as const;

/**
 * robots.txt: pages, media and the catalogue reads they need are open; the other API paths, OAuth and the PayPal
 * sandbox are not. Private pages (cart, checkout, profile, links with tokens) are not closed here: they answer
 * noindex, which a crawler can only read on a page it may fetch (web-app.ts).
 */
export function robotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...CRAWLABLE_API_PATHS.map((path) => `Allow: ${path}`),
    "Disallow: /api/",
    "Disallow: /oauth/",
    "Disallow: /paypal-sandbox/",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

const STATIC_ENTRIES: Entry[] = [{ path: "/" }, ...STATIC_PAGES.map((page) => ({ path: page.path }))];

/**
 * `/robots.txt` and `/sitemap.xml` (home, static pages, listed designs and artists with absolute URLs). Over
 * 50,000 URLs the sitemap becomes an index of `/sitemaps/{designs|artists}-{n}.xml` files.
 */
export async function sitemapRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const baseUrl = context.config.PUBLIC_URL;
  const cacheControl = "public, max-age=3600";

  app.get("/robots.txt", async (_request, reply) => {
    return reply.header("Cache-Control", cacheControl).type("text/plain; charset=utf-8").send(robotsTxt(baseUrl));
  });

  async function counts() {
    const [designCount] = await context.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(designs)
      .where(isListedDesign());
    const [artistCount] = await context.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(sellerProfiles)
      .where(artistHasListedDesign);
    return { designs: designCount?.count ?? 0, artists: artistCount?.count ?? 0 };
  }

  app.get("/sitemap.xml", async (_request, reply) => {
    const total = await counts();
    reply.header("Cache-Control", cacheControl).type("application/xml; charset=utf-8");
    if (STATIC_ENTRIES.length + total.designs + total.artists <= SITEMAP_URL_LIMIT) {
      const [designList, artistList] = [
        await designEntries(context, 0, SITEMAP_URL_LIMIT),
        await artistEntries(context, 0, SITEMAP_URL_LIMIT),
      ];
      return reply.send(urlset(baseUrl, [...STATIC_ENTRIES, ...artistList, ...designList]));
    }
    const files = ["pages-1"];
    for (let index = 0; index * SITEMAP_URL_LIMIT < total.artists; index++) files.push(`artists-${index + 1}`);
    for (let index = 0; index * SITEMAP_URL_LIMIT < total.designs; index++) files.push(`designs-${index + 1}`);
    const body = files
      .map((file) => `<sitemap><loc>${escapeHtml(`${baseUrl}/sitemaps/${file}.xml`)}</loc></sitemap>`)
      .join("\n");
    return reply.send(`${XML_HEADER}\n<sitemapindex xmlns="${SITEMAP_NS}">\n${body}\n</sitemapindex>\n`);
  });

  app.get("/sitemaps/:file", async (request, reply) => {
    const { file } = request.params as { file: string };
    const match = /^(pages|artists|designs)-([1-9][0-9]{0,4})\.xml$/.exec(file);
    if (!match) return sendAppError(reply, AppError.notFound("Sitemap"));
    const [, kind, number] = match;
    const offset = (Number(number) - 1) * SITEMAP_URL_LIMIT;
    let entries: Entry[];
    if (kind === "pages") entries = Number(number) === 1 ? STATIC_ENTRIES : [];
    else if (kind === "artists") entries = await artistEntries(context, offset, SITEMAP_URL_LIMIT);
    else entries = await designEntries(context, offset, SITEMAP_URL_LIMIT);
    if (entries.length === 0) return sendAppError(reply, AppError.notFound("Sitemap"));
    return reply
      .header("Cache-Control", cacheControl)
      .type("application/xml; charset=utf-8")
      .send(urlset(baseUrl, entries));
  });
}
