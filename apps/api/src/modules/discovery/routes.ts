import { randomUUID } from "node:crypto";
import { emptyQuerySchema } from "@threadfolk/contract/api-requests";
import { toSnakeKeys } from "@threadfolk/contract/case";
import {
  artistPageQuerySchema,
  artistPathSchema,
  carouselQuerySchema,
  collectionKeySchema,
  collectionPageQuerySchema,
  collectionPathSchema,
  DESIGN_PAGE_SIZE,
  designGarmentImagesPathSchema,
  designPathSchema,
  searchDesignsQuerySchema,
} from "@threadfolk/contract/discovery";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { answerNotModified, weakEtag } from "../../http/conditional-get.ts";
import {
  etagOf,
  type PrecompressedJson,
  precompressedJson,
  sendPrecompressedJson,
} from "../../http/precompressed-json.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { catalogueGeneration } from "../../lib/catalogue-generation.ts";
import { createConcurrencyLimit } from "../../lib/concurrency-limit.ts";
import { createKeyedCache } from "../../lib/keyed-cache.ts";
import { countListedDesigns } from "../catalogue/list-design-page.ts";
import { enforceSearchLimit } from "../search/enforce-search-limit.ts";
import { searchDesigns } from "../search/search-designs.ts";
import { createSearchIndexService } from "../search/search-index-service.ts";
import { createSearchResultCache } from "../search/search-result-cache.ts";
import { getArtistStorefront } from "./get-artist-storefront.ts";
import { getDesignDetail, getDesignGarmentImages } from "./get-design-detail.ts";
import { createShortLivedCache, getHomeCollections } from "./get-home-collections.ts";
import { createImageUrlSigner } from "./image-urls.ts";
import { listCollectionDesigns } from "./list-collection-designs.ts";
import { loadDesignCards } from "./load-design-cards.ts";
import { presentCarousel, presentMarketplaceSale, presentPageMeta } from "./presenters.ts";
import { findCarouselByLocation, findCollectionByKey, findRunningSale } from "./queries.ts";

/** Searches whose totals are kept at once (a few hundred bytes each). */
const SEARCH_COUNT_CACHE_SIZE = 1000;
/** Design pages kept at once (about 20 KB of JSON each), and the bytes they may hold in all. */
const DESIGN_PAGE_CACHE_SIZE = 1000;
const DESIGN_PAGE_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * A catalogue read's JSON text with its weak entity tag; 304 when the client holds that version already (the
 * browser revalidates with If-None-Match: the reply's bytes are not sent again).
 */
function sendJsonText(request: FastifyRequest, reply: FastifyReply, text: string): FastifyReply {
  if (answerNotModified(request, reply, weakEtag(text))) return reply;
  return reply.type("application/json; charset=utf-8").send(text);
}

/** A catalogue read's reply object (camelCase, converted here as the hook would), as `sendJsonText`. */
function sendJsonObject(request: FastifyRequest, reply: FastifyReply, value: object): FastifyReply {
  return sendJsonText(request, reply, JSON.stringify(toSnakeKeys(value)));
}

/**
 * Discovery routes under /api/v1: home collections, collection pages and search results, carousels, the
 * running sale, design detail and artist storefronts. All public (guests browse); they only ever show
 * listed (active, published) designs, which the queries enforce.
 */
