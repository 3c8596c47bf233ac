import { signInSchema } from "@threadfolk/contract/validation";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { enforceRateLimit } from "../rate-limit/enforce-rate-limit.ts";
import { presentTokens } from "./presenters.ts";
import { startGuestSession, startSession } from "./sessions.ts";
import { verifyCredentials } from "./verify-credentials.ts";

const createTokenSchema = z.strictObject({ user: signInSchema.optional() });

/** `POST /api/v1/tokens`: an anonymous (guest) token without `user`, a signed-in one for `user: {email, password}`. */
export async function tokenRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db, rateLimiter } = context;

  app.post("/tokens", async (request, reply) => {
    const input = request.body === undefined ? {} : parseInput(createTokenSchema, request.body);
    const clientId = config.OAUTH_CLIENT_ID;
    reply.header("Cache-Control", "no-store");
    if (!input.user) {
      await enforceRateLimit({ rateLimiter, config, action: "guest_token", ip: request.ip });
      return presentTokens(await startGuestSession({ db, config, clientId }));
    }

    const { email, password } = input.user;
    await enforceRateLimit({ rateLimiter, config, action: "sign_in", ip: request.ip, email });
    const check = await verifyCredentials({ db, email, password });
    if (!check.ok) {
      if (check.reason === "unconfirmed") throw AppError.forbidden("Confirm your email address before signing in");
      if (check.reason === "disabled") throw AppError.forbidden("This account has been disabled");
      throw AppError.badRequest("Unrecognized password, email combination");
    }
    const guestId = request.actor?.kind === "guest" ? request.actor.guestId : undefined;
    return presentTokens(await startSession({ db, config, clientId, userId: check.userId, guestId }));
  });
}
