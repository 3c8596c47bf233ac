import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";

/**
 * What an access token stands for changed somewhere: a session was revoked (sign-out, a refresh token reused, a
 * password reset) or a user's role changed (a storefront opened). Every access-token cache must then forget what
 * it holds (modules/auth/access-token-cache.ts, decision 051): in this process at once, and in every other
 * instance through PostgreSQL's NOTIFY on this channel, which the database delivers when the change commits.
 */
export const ACCESS_CHANGES_CHANNEL = "threadfolk_access_changes";

const listeners = new Set<() => void>();

/** Calls `listener` on every access change announced in this process; answers the unsubscribe. */
export function onAccessChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Announces an access change: this process's caches forget at once, and the NOTIFY, sent in the caller's
 * transaction, reaches the other instances' caches when it commits (and this one's again, which is harmless).
 */
export async function announceAccessChange(db: Pick<Database, "execute">): Promise<void> {
  for (const listener of listeners) listener();
  await db.execute(sql`select pg_notify(${ACCESS_CHANGES_CHANNEL}, '')`);
}
