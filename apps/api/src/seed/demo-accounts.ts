import type { AppContext } from "../context.ts";
import { users } from "../db/schema/index.ts";
import { hashPassword } from "../modules/auth/passwords.ts";
import { linkArtistToUser } from "../modules/catalogue/queries.ts";

/** The seeded artist that the demo artist account signs in as. */
export const DEMO_ARTIST_UNIQUE_USERNAME = "mayaokafor";

/** Demo accounts named in the README; both are confirmed and can sign in at once. */
export const DEMO_ACCOUNTS = {
  shopper: {
    email: "shopper@threadfolk.test",
    password: "threadfolk-demo",
    firstName: "Sam",
    lastName: "Rivera",
    username: "sam_shops",
  },
  artist: {
    email: "maya@threadfolk.test",
    password: "threadfolk-demo",
    firstName: "Maya",
    lastName: "Okafor",
    username: DEMO_ARTIST_UNIQUE_USERNAME,
  },
} as const;

/** Creates the demo shopper and the demo artist's user, and hands the artist their seeded storefront. */
export async function seedDemoAccounts(context: AppContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_ACCOUNTS.shopper.password);
  const rows = Object.values(DEMO_ACCOUNTS).map((account) => ({
    email: account.email,
    passwordHash,
    firstName: account.firstName,
    lastName: account.lastName,
    username: account.username,
    uniqueUsername: account.username.toLowerCase(),
    emailConfirmedAt: new Date(),
  }));
  const inserted = await context.db.insert(users).values(rows).returning({ id: users.id, email: users.email });
  const artistUser = inserted.find((user) => user.email === DEMO_ACCOUNTS.artist.email);
  if (!artistUser) throw new Error("demo artist user was not created");
  await linkArtistToUser({ db: context.db, uniqueUsername: DEMO_ARTIST_UNIQUE_USERNAME, userId: artistUser.id });
}
