import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";
import { findActorByAccessToken } from "./sessions.ts";

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
  app.decorateRequest("actor", undefined);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token = readBearerToken(request);
    if (!token) return;
    const lookup = await findActorByAccessToken({ db: context.db, config: context.config, token });
    if (lookup.status !== "valid") {
      throw AppError.unauthorized(
        lookup.status === "expired"
          ? "The access token has expired"
          : "The access token is invalid or has been revoked",
      );
    }
    request.actor = lookup.actor;
  });
}

/** The caller's actor (guest or user); 401 when the request has no valid token. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw AppError.unauthorized();
  return request.actor;
}
