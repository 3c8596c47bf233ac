import {
  collectionInputSchema,
  collectionListQuerySchema,
  collectionPageQuerySchema,
  FAVORITE_COLLECTIONS_PAGE_SIZE,
  FAVORITES_PAGE_SIZE,
  favoritesPageQuerySchema,
  toggleLikedVariantBodySchema,
  wrappedCollectionInputSchema,
} from "@threadfolk/contract/favorites";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { authorize } from "../../lib/authorize.ts";
import { presentPageMeta } from "../discovery/presenters.ts";
import { loadLikedCardGroups, loadLikedCards } from "./load-liked-cards.ts";
import { createCollection, deleteCollection, renameCollection } from "./manage-collections.ts";
import { favoritePolicies } from "./policies.ts";
import { presentCollection, presentCollectionWithDesigns } from "./presenters.ts";
import {
  countCollections,
  findCollection,
  findCollectionItemPage,
  findCollectionsWithVariants,
  findLikedDesignPage,
  findOneCollectionWithVariants,
} from "./queries.ts";
import { toggleLikedVariant } from "./toggle-liked-variant.ts";

const WRAPPER_KEY = "customer_profile_design_collection";

/**
 * The collection name of a create or rename body. The spec's client sends `{ display_name }`; the
 * Rails-style wrapped form `{ customer_profile_design_collection: { display_name } }` is accepted too.
 */
function parseCollectionName(body: unknown): { displayName: string; field: string } {
  const isWrapped = typeof body === "object" && body !== null && WRAPPER_KEY in body;
  if (isWrapped) {
    const input = parseInput(wrappedCollectionInputSchema, body);
    return { displayName: input.customerProfileDesignCollection.displayName, field: `${WRAPPER_KEY}.display_name` };
  }
  return { displayName: parseInput(collectionInputSchema, body).displayName, field: "display_name" };
}

/** A collection id from the path; anything but a positive integer names no collection (404, like an unknown id). */
function parseCollectionId(request: FastifyRequest): number {
  const { id } = request.params as { id: string };
  const value = /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(value) || value > 2_147_483_647) throw AppError.notFound("Collection");
  return value;
}

/**
 * Favourites under /api/v1: a signed-in customer's collections and the liked-variant toggle (spec sections 3,
 * 4 and 7). Who may do what is favoritePolicies (policies.ts): guests get 401, another customer's collection is
 * a 404 everywhere.
 */
export async function favoritesRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context;

  app.addHook("onSend", async (_request, reply) => {
    // Personal data: never cached by a browser or a shared cache.
    reply.header("Cache-Control", "no-store");
  });

  app.post("/customer_profile_design_collections", async (request, reply) => {
    const actor = authorize(request.actor, favoritePolicies.createCollection);
    const { displayName, field } = parseCollectionName(request.body);
    const collection = await createCollection({ db, userId: actor.userId, displayName, field });
    return reply.status(201).send({ data: presentCollection({ collection, variantIds: [], designCount: 0 }) });
  });

  // display=false (default): every collection, light, for the collections menu. display=true: one page of
  // collections, each with the first page of its designs as cards, for the profile's Favorite Designs tab.
  app.get("/customer_profile_design_collections", async (request) => {
    const actor = authorize(request.actor, favoritePolicies.listCollections);
    const { display = "false", page = 1 } = parseInput(collectionListQuerySchema, request.query, "query");
    if (display === "false") {
      const rows = await findCollectionsWithVariants({ db, userId: actor.userId });
      return { data: rows.map(presentCollection) };
    }
    const perPage = FAVORITE_COLLECTIONS_PAGE_SIZE;
    const [rows, totalCount] = await Promise.all([
      findCollectionsWithVariants({ db, userId: actor.userId, page: { page, perPage } }),
      countCollections({ db, userId: actor.userId }),
    ]);
    const pages = await Promise.all(
      rows.map((row) =>
        findCollectionItemPage({ db, collectionId: row.collection.id, page: 1, perPage: FAVORITES_PAGE_SIZE }),
      ),
    );
    const groups = await loadLikedCardGroups({ context, groups: pages });
    return {
      data: rows.map((row, index) => presentCollectionWithDesigns(row, groups[index] ?? [])),
      meta: presentPageMeta({ totalCount, page, perPage }),
    };
  });

  app.get("/customer_profile_design_collections/:id", async (request) => {
    const actor = authorize(request.actor, favoritePolicies.readCollection);
    const collectionId = parseCollectionId(request);
    const { page = 1 } = parseInput(collectionPageQuerySchema, request.query, "query");
    authorize(actor, favoritePolicies.readCollection, await findCollection({ db, collectionId }));
    const row = await findOneCollectionWithVariants({ db, userId: actor.userId, collectionId });
    if (!row) throw AppError.notFound("Collection");
    const items = await findCollectionItemPage({ db, collectionId, page, perPage: FAVORITES_PAGE_SIZE });
    const cards = await loadLikedCards({ context, items });
    return {
      data: presentCollectionWithDesigns(row, cards),
      meta: presentPageMeta({ totalCount: row.designCount, page, perPage: FAVORITES_PAGE_SIZE }),
    };
  });

  app.patch("/customer_profile_design_collections/:id", async (request) => {
    const actor = authorize(request.actor, favoritePolicies.renameCollection);
    const collectionId = parseCollectionId(request);
    const { displayName, field } = parseCollectionName(request.body);
    await renameCollection({ db, actor, collectionId, displayName, field });
    const row = await findOneCollectionWithVariants({ db, userId: actor.userId, collectionId });
    if (!row) throw AppError.notFound("Collection");
    return { data: presentCollection(row) };
  });

  app.delete("/customer_profile_design_collections/:id", async (request) => {
    const actor = authorize(request.actor, favoritePolicies.deleteCollection);
    const collectionId = parseCollectionId(request);
    const { favoriteDesignUuids } = await deleteCollection({ db, actor, collectionId });
    return { data: { id: collectionId, type: "customer_profile_design_collection" }, favoriteDesignUuids };
  });

  app.post("/liked_seller_design_product_variants", async (request) => {
    const actor = authorize(request.actor, favoritePolicies.toggleLikedVariant);
    const { likedSellerDesignProductVariant: input } = parseInput(toggleLikedVariantBodySchema, request.body);
    return toggleLikedVariant({
      db,
      actor,
      collectionId: input.customerProfileDesignCollectionId,
      variantId: input.sellerDesignProductVariantId,
    });
  });

  app.get("/liked_seller_design_product_variants", async (request) => {
    const actor = authorize(request.actor, favoritePolicies.listLikedDesigns);
    const { page = 1 } = parseInput(favoritesPageQuerySchema, request.query, "query");
    const { items, totalCount } = await findLikedDesignPage({
      db,
      userId: actor.userId,
      page,
      perPage: FAVORITES_PAGE_SIZE,
    });
    const data = await loadLikedCards({ context, items });
    return { data, meta: presentPageMeta({ totalCount, page, perPage: FAVORITES_PAGE_SIZE }) };
  });
}
