import { buildArtist } from "./factories/catalogue.ts";
import { createTestUser } from "./factories/users.ts";
import { obtainGuestTokens, signIn } from "./oauth-client.ts";
import type { TestServer } from "./test-server.ts";

/** A signed-in customer who owns a storefront: their user, their seller profile and an access token. */
export async function signInNewArtist(server: TestServer) {
  const user = await createTestUser(server.database.db);
  const artist = await buildArtist(server.database.db, { userId: user.id });
  const { access_token: token } = await signIn(server, user.email, user.password);
  return { user, artist, token };
}

/** A signed-in customer without a storefront. */
export async function signInNewCustomer(server: TestServer) {
  const user = await createTestUser(server.database.db);
  const { access_token: token } = await signIn(server, user.email, user.password);
  return { user, token };
}

/** A guest's access token. */
export async function newGuestToken(server: TestServer): Promise<string> {
  return (await obtainGuestTokens(server)).access_token;
}
