import {
  OPERATOR_IDLE_MINUTES,
  operatorSecondFactorBodySchema,
  operatorSetupBeginBodySchema,
  operatorSetupCompleteBodySchema,
  operatorSignInBodySchema,
} from "@threadfolk/contract/operators";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { setOperatorCookie } from "./operator-sessions.ts";
import { beginOperatorSetup, completeOperatorSetup } from "./setup.ts";
import { finishOperatorSignIn, startOperatorSignIn } from "./sign-in.ts";

/**
 * The operators' way in (issue 28, decision 071), outside /api/v1/admin because nobody is signed in yet: the
 * set-up link's two calls and the two steps of sign-in. The second factor and the end of set-up set the session
 * cookie; everything else an operator does is under /api/v1/admin.
 */
export async function operatorRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config } = context;

  app.post("/operator_setup", async (request, reply) => {
    const input = parseInput(operatorSetupBeginBodySchema, request.body);
    reply.header("Cache-Control", "no-store");
    return { data: await beginOperatorSetup(context, input.token) };
  });

  app.post("/operator_setup/completion", async (request, reply) => {
    const input = parseInput(operatorSetupCompleteBodySchema, request.body);
    const done = await completeOperatorSetup(context, input);
    setOperatorCookie(reply, config, done.sessionToken);
    reply.header("Cache-Control", "no-store");
    return { data: { operator: done.operator, recoveryCodes: done.recoveryCodes } };
  });

  app.post("/operator_sign_in", async (request, reply) => {
    const input = parseInput(operatorSignInBodySchema, request.body);
    const started = await startOperatorSignIn(context, { ...input, ip: request.ip });
    reply.header("Cache-Control", "no-store");
    return { data: { challenge: started.challenge, expiresAt: started.expiresAt.toISOString() } };
  });

  app.post("/operator_sign_in/second_factor", async (request, reply) => {
    const input = parseInput(operatorSecondFactorBodySchema, request.body);
    const signedIn = await finishOperatorSignIn(context, { ...input, ip: request.ip });
    setOperatorCookie(reply, config, signedIn.sessionToken);
    reply.header("Cache-Control", "no-store");
    return { data: { operator: signedIn.operator, idleMinutes: OPERATOR_IDLE_MINUTES } };
  });
}
