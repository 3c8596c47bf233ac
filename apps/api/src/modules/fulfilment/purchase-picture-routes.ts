import { purchasePictureParamsSchema } from "@threadfolk/contract/media";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { getPurchasePicture } from "./purchase-pictures.ts";

/** A year: the longest lifetime HTTP caches are asked to keep a response (RFC 9111 practice). */
const IMMUTABLE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * GET (and HEAD) /media/purchases/{line uuid}.jpg: the picture of a bought line for e-mails (decision 067).
 * Public and permanent by design: no session, no signature, no expiry (an e-mail is read whenever); the line's
 * random uuid is the only key, and only a paid order's lines answer. Its content never changes, so it is cached
 * as immutable by everyone.
 */
export async function purchasePictureRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get("/media/purchases/:file", async (request, reply) => {
    const { file: lineUuid } = parseInput(purchasePictureParamsSchema, request.params, "params");
    const picture = await getPurchasePicture({
      db: context.db,
      storage: context.storage,
      renderer: context.mediaRenderer,
      brandName: context.config.BRAND_NAME,
      lineUuid,
    });
    if (!picture) throw AppError.notFound("Picture");
    reply
      .header("Cache-Control", `public, max-age=${IMMUTABLE_MAX_AGE_SECONDS}, immutable`)
      .header("ETag", picture.etag);
    if (request.headers["if-none-match"] === picture.etag) return reply.status(304).send();
    return reply.type("image/jpeg").send(picture.body);
  });
}
