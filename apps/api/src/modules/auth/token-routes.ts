import { createTokenBodySchema } from "@threadfolk/contract/api-requests";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { presentTokens } from "./presenters.ts";
import { SIGN_IN_REFUSAL_MESSAGES, signInAsGuest, signInWithPassword } from "./sign-in.ts";

/** `POST /api/v1/tokens`: an anonymous (guest) token without `user`, a signed-in one for `user: {email, password}`. */
export async function tokenRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config } = context;

  app.post("/tokens", async (request, reply) => {
    const input = request.body === undefined ? {} : parseInput(createTokenBodySchema, request.body);
    const clientId = config.OAUTH_CLIENT_ID;
    reply.header("Cache-Control", "no-store");
    if (!input.user) return presentTokens(await signInAsGuest({ context, clientId, ip: request.ip }));

    const signedIn = await signInWithPassword({
      context,
      clientId,
      email: input.user.email,
      password: input.user.password,
      ip: request.ip,
      findGuestId: () => (request.actor?.kind === "guest" ? request.actor.guestId : undefined),
    });
    if (!signedIn.ok) {
      const message = SIGN_IN_REFUSAL_MESSAGES[signedIn.reason];
      throw signedIn.reason === "invalid_credentials" ? AppError.badRequest(message) : AppError.forbidden(message);
    }
    return presentTokens(signedIn.tokens);
  });
}
