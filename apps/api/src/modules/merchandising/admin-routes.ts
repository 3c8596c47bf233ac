import { emptyQuerySchema } from "@threadfolk/contract/api-requests";
import {
  addSlideBodySchema,
  codePathSchema,
  collectionDesignBodySchema,
  createCollectionBodySchema,
  createPromoCodeBodySchema,
  createSaleBodySchema,
  issueGiftCardBodySchema,
  MERCHANDISING_LIMITS,
  merchandisingDesignsQuerySchema,
  numericIdPathSchema,
  promoCodesQuerySchema,
  removeBodySchema,
  removeCollectionDesignPathSchema,
  renameCollectionBodySchema,
  reorderCollectionBodySchema,
  reorderSlidesBodySchema,
  slideTimingBodySchema,
  updateSaleBodySchema,
  updateSlideBodySchema,
} from "@threadfolk/contract/merchandising";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { createImageUrlSigner } from "../discovery/image-urls.ts";
import { requireOperator } from "../operators/admin-plugin.ts";
import { recordOperatorAction } from "../operators/audit-log.ts";
import { normaliseInPool } from "../uploads/process-upload.ts";
import {
  addCarouselSlide,
  type FrontPageCarousel,
  getFrontPageCarousel,
  removeCarouselSlide,
  reorderCarouselSlides,
  setSlideTiming,
  updateCarouselSlide,
} from "./carousel-slides.ts";
import {
  addCollectionDesign,
  createCuratedCollection,
  findListedDesigns,
  listCuratedCollections,
  removeCollectionDesign,
  renameCollection,
  reorderCollectionDesigns,
} from "./home-collections.ts";
import { createSale, endSale, listSales, type MarketplaceSale, updateSale } from "./marketplace-sale.ts";
import type { RecordChange } from "./merchandising-change.ts";
import {
  type CodeRedemption,
  createPromoCode,
  expirePromoCode,
  issueGiftCard,
  listCodeRedemptions,
  listPromoCodes,
  type PromoCodeSummary,
} from "./promo-codes.ts";

/** The base64 body of a slide of SLIDE_MAX_BYTES, with room for the alt text, the link and the JSON around them. */
const SLIDE_BODY_LIMIT = Math.ceil((MERCHANDISING_LIMITS.slideMaxBytes * 4) / 3) + 64 * 1024;

function presentSale(sale: MarketplaceSale | null) {
  if (!sale) return null;
  return {
    id: sale.id,
    name: sale.name,
    startsAt: sale.startsAt.toISOString(),
    endsAt: sale.endsAt.toISOString(),
    percentOff: sale.percentOff,
    appliesToAllDesigns: sale.appliesToAllDesigns,
    status: sale.status,
    designs: sale.designs,
    coveredDesignCount: sale.coveredDesignCount,
  };
}

function presentCode(code: PromoCodeSummary) {
  return {
    ...code,
    startsAt: code.startsAt?.toISOString() ?? null,
    endsAt: code.endsAt?.toISOString() ?? null,
    createdAt: code.createdAt.toISOString(),
  };
}

function presentRedemption({ orderId: _orderId, ...use }: CodeRedemption) {
  return { ...use, usedAt: use.usedAt.toISOString() };
}

/**
 * The merchandising area of the admin console (issue 28, decision 076), under /api/v1/admin/merchandising: the
 * curated home collections, the front-page carousel, the marketplace sale, promo codes and gift cards. Every
 * change is written to the operators' audit log in its own transaction (`record` below).
 */
