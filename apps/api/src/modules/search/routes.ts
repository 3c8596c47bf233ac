import { searchSuggestionsQuerySchema } from "@threadfolk/contract/discovery";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { enforceSearchLimit } from "./enforce-search-limit.ts";
import { findSearchSuggestions } from "./find-search-suggestions.ts";

/** Search routes under /api/v1 (results themselves are `GET /internal_design_collections?query=`). */
export async function searchRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  // Public: suggestions reveal only what listings already show.
  app.get("/search_suggestions", async (request, reply) => {
    const { query } = parseInput(searchSuggestionsQuerySchema, request.query, "query");
    await enforceSearchLimit({ context, route: "search_suggestions", ip: request.ip });
    const suggestions = await findSearchSuggestions({ db: context.db, query });
    return reply.header("Cache-Control", "public, max-age=60").send({ data: suggestions });
  });
}
