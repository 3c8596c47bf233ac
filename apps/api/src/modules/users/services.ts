import { randomUUID } from "node:crypto";
import type { SignUpInput } from "@threadfolk/contract/validation";
import { eq, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { violatedUniqueIndex } from "../../lib/database-errors.ts";
import {
  consumeOneTimeToken,
  expireOneTimeTokens,
  findUsedOneTimeTokenUser,
  issueOneTimeToken,
} from "../auth/one-time-tokens.ts";
import { hashPassword } from "../auth/passwords.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import { enqueueEmail } from "../mail/send-email.ts";
import { renderConfirmationEmail, renderPasswordResetEmail, renderSignUpAttemptEmail } from "../mail/templates.ts";

type UserRow = typeof users.$inferSelect;
type ServiceContext = Pick<AppContext, "db" | "config" | "jobs">;

const USERNAME_TAKEN = "Username has already been taken";
const INVALID_LINK = "This link is invalid or has expired";

function usernameTaken(): AppError {
  return new AppError("validation_failed", "The request body is invalid", [
    { field: "user.username", message: USERNAME_TAKEN },
  ]);
}

/**
 * What sign-up answers for an address that already has an account: the row a new account would have been
 * (a fresh id, the details as sent, unconfirmed), so the reply cannot tell the two apart. Nothing is stored
 * under this id; it is never shown anywhere else.
 */
function unsavedUser(input: SignUpInput, passwordHash: string): UserRow {
  const now = new Date();
  return {
    id: randomUUID(),
    email: input.email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    username: input.username,
    uniqueUsername: input.username.toLowerCase(),
    emailConfirmedAt: null,
    disabledAt: null,
    suspensionReason: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Tells the owner of `email` that someone tried to sign up with it (nothing when the account is disabled). */
async function noticeSignUpAttempt(options: ServiceContext & { email: string }): Promise<void> {
  const { db, config, email } = options;
  const [owner] = await db
    .select({ email: users.email, firstName: users.firstName, disabledAt: users.disabledAt })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (!owner || owner.disabledAt) return;
  await enqueueEmail({
    db,
    message: renderSignUpAttemptEmail({ config, to: owner.email, firstName: owner.firstName }),
  });
}

/**
 * Creates an unconfirmed account and queues its confirmation e-mail in the same transaction. E-mail and
 * username are unique case-insensitively; the unique indexes decide races. An address that already has an
 * account answers as a new one would (same status, same shape, the same password hashing first), and its
 * owner is e-mailed about the attempt instead: sign-up does not tell anyone which addresses are registered
 * (issue 25). A taken username is still a 422: usernames are public (storefront addresses).
 */
export async function createUser(options: ServiceContext & { input: SignUpInput }): Promise<UserRow> {
  const { db, config, jobs, input } = options;
  const uniqueUsername = input.username.toLowerCase();
  // Hashed before anything is looked up, so both answers take the same time.
  const passwordHash = await hashPassword(input.password);
  const existing = await db
    .select({ email: users.email, uniqueUsername: users.uniqueUsername })
    .from(users)
    .where(or(sql`lower(${users.email}) = lower(${input.email})`, eq(users.uniqueUsername, uniqueUsername)));
  if (existing.some((row) => row.uniqueUsername === uniqueUsername)) throw usernameTaken();
  if (existing.some((row) => row.email.toLowerCase() === input.email.toLowerCase())) {
    await noticeSignUpAttempt({ ...options, email: input.email });
    jobs.nudge();
    return unsavedUser(input, passwordHash);
  }
  let user: UserRow;
  try {
    user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          uniqueUsername,
        })
        .returning();
      if (!created) throw new Error("user insert returned no row");
      const token = await issueOneTimeToken({
        db: tx,
        userId: created.id,
        purpose: "email_confirmation",
        ttlSeconds: config.EMAIL_CONFIRMATION_TTL_HOURS * 3600,
      });
      const message = renderConfirmationEmail({ config, to: created.email, firstName: created.firstName, token });
      await enqueueEmail({ db: tx, message });
      return created;
    });
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (!index) throw error;
    if (index.includes("username")) throw usernameTaken();
    // The same address signed up at the same moment: answered like any taken address.
    await noticeSignUpAttempt({ ...options, email: input.email });
    jobs.nudge();
    return unsavedUser(input, passwordHash);
  }
  jobs.nudge();
  return user;
}

async function findUserById(db: Database, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound("User");
  return user;
}

/** Confirms the e-mail of the token's user; a repeated click on a used link still answers with the user. */
export async function confirmEmail(options: { db: Database; token: string }): Promise<UserRow> {
  const { db, token } = options;
  const userId =
    (await consumeOneTimeToken({ db, token, purpose: "email_confirmation" })) ??
    (await findUsedOneTimeTokenUser({ db, token, purpose: "email_confirmation" }));
  if (!userId) {
    throw new AppError("validation_failed", INVALID_LINK, [
      { field: "user.email_confirmation_token", message: INVALID_LINK },
    ]);
  }
  const user = await findUserById(db, userId);
  if (user.emailConfirmedAt) return user;
  const [updated] = await db
    .update(users)
    .set({ emailConfirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return updated ?? user;
}

/**
 * Sends a reset link when the e-mail belongs to an active account and does nothing otherwise; the caller
 * answers the same either way, so the endpoint does not tell which addresses have accounts.
 */
export async function requestPasswordReset(options: ServiceContext & { email: string }): Promise<void> {
  const { db, config, jobs, email } = options;
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
  if (!user || user.disabledAt) return;
  await db.transaction(async (tx) => {
    await expireOneTimeTokens({ db: tx, userId: user.id, purpose: "password_reset" });
    const token = await issueOneTimeToken({
      db: tx,
      userId: user.id,
      purpose: "password_reset",
      ttlSeconds: config.PASSWORD_RESET_TTL_MINUTES * 60,
    });
    await enqueueEmail({
      db: tx,
      message: renderPasswordResetEmail({ config, to: user.email, firstName: user.firstName, token }),
    });
  });
  jobs.nudge();
}

/**
 * Sets a new password from a reset link: the token is used up, every session of the user is revoked
 * (whoever knew the old password is signed out), and the e-mail counts as confirmed (the link proves it).
 */
export async function resetPassword(options: { db: Database; token: string; password: string }): Promise<UserRow> {
  const { db, token, password } = options;
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken({ db: tx, token, purpose: "password_reset" });
    if (!userId) return undefined;
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) return undefined;
    await expireOneTimeTokens({ db: tx, userId, purpose: "password_reset" });
    await revokeUserSessions({ db: tx, userId, reason: "password_reset" });
    return updated;
  });
  if (!user) {
    throw new AppError("validation_failed", INVALID_LINK, [
      { field: "user.reset_password_token", message: INVALID_LINK },
    ]);
  }
  return user;
}

/** The signed-in user's row, for user info. */
export async function getUser(options: { db: Database; userId: string }): Promise<UserRow> {
  return findUserById(options.db, options.userId);
}
