import { orderAccessQuerySchema } from "@threadfolk/contract/orders";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { AppError } from "../../lib/app-error.ts";
import { authorize } from "../../lib/authorize.ts";
import { parseOrderNumber } from "../orders/read-order.ts";
import { orderReadPolicies } from "../orders/read-policies.ts";
import { cancelOrder } from "./cancel-order.ts";
import { getPrintFileSecret, printFileKey, verifyPrintFileLink } from "./print-file-urls.ts";

const printFileQuerySchema = z.strictObject({
  expires: z
    .string()
    .max(12)
    .regex(/^\d{1,12}$/),
  signature: z.string().max(64),
});

/**
 * Fulfilment under /api/v1 (issue 27): the shopper's cancellation, the signed print file links a print provider
 * fetches, and Printful's notifications.
 */
export async function fulfilmentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.post("/orders/:orderNumber/cancellation", async (request) => {
    const actor = authorize(request.actor, orderReadPolicies.readOrder);
    const { token } = parseInput(orderAccessQuerySchema, request.query, "query");
    if (request.body !== undefined && request.body !== null) parseInput(z.strictObject({}), request.body);
    const orderNumber = parseOrderNumber((request.params as { orderNumber: string }).orderNumber);
    return cancelOrder({ context, actor, orderNumber, token });
  });

  app.get("/print_files/:orderId/:fileName", async (request, reply) => {
    const { expires, signature } = parseInput(printFileQuerySchema, request.query, "query");
    const params = request.params as { orderId: string; fileName: string };
    const key = printFileKey(params.orderId, params.fileName);
    const secret = await getPrintFileSecret({ db: context.db, config: context.config });
    // A link that does not verify names nothing: the same 404 as a file that does not exist.
    const verified = key ? verifyPrintFileLink({ secret, key, expires, signature }) : undefined;
    const stored = verified ? await context.storage.get(verified) : undefined;
    if (!stored) throw AppError.notFound("Print file");
    return reply
      .header("Content-Type", stored.contentType)
      .header("Cache-Control", "private, max-age=86400, immutable")
      .header("X-Robots-Tag", "noindex")
      .send(stored.body);
  });

  // Printful's notifications: the signature covers the exact bytes, so this route reads its body as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.post("/printful_webhooks", async (request, reply) => {
      const printful = context.fulfilment.providers.printful;
      if (!printful) throw AppError.notFound("Printful webhook endpoint");
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
      );
      const notification = await printful.verifyNotification({
        headers,
        rawBody: typeof request.body === "string" ? request.body : "",
      });
      if (!notification) throw AppError.badRequest("The notification's signature is not valid");
      // Only "read order X again": what it says is read back from Printful's API by the job.
      await enqueueJob(context.db, "sync_order_fulfilment", notification);
      context.jobs.nudge();
      return reply.status(200).send({ received: true });
    });
  });
}
