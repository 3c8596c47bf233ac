import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { oauthClients } from "../../db/schema/index.ts";
import { digestsEqual, hashToken } from "./token-crypto.ts";

/** Registers (or updates the secret of) an OAuth client; run at start-up for the web client. */
export async function upsertOAuthClient(options: {
  db: Database;
  clientId: string;
  clientSecret: string;
  name: string;
}): Promise<void> {
  const { db, clientId, clientSecret, name } = options;
  const secretHash = hashToken(clientSecret);
  await db
    .insert(oauthClients)
    .values({ id: clientId, secretHash, name })
    .onConflictDoUpdate({ target: oauthClients.id, set: { secretHash, name, updatedAt: sql`now()` } });
}

/** True when the client exists and the secret matches (compared as digests, in constant time). */
export async function verifyOAuthClient(options: {
  db: Database;
  clientId: string;
  clientSecret: string;
}): Promise<boolean> {
  const { db, clientId, clientSecret } = options;
  const [client] = await db
    .select({ secretHash: oauthClients.secretHash })
    .from(oauthClients)
    .where(eq(oauthClients.id, clientId));
  return client !== undefined && digestsEqual(client.secretHash, hashToken(clientSecret));
}
