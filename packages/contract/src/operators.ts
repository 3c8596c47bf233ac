import { z } from "zod";
import { textSchema } from "./text.ts";
import { confirmPasswordSchema, emailSchema, linkTokenSchema, MESSAGES, passwordSchema } from "./validation.ts";

/**
 * Operators (issue 28, decision 071): the people who run the marketplace sign in with a password and a second
 * factor, and every admin route is under `/api/v1/admin` behind the operator session cookie.
 */

/** The admin console's pages: `/admin` and everything under it (a lazy-loaded area of the web app). */
export const ADMIN_BASE_PATH = "/admin";
export const ADMIN_PAGES = {
  signIn: "/admin/sign-in",
  setup: "/admin/setup",
  auditLog: "/admin/audit-log",
} as const;

/** True for `/admin` and the paths under it: pages of the web app that no search engine should see. */
export function isAdminPage(pathname: string): boolean {
  return pathname === ADMIN_BASE_PATH || pathname.startsWith(`${ADMIN_BASE_PATH}/`);
}

/** The operator session cookie: HttpOnly, SameSite=Strict, Path=/api/v1/admin. */
export const OPERATOR_SESSION_COOKIE = "tf_operator";
/** An operator session ends after this long without a request. */
export const OPERATOR_IDLE_MINUTES = 60;
/** How long the set-up link `operator:create` prints stays valid. */
export const OPERATOR_SETUP_LINK_HOURS = 24;
/** How long the second step of a sign-in may wait after the password. */
export const OPERATOR_CHALLENGE_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;

const replyText = () => textSchema({ maxLength: 4096 });

export const OPERATOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  codeInvalid: "That code is not valid",
  setupLinkInvalid: "This set-up link is invalid, expired or already used",
  signInInvalid: "Unrecognized password, email combination",
  challengeExpired: "Your sign-in has expired: enter your e-mail and password again",
  reasonTooLong: "The reason must be at most 2000 characters",
} as const;

/** A TOTP code (6 digits, spaces allowed) or a recovery code (xxxx-xxxx-xxxx). */
export const secondFactorCodeSchema = textSchema({
  maxLength: 40,
  error: OPERATOR_MESSAGES.codeRequired,
  tooLong: OPERATOR_MESSAGES.codeInvalid,
  trim: true,
}).min(1, OPERATOR_MESSAGES.codeRequired);

/** A 6-digit TOTP code only (the set-up's confirmation). */
export const totpCodeSchema = textSchema({
  maxLength: 20,
  error: OPERATOR_MESSAGES.codeRequired,
  tooLong: OPERATOR_MESSAGES.codeInvalid,
  trim: true,
})
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** The text an operator types to explain an action (required by some actions, optional by others). */
export const operatorReasonSchema = textSchema({
  maxLength: 2000,
  tooLong: OPERATOR_MESSAGES.reasonTooLong,
  trim: true,
});

/** `POST /api/v1/operator_setup`: what the set-up page shows for a link (a new secret until one is confirmed). */
export const operatorSetupBeginBodySchema = z.strictObject({ token: linkTokenSchema("Set-up token") });

export const operatorSetupBeginReplySchema = z.object({
  data: z.object({
    email: replyText(),
    /** The otpauth:// URI (RFC 6238 parameters) an authenticator app scans. */
    otpauthUri: replyText(),
    /** The same URI as a QR code: an SVG data URL. */
    qrCode: z.string().max(200_000),
    /** The secret in base32, for typing in by hand. */
    secret: replyText(),
  }),
});
export type OperatorSetupBeginReply = z.infer<typeof operatorSetupBeginReplySchema>;

/** `POST /api/v1/operator_setup/completion`: the password and a code from the new secret. */
export const operatorSetupCompleteBodySchema = z.strictObject({
  token: linkTokenSchema("Set-up token"),
  password: passwordSchema,
  confirmPassword: confirmPasswordSchema,
  code: totpCodeSchema,
});

/** The set-up form's password step (the web form validates with it). */
export const operatorPasswordFormSchema = z
  .strictObject({ password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.confirmPasswordMismatch,
    path: ["confirmPassword"],
  });

export const operatorSchema = z.object({ id: replyText(), email: replyText() });
export type OperatorInfo = z.infer<typeof operatorSchema>;

/** Set-up complete: the operator is signed in; the recovery codes are shown this once. */
export const operatorSetupCompleteReplySchema = z.object({
  data: z.object({ operator: operatorSchema, recoveryCodes: z.array(replyText()) }),
});
export type OperatorSetupCompleteReply = z.infer<typeof operatorSetupCompleteReplySchema>;

/** `POST /api/v1/operator_sign_in`: e-mail and password. */
export const operatorSignInBodySchema = z.strictObject({ email: emailSchema, password: passwordSchema });
export const operatorSignInReplySchema = z.object({
  data: z.object({
    /** What the second step sends back with the code. */
    challenge: replyText(),
    expiresAt: replyText(),
  }),
});
export type OperatorSignInReply = z.infer<typeof operatorSignInReplySchema>;

/** `POST /api/v1/operator_sign_in/second_factor`. */
export const operatorSecondFactorBodySchema = z.strictObject({
  challenge: linkTokenSchema("Challenge"),
  code: secondFactorCodeSchema,
});

export const operatorSessionReplySchema = z.object({
  data: z.object({ operator: operatorSchema, idleMinutes: z.number().int() }),
});
export type OperatorSessionReply = z.infer<typeof operatorSessionReplySchema>;

/** `POST /api/v1/admin/session/sign_out`: an empty JSON object. */
export const operatorSignOutBodySchema = z.strictObject({});

const auditActionSchema = textSchema({ maxLength: 100, trim: true }).regex(
  /^[a-z0-9_]+(\.[a-z0-9_]+)*$/,
  "must be a dotted action name",
);

export const auditLogQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  action: auditActionSchema.optional(),
  operatorId: z.uuid().optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

const jsonValue = z.unknown();

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  at: replyText(),
  operatorId: replyText(),
  operatorEmail: replyText(),
  action: replyText(),
  subjectType: replyText().nullable(),
  subjectId: replyText().nullable(),
  before: jsonValue,
  after: jsonValue,
  reason: replyText().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogReplySchema = z.object({
  data: z.array(auditLogEntrySchema),
  meta: z.object({
    page: z.number().int(),
    perPage: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    /** Every action name in the log, for the filter. */
    actions: z.array(replyText()),
    /** Every operator, for the filter. */
    operators: z.array(operatorSchema),
  }),
});
export type AuditLogReply = z.infer<typeof auditLogReplySchema>;
