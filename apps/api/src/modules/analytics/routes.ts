import { analyticsBatchSchema } from "@threadfolk/contract/analytics";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { requireActor } from "../auth/authenticate.ts";
import { recordAnalyticsEvents } from "./record-analytics-events.ts";

/**
 * `POST /api/v1/analytics_events`: the web client's batched first-party events. Any valid token (guest or
 * signed in); the events are stored and answered with 202, and forwarding to trackers happens afterwards.
 */
export async function analyticsRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, analytics, jobs } = context;

  app.post("/analytics_events", async (request, reply) => {
    const actor = requireActor(request);
    const { events } = parseInput(analyticsBatchSchema, request.body);
    const forward = analytics !== undefined;
    const stored = await recordAnalyticsEvents({ db, actor, events, forward });
    if (stored > 0 && forward) jobs.nudge();
    return reply.status(202).header("Cache-Control", "no-store").send({ accepted: events.length, stored });
  });
}
