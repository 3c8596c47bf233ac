import { createHash } from "node:crypto";
import { mediaQuerySchema } from "@threadfolk/contract/media";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { getMediaObject } from "./get-media-object.ts";
import { isCleanMediaKey, isValidMediaKey } from "./media-keys.ts";
import { getMediaUrlSecret, verifyMediaSignature } from "./media-urls.ts";

const REJECTIONS = {
  missing: "This media link is not signed",
  invalid: "This media link is not valid",
  expired: "This media link has expired",
} as const;

/**
 * GET (and HEAD) /media/{key}?exp=&sig=: signed, expiring, immutable-cached media; renditions render on first
 * request. A clean design image verifies only against the clean images' signing key (media-urls.ts).
 */
export async function mediaRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get("/media/*", async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    const query = parseInput(mediaQuerySchema, request.query, "query");
    if (!isValidMediaKey(key)) throw AppError.notFound("Media");
    const secret = await getMediaUrlSecret(context);
    const check = verifyMediaSignature({ key, exp: query.exp, sig: query.sig, version: query.v, secret });
    if (check !== "valid") throw new AppError("forbidden", REJECTIONS[check]);

    const object = await getMediaObject({
      key,
      storage: context.storage,
      brandName: context.config.BRAND_NAME,
      renderer: context.mediaRenderer,
      db: context.db,
    });
    if (!object) throw AppError.notFound("Media");

    const etag = `"${createHash("sha256").update(object.body).digest("base64url").slice(0, 32)}"`;
    const maxAge = Math.max(0, Number(query.exp) - Math.floor(Date.now() / 1000));
    // A clean image is one person's (or production's): no shared cache may keep it for others.
    const cacheScope = isCleanMediaKey(key) ? "private" : "public";
    reply.header("Cache-Control", `${cacheScope}, max-age=${maxAge}, immutable`).header("ETag", etag);
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    return reply.type(object.contentType).send(object.body);
  });
}
