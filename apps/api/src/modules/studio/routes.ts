import { emptyQuerySchema } from "@threadfolk/contract/api-requests";
import type { ProductColor } from "@threadfolk/contract/colors";
import {
  openStorefrontBodySchema,
  STUDIO_API,
  saveDesignDraftBodySchema,
  updateSellerDesignBodySchema,
  updateStorefrontBodySchema,
} from "@threadfolk/contract/studio";
import type { GarmentStyle } from "@threadfolk/contract/studio-profile";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { authorize } from "../../lib/authorize.ts";
import { garmentOfStyle, loadGarmentStyles } from "./design-parts.ts";
import { createDraft, deleteDraft, findDraft, listDrafts, presentDraft, saveDraft } from "./drafts.ts";
import { studioPolicies } from "./policies.ts";
import { publishDraft } from "./publish-draft.ts";
import { findDesignRenders } from "./render-design-job.ts";
import { findDesign, loadOwnedDesign, presentSellerDesign, updateSellerDesign } from "./seller-designs.ts";
import { findStorefrontOfUser, openStorefront, presentSellerProfile, updateStorefront } from "./storefront.ts";

/** `STUDIO_API` paths without the `/api/v1` prefix the module is registered under. */
const path = (full: string) => full.replace(/^\/api\/v1/, "");

/**
 * The seller studio's API under /api/v1 (issue 14, decision 037): the storefront, the garment styles, the
 * designer's drafts and publishing, and the product editor. Every route but the garment styles checks a
 * rule of `studioPolicies` (decision 014); nothing here is cached by browsers or proxies.
 */
