import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import { pingDatabase } from "../db/client.ts";

/** `GET /healthz`: 200 when the process can reach its database, 503 otherwise (for load balancers). */
export async function healthRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get("/healthz", async (request, reply) => {
    const startedAt = performance.now();
    try {
      await pingDatabase(context.db);
      return reply.header("Cache-Control", "no-store").send({
        status: "ok",
        database: {
          status: "ok",
          driver: context.database.driver,
          latency_ms: Math.round(performance.now() - startedAt),
        },
      });
    } catch (error) {
      request.log.error({ err: error }, "health check: database unreachable");
      return reply
        .status(503)
        .header("Cache-Control", "no-store")
        .send({ status: "error", database: { status: "unreachable", driver: context.database.driver } });
    }
  });
}
