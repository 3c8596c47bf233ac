import { designUuidBodySchema, STUDIO_API } from "@threadfolk/contract/studio";
import { myDesignsQuerySchema } from "@threadfolk/contract/studio-sales";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { authorize } from "../../lib/authorize.ts";
import { listMyDesigns } from "./list-my-designs.ts";
import { myDesignPolicies } from "./policies.ts";
import { setDesignStatus } from "./set-design-status.ts";

const API_PREFIX = "/api/v1";
const route = (path: string) => path.slice(API_PREFIX.length);

/**
 * My Designs under /api/v1 (issue 14, decision 038): the artist's designs and drafts, and the deactivation
 * call (spec section 7: payload uuid) with its pair. The product editor's `GET/PATCH /seller_designs/{uuid}`
 * belongs to the studio module; these are POSTs on literal paths, which Fastify matches before a parameter.
 */
export async function myDesignRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  app.get(route(STUDIO_API.sellerDesigns), async (request) => {
    const actor = authorize(request.actor, myDesignPolicies.listDesigns);
    const { status, page } = parseInput(myDesignsQuerySchema, request.query, "query");
    return listMyDesigns({ context, actor, filter: status, page });
  });

  app.post(route(STUDIO_API.deactivateDesign), async (request) => {
    authorize(request.actor, myDesignPolicies.deactivateDesign);
    const { uuid } = parseInput(designUuidBodySchema, request.body);
    return setDesignStatus({ context, actor: request.actor, designId: uuid.toLowerCase(), status: "deactivated" });
  });

  app.post(route(STUDIO_API.reactivateDesign), async (request) => {
    authorize(request.actor, myDesignPolicies.reactivateDesign);
    const { uuid } = parseInput(designUuidBodySchema, request.body);
    return setDesignStatus({ context, actor: request.actor, designId: uuid.toLowerCase(), status: "active" });
  });
}
