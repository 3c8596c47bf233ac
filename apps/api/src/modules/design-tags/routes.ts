import { designTagsQuerySchema } from "@threadfolk/contract/studio-designer";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { boundKeyPart } from "../../lib/bounded-key.ts";
import { enforceLimit } from "../rate-limit/enforce-rate-limit.ts";
import { findDesignTags } from "./find-design-tags.ts";

/** `GET /api/v1/design_tags?query=`: tag suggestions for the product designer (decision 039). */
export async function designTagRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  // Public: the tags of live designs are already shown on every design page and in search suggestions.
  app.get("/design_tags", async (request, reply) => {
    const { query } = parseInput(designTagsQuerySchema, request.query, "query");
    // A prefix lookup costs little, but one client may not keep the database busy: the search allowance.
    await enforceLimit({
      rateLimiter: context.rateLimiter,
      key: `design_tags:ip:${boundKeyPart(request.ip)}`,
      limit: context.config.SEARCH_RATE_LIMIT_PER_IP,
      windowSeconds: context.config.SEARCH_RATE_LIMIT_WINDOW_SECONDS,
    });
    const tags = await findDesignTags({ db: context.db, query });
    return reply.header("Cache-Control", "public, max-age=60").send({ data: tags });
  });
}
