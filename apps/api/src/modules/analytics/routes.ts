import { ANALYTICS_MAX_BATCH_BYTES, analyticsBatchSchema } from "@threadfolk/contract/analytics";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { boundKeyPart } from "../../lib/bounded-key.ts";
import { requireActor } from "../auth/authenticate.ts";
import { enforceLimit } from "../rate-limit/enforce-rate-limit.ts";
import { recordAnalyticsEvents } from "./record-analytics-events.ts";

/**
 * `POST /api/v1/analytics_events`: the web client's batched first-party events. Any valid token (guest or
 * signed in); the events are stored and answered with 202, and forwarding to trackers happens afterwards.
 * Bounded (decision 020): at most ANALYTICS_MAX_BATCH events and ANALYTICS_MAX_BATCH_BYTES a batch (413),
 * ANALYTICS_BATCHES_PER_MINUTE batches per identity (429), kept ANALYTICS_RETENTION_DAYS.
 */
export async function analyticsRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, analytics, jobs, rateLimiter, config } = context;

  app.post("/analytics_events", { bodyLimit: ANALYTICS_MAX_BATCH_BYTES }, async (request, reply) => {
    const actor = requireActor(request);
    const { events } = parseInput(analyticsBatchSchema, request.body);
    // Per identity, not per address: a customer's tabs and devices share one allowance, and one address
    // (an office, a campus) may hold many shoppers.
    const identity = actor.kind === "user" ? `user:${actor.userId}` : `guest:${actor.guestId}`;
    await enforceLimit({
      rateLimiter,
      key: `analytics:${boundKeyPart(identity)}`,
      limit: config.ANALYTICS_BATCHES_PER_MINUTE,
      windowSeconds: 60,
    });
    const forward = analytics !== undefined;
    const stored = await recordAnalyticsEvents({ db, actor, events, forward });
    if (stored > 0 && forward) jobs.nudge();
    return reply.status(202).header("Cache-Control", "no-store").send({ accepted: events.length, stored });
  });
}
