import { OPERATOR_SESSION_COOKIE } from "@threadfolk/contract/operators";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { clearOperatorCookie, type OperatorPrincipal, touchOperatorSession } from "./operator-sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in operator: set on every route under /api/v1/admin before its handler runs. */
    operator: OperatorPrincipal | undefined;
  }
}

/**
 * One area of the admin console: registers its routes on `admin`, with paths relative to /api/v1/admin
 * (`admin.get("/orders", …)`). Every route it registers is behind the operator session.
 */
export type AdminArea = (admin: FastifyInstance, context: AppContext) => void | Promise<void>;

/** The prefix of every admin route. */
export const ADMIN_PREFIX = "/api/v1/admin";

/** The signed-in operator of an admin route (the hook guarantees it; this keeps handlers' types honest). */
export function requireOperator(request: { operator: OperatorPrincipal | undefined }): OperatorPrincipal {
  if (!request.operator) throw AppError.unauthorized("Sign in as an operator to continue");
  return request.operator;
}

/**
 * Registers the admin areas under /api/v1/admin behind one hook (issue 28, decision 071): no operator session is
 * a 401 when the request has no credentials at all and a 403 when it carries a customer's, an artist's or a
 * guest's token (those never grant admin); a session answers `request.operator` and restarts its idle clock.
 */
export async function registerAdminArea(app: FastifyInstance, context: AppContext, areas: AdminArea[]): Promise<void> {
  await app.register(
    async (admin) => {
      admin.decorateRequest("operator", undefined);
      admin.addHook("onRequest", async (request, reply) => {
        reply.header("Cache-Control", "no-store");
        const token = request.cookies[OPERATOR_SESSION_COOKIE];
        const operator = token ? await touchOperatorSession(context.db, token) : undefined;
        if (operator) {
          request.operator = operator;
          return;
        }
        if (token) clearOperatorCookie(reply, context.config);
        if (request.actor) throw AppError.forbidden("Only operators may use the admin console");
        throw AppError.unauthorized(
          token ? "Your operator session has ended: sign in again" : "Sign in as an operator to continue",
        );
      });
      for (const area of areas) await area(admin, context);
    },
    { prefix: ADMIN_PREFIX },
  );
}
