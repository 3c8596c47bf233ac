import { forgotPasswordSchema, MESSAGES, passwordSchema, signUpSchema } from "@threadfolk/contract/validation";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { authorize } from "../../lib/authorize.ts";
import { enforceRateLimit } from "../rate-limit/enforce-rate-limit.ts";
import { findUserRelations } from "./find-user-relations.ts";
import { userPolicies } from "./policies.ts";
import { presentUser, presentUserInfo } from "./presenters.ts";
import { confirmEmail, createUser, getUser, requestPasswordReset, resetPassword } from "./services.ts";

const linkToken = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`);

const signUpBody = z.strictObject({ user: signUpSchema });
const confirmEmailBody = z.strictObject({
  user: z.strictObject({ emailConfirmationToken: linkToken("Email confirmation token") }),
});
const forgotPasswordBody = z.strictObject({ user: forgotPasswordSchema });
const resetPasswordBody = z.strictObject({
  user: z
    .strictObject({
      resetPasswordToken: linkToken("Reset password token"),
      password: passwordSchema,
      confirmPassword: z.string({ error: MESSAGES.confirmPasswordMismatch }),
    })
    .refine((value) => value.password === value.confirmPassword, {
      message: MESSAGES.confirmPasswordMismatch,
      path: ["confirmPassword"],
    }),
});

/** Accounts: sign-up, e-mail confirmation, password reset and user info. */
export async function userRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, config, rateLimiter } = context;

  app.post("/users", async (request, reply) => {
    const { user: input } = parseInput(signUpBody, request.body);
    await enforceRateLimit({ rateLimiter, config, action: "sign_up", ip: request.ip, email: input.email });
    const user = await createUser({ ...context, input });
    return reply.status(201).send(presentUser(user));
  });

  app.post("/users/confirm_email", async (request) => {
    const { user: input } = parseInput(confirmEmailBody, request.body);
    return presentUser(await confirmEmail({ db, token: input.emailConfirmationToken }));
  });

  app.post("/users/forgot_password", async (request) => {
    const { user: input } = parseInput(forgotPasswordBody, request.body);
    await enforceRateLimit({ rateLimiter, config, action: "forgot_password", ip: request.ip, email: input.email });
    await requestPasswordReset({ ...context, email: input.email });
    return { message: "Password reset instructions sent" };
  });

  app.post("/users/reset_password", async (request) => {
    const { user: input } = parseInput(resetPasswordBody, request.body);
    return presentUser(await resetPassword({ db, token: input.resetPasswordToken, password: input.password }));
  });

  app.get("/user_info", async (request, reply) => {
    const actor = authorize(request.actor, userPolicies.readUserInfo);
    const user = await getUser({ db, userId: actor.userId });
    const relations = await findUserRelations({ db, userId: actor.userId });
    return reply.header("Cache-Control", "no-store").send(presentUserInfo(user, relations));
  });
}
