import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { listenToChannel } from "../../db/listen.ts";
import { ACCESS_CHANGES_CHANNEL, onAccessChange } from "../../lib/access-changes.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import type { AccessTokenCache } from "./access-token-cache.ts";
import { findActorByAccessToken } from "./sessions.ts";
import { hashToken } from "./token-crypto.ts";

export type { Actor } from "../../lib/authorize.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Who is calling, from the bearer token; undefined without a token. Set for /api routes only. */
    actor: Actor | undefined;
  }
}

/** The bearer token of a request, if it sent one (`Authorization: Bearer <token>`). */
export function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Authenticates every /api request that carries a bearer token. A token that is unknown, revoked or
 * expired is a 401 even on public routes: that 401 is what tells the client to refresh (RFC 6750).
 */
export function registerAuthentication(app: FastifyInstance, context: AppContext): void {
  const cache = keepAccessTokenCacheHonest(app, context);
  app.decorateRequest("actor", undefined);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token = readBearerToken(request);
    if (!token) return;
    const tokenHash = hashToken(token);
    const cached = cache.get(tokenHash);
    if (cached) {
      request.actor = cached;
      return;
    }
    const startedAt = cache.generation();
    const lookup = await findActorByAccessToken({ db: context.db, config: context.config, token });
    if (lookup.status !== "valid") {
      throw AppError.unauthorized(
        lookup.status === "expired"
          ? "The access token has expired"
          : "The access token is invalid or has been revoked",
      );
    }
    cache.set(tokenHash, lookup.actor, startedAt, lookup.validForMs);
    request.actor = lookup.actor;
  });
}

/**
 * Keeps this instance's cache of valid access-token lookups honest (decision 051): it forgets everything on every
 * access change announced in this process, and, on PostgreSQL, on every one another instance announces (LISTEN);
 * until that listener is connected, and whenever it is lost, nothing is served from the cache.
 */
function keepAccessTokenCacheHonest(app: FastifyInstance, context: AppContext): AccessTokenCache {
  const { config, database, accessTokenCache: cache } = context;
  const unsubscribe = onAccessChange(cache.forgetAll);
  app.addHook("onClose", async () => {
    unsubscribe();
  });
  // Embedded, this process is the only instance: its own announcements are all there are.
  const url = config.ACCESS_TOKEN_CACHE_SECONDS > 0 ? database.url : undefined;
  if (url) {
    cache.setTrusted(false);
    const listener = listenToChannel({
      url,
      channel: ACCESS_CHANGES_CHANNEL,
      onNotification: cache.forgetAll,
      onState: cache.setTrusted,
    });
    app.addHook("onClose", async () => listener.close());
  }
  return cache;
}

/** The caller's actor (guest or user); 401 when the request has no valid token. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw AppError.unauthorized();
  return request.actor;
}
