import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { verifyAgainstDummyHash, verifyPassword } from "./passwords.ts";

export type CredentialCheck =
  | { ok: true; userId: string }
  | { ok: false; reason: "invalid_credentials" | "unconfirmed" | "disabled" };

/**
 * Checks an e-mail (any case) and password. The account state (unconfirmed, disabled) is revealed only
 * to someone who knows the password; unknown e-mails cost the same argon2 time as wrong passwords.
 */
export async function verifyCredentials(options: {
  db: Database;
  email: string;
  password: string;
}): Promise<CredentialCheck> {
  const { db, email, password } = options;
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      emailConfirmedAt: users.emailConfirmedAt,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  if (!user) {
    await verifyAgainstDummyHash(password);
    return { ok: false, reason: "invalid_credentials" };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: "invalid_credentials" };
  if (user.disabledAt) return { ok: false, reason: "disabled" };
  if (!user.emailConfirmedAt) return { ok: false, reason: "unconfirmed" };
  return { ok: true, userId: user.id };
}
