import { emptyQuerySchema } from "@threadfolk/contract/api-requests";
import { isUuid } from "@threadfolk/contract/ids";
import {
  STUDIO_API,
  storefrontCollectionBodySchema,
  updateStorefrontCollectionBodySchema,
} from "@threadfolk/contract/studio";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { authorize } from "../../lib/authorize.ts";
import {
  createStorefrontCollection,
  deleteStorefrontCollection,
  updateStorefrontCollection,
} from "./manage-collections.ts";
import { storefrontCollectionPolicies } from "./policies.ts";
import { presentStorefrontCollection } from "./presenters.ts";
import { findArtistCollections, findCollection } from "./queries.ts";

const API_PREFIX = "/api/v1";
const collectionsPath = STUDIO_API.storefrontCollections.slice(API_PREFIX.length);

/** A collection id from the path; anything but a uuid names no collection (404, like an unknown one). */
function parseCollectionId(request: FastifyRequest): string {
  const { id } = request.params as { id: string };
  if (!isUuid(id)) throw AppError.notFound("Collection");
  return id.toLowerCase();
}

/**
 * Storefront collections under /api/v1 (issue 14, decision 038): the artist's named, ordered sections of their
 * storefront. Policies in policies.ts; the public side is the storefront reply's `collections` (discovery).
 */
export async function storefrontCollectionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context;
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  app.get(collectionsPath, async (request) => {
    const actor = authorize(request.actor, storefrontCollectionPolicies.listCollections);
    parseInput(emptyQuerySchema, request.query, "query");
    const collections = await findArtistCollections({ db, artistId: actor.artistId });
    return { data: collections.map(presentStorefrontCollection) };
  });

  app.post(collectionsPath, async (request, reply) => {
    const actor = authorize(request.actor, storefrontCollectionPolicies.createCollection);
    const { storefrontCollection } = parseInput(storefrontCollectionBodySchema, request.body);
    const created = await createStorefrontCollection({ db, actor, input: storefrontCollection });
    return reply.status(201).send({ data: presentStorefrontCollection(created) });
  });

  app.get(`${collectionsPath}/:id`, async (request) => {
    authorize(request.actor, storefrontCollectionPolicies.readCollection);
    const collectionId = parseCollectionId(request);
    parseInput(emptyQuerySchema, request.query, "query");
    const collection = await findCollection({ db, collectionId });
    authorize(request.actor, storefrontCollectionPolicies.readCollection, collection);
    const found = (await findArtistCollections({ db, artistId: collection.sellerProfileId })).find(
      (row) => row.id === collectionId,
    );
    if (!found) throw AppError.notFound("Collection");
    return { data: presentStorefrontCollection(found) };
  });

  app.patch(`${collectionsPath}/:id`, async (request) => {
    authorize(request.actor, storefrontCollectionPolicies.updateCollection);
    const collectionId = parseCollectionId(request);
    const { storefrontCollection } = parseInput(updateStorefrontCollectionBodySchema, request.body);
    const updated = await updateStorefrontCollection({
      db,
      actor: request.actor,
      collectionId,
      input: storefrontCollection,
    });
    return { data: presentStorefrontCollection(updated) };
  });

  app.delete(`${collectionsPath}/:id`, async (request, reply) => {
    authorize(request.actor, storefrontCollectionPolicies.deleteCollection);
    const collectionId = parseCollectionId(request);
    await deleteStorefrontCollection({ db, actor: request.actor, collectionId });
    return reply.status(204).send();
  });
}