export async function studioRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context;

  const draftId = (request: FastifyRequest) => (request.params as { draftId: string }).draftId;
  const designUuid = (request: FastifyRequest) => (request.params as { sellerDesignUuid: string }).sellerDesignUuid;

  app.get(path(STUDIO_API.sellerProfile), async (request, reply) => {
    const actor = authorize(request.actor, studioPolicies.readStorefront);
    parseInput(emptyQuerySchema, request.query, "query");
    const profile = await findStorefrontOfUser(db, actor.userId);
    // No storefront yet is an ordinary answer (every customer's profile pages ask), not a missing resource.
    reply.header("Cache-Control", "no-store");
    if (!profile) return reply.send({ data: null });
    return reply.send(await presentSellerProfile(context, profile));
  });

  app.post(path(STUDIO_API.sellerProfile), async (request, reply) => {
    const actor = authorize(request.actor, studioPolicies.openStorefront);
    const { sellerProfile } = parseInput(openStorefrontBodySchema, request.body);
    const profile = await openStorefront({ context, actor, input: sellerProfile });
    return reply
      .status(201)
      .header("Cache-Control", "no-store")
      .send(await presentSellerProfile(context, profile));
  });

  app.patch(path(STUDIO_API.sellerProfile), async (request, reply) => {
    const actor = authorize(request.actor, studioPolicies.updateStorefront);
    const { sellerProfile } = parseInput(updateStorefrontBodySchema, request.body);
    const profile = await updateStorefront({ context, actor, input: sellerProfile });
    return reply.header("Cache-Control", "no-store").send(await presentSellerProfile(context, profile));
  });

  app.get(path(STUDIO_API.garmentStyles), async (request, reply) => {
    parseInput(emptyQuerySchema, request.query, "query");
    const styles = await loadGarmentStyles(db);
    const data: GarmentStyle[] = styles.map((style) => ({
      id: style.key,
      type: "garmentStyle",
      attributes: {
        key: style.key,
        displayName: style.displayName,
        fit: style.fit,
        baseCostCents: style.baseCostCents,
        colors: style.colors as ProductColor[],
        garment: garmentOfStyle(style.key),
        position: style.position,
      },
    }));
    return reply.header("Cache-Control", "public, max-age=300").send({ data });
  });

  app.get(path(STUDIO_API.designDrafts), async (request, reply) => {
    const actor = authorize(request.actor, studioPolicies.listDrafts);
    parseInput(emptyQuerySchema, request.query, "query");
    const drafts = await listDrafts(db, actor);
    const data = [];
    for (const draft of drafts) data.push(await presentDraft(context, actor, draft));
    return reply.header("Cache-Control", "no-store").send({ data });
  });

  app.post(path(STUDIO_API.designDrafts), async (request, reply) => {
    const actor = authorize(request.actor, studioPolicies.createDraft);
    const { designDraft } = parseInput(saveDesignDraftBodySchema, request.body);
    const draft = await createDraft({ db, actor, input: designDraft });
    return reply
      .status(201)
      .header("Cache-Control", "no-store")
      .send({ data: await presentDraft(context, actor, draft) });
  });

  app.get(path(STUDIO_API.designDraft(":draftId")), async (request, reply) => {
    const actor = authorize(request.actor, studioPolicies.readDraft);
    parseInput(emptyQuerySchema, request.query, "query");
    const draft = await findDraft(db, draftId(request));
    authorize(actor, studioPolicies.readDraft, draft);
    return reply.header("Cache-Control", "no-store").send({ data: await presentDraft(context, actor, draft) });
  });

  app.patch(path(STUDIO_API.designDraft(":draftId")), async (request, reply) => {
    const actor = authorize(request.actor, studioPolicies.saveDraft);
    const id = draftId(request);
    authorize(actor, studioPolicies.saveDraft, await findDraft(db, id));
    const { designDraft } = parseInput(saveDesignDraftBodySchema, request.body);
    const draft = await saveDraft({ db, actor, draftId: id, input: designDraft });
    return reply.header("Cache-Control", "no-store").send({ data: await presentDraft(context, actor, draft) });
  });

  app.delete(path(STUDIO_API.designDraft(":draftId")), async (request, reply) => {
    const actor = authorize(request.actor, studioPolicies.deleteDraft);
    await deleteDraft({ db, actor, draftId: draftId(request) });
    return reply.status(204).send();
  });

  app.post(path(STUDIO_API.publishDraft(":draftId")), async (request, reply) => {
    const actor = authorize(request.actor, studioPolicies.publishDraft);
    const designId = await publishDraft({ context, actor, draftId: draftId(request) });
    const design = await findDesign(db, designId);
    if (!design) throw AppError.notFound("Design");
    return reply
      .status(201)
      .header("Cache-Control", "no-store")
      .send(await presentSellerDesign(context, actor, design));
  });

  app.get(path(STUDIO_API.sellerDesign(":sellerDesignUuid")), async (request, reply) => {
    const design = await loadOwnedDesign(db, request.actor, studioPolicies.readDesign, designUuid(request));
    parseInput(emptyQuerySchema, request.query, "query");
    return reply.header("Cache-Control", "no-store").send(await presentSellerDesign(context, request.actor, design));
  });

  app.patch(path(STUDIO_API.sellerDesign(":sellerDesignUuid")), async (request, reply) => {
    const actor = authorize(request.actor, studioPolicies.updateDesign);
    const design = await loadOwnedDesign(db, actor, studioPolicies.updateDesign, designUuid(request));
    const { sellerDesign } = parseInput(updateSellerDesignBodySchema, request.body);
    const updated = await updateSellerDesign({ context, actor, design, input: sellerDesign });
    return reply.header("Cache-Control", "no-store").send(await presentSellerDesign(context, actor, updated));
  });

  app.get(path(STUDIO_API.sellerDesignRenders(":sellerDesignUuid")), async (request, reply) => {
    const design = await loadOwnedDesign(db, request.actor, studioPolicies.readDesignRenders, designUuid(request));
    parseInput(emptyQuerySchema, request.query, "query");
    return reply.header("Cache-Control", "no-store").send({ data: await findDesignRenders({ db, design }) });
  });
}
