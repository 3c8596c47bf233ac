import { randomBytes } from "node:crypto";
import type { Database } from "../../src/db/client.ts";
import { users } from "../../src/db/schema/index.ts";
import { hashPassword } from "../../src/modules/auth/passwords.ts";

export type TestUser = typeof users.$inferSelect & { password: string };

/** Inserts a user (confirmed unless told otherwise) with a known password; every field can be overridden. */
export async function createTestUser(
  db: Database,
  overrides: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    username: string;
    confirmed: boolean;
    disabled: boolean;
  }> = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString("hex");
  const password = overrides.password ?? "correct-horse-1";
  const username = overrides.username ?? `user_${suffix}`;
  const [user] = await db
    .insert(users)
    .values({
      email: overrides.email ?? `person-${suffix}@example.com`,
      passwordHash: await hashPassword(password),
      firstName: overrides.firstName ?? "Ada",
      lastName: overrides.lastName ?? "Lovelace",
      username,
      uniqueUsername: username.toLowerCase(),
      emailConfirmedAt: overrides.confirmed === false ? null : new Date(),
      disabledAt: overrides.disabled ? new Date() : null,
    })
    .returning();
  if (!user) throw new Error("test user insert returned no row");
  return { ...user, password };
}
