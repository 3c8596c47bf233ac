import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { oneTimeTokens } from "../../db/schema/index.ts";
import { generateToken, hashToken } from "./token-crypto.ts";

export type OneTimeTokenPurpose = "email_confirmation" | "password_reset";

type TokenDatabase = Pick<Database, "insert" | "update" | "select">;

/** Issues a single-use token for a user (stored hashed) and returns the secret to put in a link. */
export async function issueOneTimeToken(options: {
  db: TokenDatabase;
  userId: string;
  purpose: OneTimeTokenPurpose;
  ttlSeconds: number;
}): Promise<string> {
  const { db, userId, purpose, ttlSeconds } = options;
  const token = generateToken();
  await db.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  });
  return token;
}

/** Marks a valid (unused, unexpired) token used and returns its user; undefined when it cannot be used. */
export async function consumeOneTimeToken(options: {
  db: TokenDatabase;
  token: string;
  purpose: OneTimeTokenPurpose;
}): Promise<string | undefined> {
  const { db, token, purpose } = options;
  // One conditional update: of two concurrent uses only one gets the row back.
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/** The user of a token that was already used (to answer a repeated confirmation click kindly). */
export async function findUsedOneTimeTokenUser(options: {
  db: TokenDatabase;
  token: string;
  purpose: OneTimeTokenPurpose;
}): Promise<string | undefined> {
  const [row] = await options.db
    .select({ userId: oneTimeTokens.userId, usedAt: oneTimeTokens.usedAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(options.token)), eq(oneTimeTokens.purpose, options.purpose)));
  return row?.usedAt ? row.userId : undefined;
}

/** Invalidates a user's unused tokens of one purpose (a newer reset link replaces older ones). */
export async function expireOneTimeTokens(options: {
  db: TokenDatabase;
  userId: string;
  purpose: OneTimeTokenPurpose;
}): Promise<void> {
  await options.db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.userId, options.userId),
        eq(oneTimeTokens.purpose, options.purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}
