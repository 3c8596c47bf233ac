import type { FastifyInstance } from "fastify";

/** `GET /api/v1/ping`: the cheapest JSON reply the server can give; the benchmarks' baseline route. */
export async function pingRoutes(app: FastifyInstance): Promise<void> {
  app.get("/ping", async (_request, reply) => reply.header("Cache-Control", "no-store").send({ status: "ok" }));
}