export function merchandisingAdminRoutes(admin: FastifyInstance, context: AppContext): void {
  const { db } = context;
  const normaliseSlide = normaliseInPool(context.heavyWork.renders);

  /** Writes the change to the audit log, as this operator, with the reason typed. */
  const recordFor = (request: FastifyRequest, reason: string | undefined): RecordChange => {
    const operator = requireOperator(request);
    return (tx, change) =>
      recordOperatorAction(tx, { operatorId: operator.operatorId, ...change, reason: reason ?? null });
  };

  const presentCarousel = async (carousel: FrontPageCarousel) => {
    const images = await createImageUrlSigner({ db, config: context.config });
    return {
      data: {
        slideSeconds: carousel.slideSeconds,
        slides: carousel.slides.map((slide) => ({
          id: slide.id,
          position: slide.position,
          altText: slide.altText,
          link: slide.link,
          thumbnailUrl: images.picture("carousel", String(slide.id)).src,
        })),
      },
    };
  };

  admin.get("/merchandising/designs", async (request) => {
    const { query } = parseInput(merchandisingDesignsQuerySchema, request.query, "query");
    requireOperator(request);
    return { data: await findListedDesigns({ db, query }) };
  });

  // Collections

  admin.get("/merchandising/collections", async (request) => {
    parseInput(emptyQuerySchema, request.query, "query");
    requireOperator(request);
    return { data: await listCuratedCollections({ db }) };
  });

  admin.post("/merchandising/collections", async (request, reply) => {
    const body = parseInput(createCollectionBodySchema, request.body);
    const created = await createCuratedCollection({ db, record: recordFor(request, body.reason), ...body });
    return reply.status(201).send({ data: created });
  });

  admin.patch("/merchandising/collections/:id", async (request) => {
    const { id } = parseInput(numericIdPathSchema, request.params, "params");
    const body = parseInput(renameCollectionBodySchema, request.body);
    const record = recordFor(request, body.reason);
    return { data: await renameCollection({ db, record, collectionId: Number(id), displayName: body.displayName }) };
  });

  admin.post("/merchandising/collections/:id/designs", async (request) => {
    const { id } = parseInput(numericIdPathSchema, request.params, "params");
    const body = parseInput(collectionDesignBodySchema, request.body);
    const record = recordFor(request, body.reason);
    return { data: await addCollectionDesign({ db, record, collectionId: Number(id), designId: body.designId }) };
  });

  admin.put("/merchandising/collections/:id/designs", async (request) => {
    const { id } = parseInput(numericIdPathSchema, request.params, "params");
    const body = parseInput(reorderCollectionBodySchema, request.body);
    const record = recordFor(request, body.reason);
    return {
      data: await reorderCollectionDesigns({ db, record, collectionId: Number(id), designIds: body.designIds }),
    };
  });

  admin.delete("/merchandising/collections/:id/designs/:designId", async (request) => {
    const { id, designId } = parseInput(removeCollectionDesignPathSchema, request.params, "params");
    // A DELETE may come without a body: the reason is optional.
    const body = parseInput(removeBodySchema, request.body ?? {});
    const record = recordFor(request, body.reason);
    return { data: await removeCollectionDesign({ db, record, collectionId: Number(id), designId }) };
  });

  // The carousel

  admin.get("/merchandising/carousel", async (request) => {
    parseInput(emptyQuerySchema, request.query, "query");
    requireOperator(request);
    return presentCarousel(await getFrontPageCarousel({ db }));
  });

  admin.post("/merchandising/carousel/slides", { bodyLimit: SLIDE_BODY_LIMIT }, async (request, reply) => {
    const body = parseInput(addSlideBodySchema, request.body);
    const record = recordFor(request, body.reason);
    const carousel = await addCarouselSlide({
      db,
      record,
      storage: context.storage,
      // The checks and conversion of the uploads module, in the heavy work pool that draws pictures on request.
      normalise: (bytes) => normaliseSlide(bytes, "banner"),
      image: Buffer.from(body.imageBase64, "base64"),
      altText: body.altText,
      link: body.link,
    });
    return reply.status(201).send(await presentCarousel(carousel));
  });

  admin.patch("/merchandising/carousel/slides/:id", async (request) => {
    const { id } = parseInput(numericIdPathSchema, request.params, "params");
    const body = parseInput(updateSlideBodySchema, request.body);
    const record = recordFor(request, body.reason);
    return presentCarousel(
      await updateCarouselSlide({ db, record, slideId: Number(id), altText: body.altText, link: body.link }),
    );
  });

  admin.delete("/merchandising/carousel/slides/:id", async (request) => {
    const { id } = parseInput(numericIdPathSchema, request.params, "params");
    const body = parseInput(removeBodySchema, request.body ?? {});
    const record = recordFor(request, body.reason);
    return presentCarousel(await removeCarouselSlide({ db, record, slideId: Number(id) }));
  });

  admin.put("/merchandising/carousel/slide_order", async (request) => {
    const body = parseInput(reorderSlidesBodySchema, request.body);
    const record = recordFor(request, body.reason);
    return presentCarousel(await reorderCarouselSlides({ db, record, slideIds: body.slideIds }));
  });

  admin.put("/merchandising/carousel/timing", async (request) => {
    const body = parseInput(slideTimingBodySchema, request.body);
    const record = recordFor(request, body.reason);
    return presentCarousel(await setSlideTiming({ db, record, slideSeconds: body.slideSeconds }));
  });

  // The sale

  admin.get("/merchandising/sales", async (request) => {
    parseInput(emptyQuerySchema, request.query, "query");
    requireOperator(request);
    return { data: (await listSales({ db })).map(presentSale) };
  });

  admin.post("/merchandising/sales", async (request, reply) => {
    const { reason, ...terms } = parseInput(createSaleBodySchema, request.body);
    const sale = await createSale({ db, record: recordFor(request, reason), ...terms });
    return reply.status(201).send({ data: presentSale(sale) });
  });

  admin.patch("/merchandising/sales/:id", async (request) => {
    const { id } = parseInput(numericIdPathSchema, request.params, "params");
    const { reason, ...changes } = parseInput(updateSaleBodySchema, request.body);
    const sale = await updateSale({ db, record: recordFor(request, reason), saleId: Number(id), changes });
    return { data: presentSale(sale) };
  });

  admin.post("/merchandising/sales/:id/end", async (request) => {
    const { id } = parseInput(numericIdPathSchema, request.params, "params");
    const body = parseInput(removeBodySchema, request.body);
    return { data: presentSale(await endSale({ db, record: recordFor(request, body.reason), saleId: Number(id) })) };
  });

  // Promo codes and gift cards

  admin.get("/merchandising/promo_codes", async (request) => {
    const { kind = "codes" } = parseInput(promoCodesQuerySchema, request.query, "query");
    requireOperator(request);
    return { data: (await listPromoCodes({ db, kind })).map(presentCode) };
  });

  admin.post("/merchandising/promo_codes", async (request, reply) => {
    const { reason, ...code } = parseInput(createPromoCodeBodySchema, request.body);
    const created = await createPromoCode({ db, record: recordFor(request, reason), ...code });
    return reply.status(201).send({ data: presentCode(created) });
  });

  admin.post("/merchandising/gift_cards", async (request, reply) => {
    const { reason, ...card } = parseInput(issueGiftCardBodySchema, request.body);
    const issued = await issueGiftCard({ db, record: recordFor(request, reason), ...card });
    return reply.status(201).send({ data: presentCode(issued) });
  });

  admin.post("/merchandising/promo_codes/:code/expire", async (request) => {
    const { code } = parseInput(codePathSchema, request.params, "params");
    const body = parseInput(removeBodySchema, request.body);
    return { data: presentCode(await expirePromoCode({ db, record: recordFor(request, body.reason), code })) };
  });

  admin.get("/merchandising/promo_codes/:code/redemptions", async (request) => {
    const { code } = parseInput(codePathSchema, request.params, "params");
    parseInput(emptyQuerySchema, request.query, "query");
    requireOperator(request);
    return { data: (await listCodeRedemptions({ db, code })).map(presentRedemption) };
  });
}
