import { emptyQuerySchema } from "@threadfolk/contract/api-requests";
import { designPathSchema } from "@threadfolk/contract/discovery";
import { createDesignReportBodySchema } from "@threadfolk/contract/moderation";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { enforceReportLimit } from "./enforce-report-limit.ts";
import { reportDesign } from "./report-design.ts";

/** 'Report this design' (issue 28): public, guests too; limited per client address and per reporter e-mail. */
export async function moderationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.post("/designs/:uuid/reports", async (request, reply) => {
    const { uuid } = parseInput(designPathSchema, request.params, "params");
    parseInput(emptyQuerySchema, request.query, "query");
    const input = parseInput(createDesignReportBodySchema, request.body);
    await enforceReportLimit({ context, ip: request.ip, email: input.email });
    const report = await reportDesign({ context, actor: request.actor, designId: uuid.toLowerCase(), input });
    return reply.status(201).header("Cache-Control", "no-store").send(report);
  });
}
