import { z } from "zod";
import {
  confirmPasswordSchema,
  forgotPasswordSchema,
  linkTokenSchema,
  MESSAGES,
  passwordSchema,
  signInSchema,
  signUpSchema,
} from "./validation.ts";

/**
 * Request bodies of the account and token calls, as the routes parse them (the description in
 * `api-operations.ts` publishes the same schemas). The forms' own schemas are in validation.ts.
 */

/** A query string that must be empty (routes that take no parameters refuse unknown ones). */
export const emptyQuerySchema = z.strictObject({});

/** `POST /api/v1/tokens`: without `user`, a guest token; with it, the customer's. */
export const createTokenBodySchema = z.strictObject({ user: signInSchema.optional() });

/** `POST /api/v1/users`. */
export const signUpBodySchema = z.strictObject({ user: signUpSchema });

/** `POST /api/v1/users/confirm_email`. */
export const confirmEmailBodySchema = z.strictObject({
  user: z.strictObject({ emailConfirmationToken: linkTokenSchema("Email confirmation token") }),
});

/** `POST /api/v1/users/forgot_password`. */
export const forgotPasswordBodySchema = z.strictObject({ user: forgotPasswordSchema });

/** `POST /api/v1/users/reset_password`. */
export const resetPasswordBodySchema = z.strictObject({
  user: z
    .strictObject({
      resetPasswordToken: linkTokenSchema("Reset password token"),
      password: passwordSchema,
      confirmPassword: confirmPasswordSchema,
    })
    .refine((value) => value.password === value.confirmPassword, {
      message: MESSAGES.confirmPasswordMismatch,
      path: ["confirmPassword"],
    }),
});