export async function discoveryRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  // The number of listed designs (browse, recent, popular, empty query) is derived data too.
  const listedCount = createShortLivedCache({
    ttlMs: context.config.DISCOVERY_CACHE_SECONDS * 1000,
    load: () => countListedDesigns({ db: context.db }),
    generation: catalogueGeneration,
  });
  // Totals of recent searches, by their words: paging through "black history" counts its 20,000 matches once.
  const searchCounts = createKeyedCache<number>({
    ttlMs: context.config.DISCOVERY_CACHE_SECONDS * 1000,
    maxEntries: SEARCH_COUNT_CACHE_SIZE,
    generation: catalogueGeneration,
  });
  // Cached as its final JSON text (already snake_case), so a cache hit costs no conversion or serialisation.
  const homeCache = createShortLivedCache({
    ttlMs: context.config.DISCOVERY_CACHE_SECONDS * 1000,
    // Without its closing brace: each reply ends it with its own event id (below).
    load: async () =>
      precompressedJson(JSON.stringify(toSnakeKeys(await getHomeCollections({ context }))).slice(0, -1)),
    generation: catalogueGeneration,
  });
  // Design pages as their final JSON text and its brotli form (decision 049): identical for every visitor, like
  // the home payload.
  const designPages = createKeyedCache<PrecompressedJson>({
    ttlMs: context.config.DISCOVERY_CACHE_SECONDS * 1000,
    maxEntries: DESIGN_PAGE_CACHE_SIZE,
    maxBytes: DESIGN_PAGE_CACHE_BYTES,
    // The text and, once asked for, its brotli form (about a fifth of it).
    sizeOf: (body) => Math.round(body.text.length * 1.25),
    generation: catalogueGeneration,
  });
  // Whole result pages of recent searches (decision 047), and a limit on searches running at once.
  const searchPages = createSearchResultCache(context.config);
  const searchSlots = createConcurrencyLimit({
    concurrency: context.config.SEARCH_CONCURRENCY ?? (context.config.DATABASE_URL ? 4 : 1),
    queueTimeoutMs: context.config.SEARCH_QUEUE_TIMEOUT_MS,
    name: "search",
  });

  // The in-memory search index (decision 048): built in the background; SQL answers until it is ready.
  const searchIndex = createSearchIndexService({
    db: context.db,
    enabled: context.config.SEARCH_INDEX === "on",
    syncSeconds: context.config.SEARCH_INDEX_SYNC_SECONDS,
    onError: (error) => app.log.error({ err: error }, "search index build failed; searching with SQL"),
    onBuilt: (status) => app.log.info({ searchIndex: status }, "search index built"),
  });
  app.addHook("onReady", async () => searchIndex.start());
  app.addHook("onClose", async () => searchIndex.close());

  // Home collections (no query string), or one page of search results (`query` present, possibly empty).
  app.get("/internal_design_collections", async (request, reply) => {
    const rawQuery = (request.query ?? {}) as Record<string, unknown>;
    if (Object.keys(rawQuery).length === 0) {
      const collections = await homeCache();
      // event_id identifies this page view for analytics, so it is fresh on every reply, cached data or not: it
      // ends the body, after the kept (and kept compressed) collections.
      const eventId = `"event_id":"${randomUUID()}"}`;
      reply.header("Cache-Control", "no-cache");
      // Its tag is the collections' alone (weak: only the event id differs), so a browser that holds them gets a
      // 304 and keeps the event id it had: the analytics event of a page view the client did not show again.
      if (answerNotModified(request, reply, etagOf(collections))) return reply;
      return sendPrecompressedJson(request, reply, collections, collections.text === "{" ? eventId : `,${eventId}`);
    }
    const { query, page = 1, sort = "relevance", ...filters } = parseInput(searchDesignsQuerySchema, rawQuery, "query");
    // Everything the search takes but the database and the caches: the result cache's key.
    const search = { query, sort, filters, page, perPage: DESIGN_PAGE_SIZE };
    // A cached page costs the database nothing, and neither does the search index's answer (decision 048: only
    // its cards are read, as for a collection page), so only a search that SQL has to run counts against the
    // per-address limit (whose counter is itself a database write per request). A write of this instance between
    // this check and the search sends that one search to SQL uncounted.
    const cached = searchPages.peek(search);
    if (!cached && !searchIndex.covers(search)) {
      await enforceSearchLimit({ context, route: "search", ip: request.ip });
    }
    const found =
      cached ??
      (await searchPages.get(search, () =>
        // The index's work takes a slot as SQL's does, with the cards it loads: on the embedded database (one
        // slot) searches run one at a time, and the event loop serves other requests while each one's cards load.
        searchSlots(async () => {
          const result =
            (await searchIndex.search(search)) ??
            (await searchDesigns({
              ...search,
              db: context.db,
              countAllListed: listedCount,
              countCache: searchCounts,
            }));
          const data = await loadDesignCards({ context, designIds: result.designIds });
          return {
            dataJson: JSON.stringify(toSnakeKeys(data)),
            totalCount: result.totalCount,
            totalCountCapped: result.totalCountCapped ?? false,
            droppedWords: result.droppedWords ?? [],
          };
        }),
      ));
    const meta = toSnakeKeys({
      ...presentPageMeta({
        totalCount: found.totalCount,
        totalCountCapped: found.totalCountCapped,
        page,
        perPage: DESIGN_PAGE_SIZE,
      }),
      query,
      sort,
      // Words no design has, left out so the rest still finds something ('space cat' -> the cats).
      droppedWords: found.droppedWords,
    });
    // Sent as text: a cached page costs no conversion or serialisation of its cards.
    return sendJsonText(request, reply, `{"data":${found.dataJson},"meta":${JSON.stringify(meta)}}`);
  });

  app.get("/internal_design_collections/:nameKey", async (request, reply) => {
    const { nameKey } = parseInput(collectionPathSchema, request.params, "params");
    const { page = 1, sort, ...filters } = parseInput(collectionPageQuerySchema, request.query, "query");
    const key = collectionKeySchema.safeParse(nameKey);
    const collection = key.success ? await findCollectionByKey({ db: context.db, key: key.data }) : undefined;
    if (!collection) throw new AppError("not_found", `No collection named ${nameKey}`);
    const result = await listCollectionDesigns({
      db: context.db,
      collection,
      page,
      sort,
      filters,
      perPage: DESIGN_PAGE_SIZE,
      countAllListed: listedCount,
    });
    const data = await loadDesignCards({ context, designIds: result.designIds });
    return sendJsonObject(request, reply, {
      data,
      meta: {
        ...presentPageMeta({
          totalCount: result.totalCount,
          totalCountCapped: result.totalCountCapped ?? false,
          page,
          perPage: DESIGN_PAGE_SIZE,
        }),
        nameKey: collection.key,
        displayName: collection.displayName,
        sort: result.sort,
      },
    });
  });

  app.get("/carousels", async (request, reply) => {
    const { locationCode } = parseInput(carouselQuerySchema, request.query, "query");
    const found = await findCarouselByLocation({ db: context.db, locationCode });
    if (!found) throw new AppError("not_found", `No carousel at location ${locationCode}`);
    const images = await createImageUrlSigner({ db: context.db, config: context.config });
    // Revalidated on every load (a 304 when unchanged), so an operator's change shows on the next home page.
    reply.header("Cache-Control", "no-cache");
    return sendJsonObject(request, reply, presentCarousel(found, images));
  });

  // `data` is null when no sale runs: the client shows the countdown only when data is present.
  app.get("/marketplace_sales", async (request, reply) => {
    parseInput(emptyQuerySchema, request.query, "query");
    const sale = await findRunningSale({ db: context.db });
    return reply.header("Cache-Control", "no-cache").send(presentMarketplaceSale(sale));
  });

  app.get("/designs/:uuid", async (request, reply) => {
    const parsed = designPathSchema.safeParse(request.params);
    // A malformed uuid names no design: the same 404 as an unknown one, nothing to validate for the client.
    if (!parsed.success) throw AppError.notFound("Design");
    parseInput(emptyQuerySchema, request.query, "query");
    const designId = parsed.data.uuid.toLowerCase();
    const body = await designPages(designId, async () =>
      precompressedJson(JSON.stringify(toSnakeKeys(await getDesignDetail({ context, designId })))),
    );
    if (answerNotModified(request, reply, etagOf(body))) return reply;
    return sendPrecompressedJson(request, reply, body);
  });

  // The design page's images on another garment than the default variant's (decision 049).
  app.get("/designs/:uuid/images/:garment", async (request, reply) => {
    const parsed = designGarmentImagesPathSchema.safeParse(request.params);
    if (!parsed.success) throw AppError.notFound("Design images");
    parseInput(emptyQuerySchema, request.query, "query");
    const { uuid, garment } = parsed.data;
    return sendJsonObject(
      request,
      reply,
      await getDesignGarmentImages({ context, designId: uuid.toLowerCase(), garment }),
    );
  });

  app.get("/artists/:artistKey", async (request, reply) => {
    const { artistKey } = parseInput(artistPathSchema, request.params, "params");
    const { page = 1 } = parseInput(artistPageQuerySchema, request.query, "query");
    return sendJsonObject(request, reply, await getArtistStorefront({ context, artistKey, page }));
  });
}
