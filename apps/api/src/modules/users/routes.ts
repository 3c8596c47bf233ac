import {
  confirmEmailBodySchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  signUpBodySchema,
} from "@threadfolk/contract/api-requests";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { authorize } from "../../lib/authorize.ts";
import { enforceRateLimit } from "../rate-limit/enforce-rate-limit.ts";
import { findUserRelations } from "./find-user-relations.ts";
import { userPolicies } from "./policies.ts";
import { presentUser, presentUserInfo } from "./presenters.ts";
import { confirmEmail, createUser, getUser, requestPasswordReset, resetPassword } from "./services.ts";

/** Accounts: sign-up, e-mail confirmation, password reset and user info. */
export async function userRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, config, rateLimiter } = context;

  app.post("/users", async (request, reply) => {
    const { user: input } = parseInput(signUpBodySchema, request.body);
    await enforceRateLimit({ rateLimiter, config, action: "sign_up", ip: request.ip, email: input.email });
    const user = await createUser({ ...context, input });
    return reply.status(201).send(presentUser(user));
  });

  app.post("/users/confirm_email", async (request) => {
    const { user: input } = parseInput(confirmEmailBodySchema, request.body);
    return presentUser(await confirmEmail({ db, token: input.emailConfirmationToken }));
  });

  app.post("/users/forgot_password", async (request) => {
    const { user: input } = parseInput(forgotPasswordBodySchema, request.body);
    await enforceRateLimit({ rateLimiter, config, action: "forgot_password", ip: request.ip, email: input.email });
    await requestPasswordReset({ ...context, email: input.email });
    return { message: "Password reset instructions sent" };
  });

  app.post("/users/reset_password", async (request) => {
    const { user: input } = parseInput(resetPasswordBodySchema, request.body);
    return presentUser(await resetPassword({ db, token: input.resetPasswordToken, password: input.password }));
  });

  app.get("/user_info", async (request, reply) => {
    const actor = authorize(request.actor, userPolicies.readUserInfo);
    const user = await getUser({ db, userId: actor.userId });
    const relations = await findUserRelations({ db, userId: actor.userId });
    return reply.header("Cache-Control", "no-store").send(presentUserInfo(user, relations));
  });
}
