import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * One access-log line per request, written when the response is finished, with the method, the redacted URL
 * (log-serializers.ts), the status and the time taken. Fastify's default writes two (on arrival, and on
 * completion without the URL) and a third with the raw URL for unknown routes.
 */
class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}

/** Fastify's `logController` for the one-line access log. */
export function createAccessLogController(): LogController {
  return new AccessLogController();
}
