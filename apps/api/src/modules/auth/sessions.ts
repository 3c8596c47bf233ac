import { and, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { accessTokens, authSessions, guests, refreshTokens, sellerProfiles, users } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/authorize.ts";
import { generateToken, hashToken } from "./token-crypto.ts";

/** A freshly issued access/refresh pair (the secrets leave the server only here). */
export type IssuedTokens = {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  /** Unix seconds. */
  createdAt: number;
  sessionId: string;
};

type SessionDatabase = Pick<Database, "insert" | "update" | "select" | "execute">;

async function insertTokenPair(db: SessionDatabase, config: Config, sessionId: string): Promise<IssuedTokens> {
  const accessToken = generateToken();
  const refreshToken = generateToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + config.ACCESS_TOKEN_TTL_SECONDS * 1000);
  const [access] = await db
    .insert(accessTokens)
    .values({ tokenHash: hashToken(accessToken), sessionId, expiresAt, createdAt: now })
    .returning({ id: accessTokens.id });
  if (!access) throw new Error("access token insert returned no row");
  await db.insert(refreshTokens).values({ tokenHash: hashToken(refreshToken), sessionId, accessTokenId: access.id });
  return {
    accessToken,
    refreshToken,
    expiresIn: config.ACCESS_TOKEN_TTL_SECONDS,
    createdAt: Math.floor(now.getTime() / 1000),
    sessionId,
  };
}

/** Starts a session (token family) for a user or a guest and issues its first token pair. */
export async function startSession(options: {
  db: Database;
  config: Config;
  clientId: string;
  userId?: string;
  guestId?: string;
  /** The caller's `Device` header, when sent. */
  device?: string;
}): Promise<IssuedTokens> {
  const { db, config, clientId, userId, guestId, device } = options;
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(authSessions)
      .values({ clientId, userId: userId ?? null, guestId: guestId ?? null, device: device ?? null })
      .returning({ id: authSessions.id });
    if (!session) throw new Error("session insert returned no row");
    return insertTokenPair(tx, config, session.id);
  });
}

/** Creates a new guest identity (which can own a cart) and a session for it. */
export async function startGuestSession(options: {
  db: Database;
  config: Config;
  clientId: string;
  device?: string;
}): Promise<IssuedTokens> {
  const [guest] = await options.db.insert(guests).values({}).returning({ id: guests.id });
  if (!guest) throw new Error("guest insert returned no row");
  return startSession({ ...options, guestId: guest.id });
}

export type RotationFailure = "unknown" | "revoked" | "reused" | "expired" | "disabled";

/**
 * Exchanges a refresh token for a new pair in the same family. A token that was already exchanged is
 * reuse (a stolen copy or a replay): the whole family is revoked and the caller gets a failure.
 */
export async function rotateRefreshToken(options: {
  db: Database;
  config: Config;
  clientId: string;
  refreshToken: string;
  /** The caller's `Device` header, when sent: recorded as the device that last used the family. */
  device?: string;
}): Promise<{ ok: true; tokens: IssuedTokens } | { ok: false; reason: RotationFailure }> {
  const { db, config, clientId, refreshToken, device } = options;
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        rotatedAt: refreshTokens.rotatedAt,
        revokedAt: refreshTokens.revokedAt,
        sessionId: authSessions.id,
        sessionClientId: authSessions.clientId,
        sessionRevokedAt: authSessions.revokedAt,
        idle: sql<boolean>`${authSessions.lastUsedAt} < now() - make_interval(mins => ${config.SESSION_TIMEOUT_MINUTES})`,
        userDisabledAt: users.disabledAt,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .leftJoin(users, eq(users.id, authSessions.userId))
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    if (!row || row.sessionClientId !== clientId) return { ok: false as const, reason: "unknown" as const };
    if (row.sessionRevokedAt || row.revokedAt) return { ok: false as const, reason: "revoked" as const };
    if (row.userDisabledAt) return { ok: false as const, reason: "disabled" as const };
    if (row.idle) {
      await revokeSessionRows(tx, row.sessionId, "expired");
      return { ok: false as const, reason: "expired" as const };
    }
    // The conditional update is the race guard: of two concurrent exchanges only one sees rotated_at null.
    const rotated = await tx
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (rotated.length === 0) {
      await revokeSessionRows(tx, row.sessionId, "refresh_token_reuse");
      return { ok: false as const, reason: "reused" as const };
    }
    await tx
      .update(authSessions)
      .set({ lastUsedAt: sql`now()`, ...(device ? { device } : {}) })
      .where(eq(authSessions.id, row.sessionId));
    return { ok: true as const, tokens: await insertTokenPair(tx, config, row.sessionId) };
  });
  return result;
}

async function revokeSessionRows(db: SessionDatabase, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.sessionId, sessionId), isNull(accessTokens.revokedAt)));
}

/**
 * Revokes the session of an access or refresh token issued to `clientId` (logout): the token, its
 * refresh token and every other token of the family. Unknown tokens are ignored (RFC 7009).
 */
export async function revokeToken(options: { db: Database; clientId: string; token: string }): Promise<void> {
  const { db, clientId, token } = options;
  const tokenHash = hashToken(token);
  await db.transaction(async (tx) => {
    const [access] = await tx
      .select({ sessionId: accessTokens.sessionId })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, tokenHash));
    const [refresh] = access
      ? []
      : await tx
          .select({ sessionId: refreshTokens.sessionId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash));
    const sessionId = access?.sessionId ?? refresh?.sessionId;
    if (!sessionId) return;
    const [session] = await tx
      .select({ clientId: authSessions.clientId })
      .from(authSessions)
      .where(eq(authSessions.id, sessionId));
    // A client may only revoke its own tokens; anything else is silently ignored, as for unknown tokens.
    if (session?.clientId !== clientId) return;
    await revokeSessionRows(tx, sessionId, "logout");
  });
}

/** Revokes every session of a user (after a password reset), optionally keeping one. */
export async function revokeUserSessions(options: {
  db: SessionDatabase;
  userId: string;
  reason: string;
  exceptSessionId?: string;
}): Promise<void> {
  const { db, userId, reason, exceptSessionId } = options;
  const sessions = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  for (const session of sessions) {
    if (session.id !== exceptSessionId) await revokeSessionRows(db, session.id, reason);
  }
}

export type AccessTokenLookup = { status: "valid"; actor: Actor } | { status: "invalid" | "expired" };

// Writing last_used_at on every request would turn every read into a write; once a minute is precise enough.
const ACTIVITY_RESOLUTION_SECONDS = 60;

/** Resolves a bearer access token to its actor, recording session activity. */
export async function findActorByAccessToken(options: {
  db: Database;
  config: Config;
  token: string;
}): Promise<AccessTokenLookup> {
  const { db, config, token } = options;
  const [row] = await db
    .select({
      expired: sql<boolean>`${accessTokens.expiresAt} <= now()`,
      revokedAt: accessTokens.revokedAt,
      sessionId: authSessions.id,
      sessionRevokedAt: authSessions.revokedAt,
      idle: sql<boolean>`${authSessions.lastUsedAt} < now() - make_interval(mins => ${config.SESSION_TIMEOUT_MINUTES})`,
      stale: sql<boolean>`${authSessions.lastUsedAt} < now() - make_interval(secs => ${ACTIVITY_RESOLUTION_SECONDS})`,
      userId: authSessions.userId,
      guestId: authSessions.guestId,
      userDisabledAt: users.disabledAt,
      // The storefront the user owns, if any: it makes the actor an artist (at most one per user).
      artistId: sellerProfiles.id,
    })
    .from(accessTokens)
    .innerJoin(authSessions, eq(authSessions.id, accessTokens.sessionId))
    .leftJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, authSessions.userId))
    .where(eq(accessTokens.tokenHash, hashToken(token)));
  if (!row || row.revokedAt || row.sessionRevokedAt || row.userDisabledAt) return { status: "invalid" };
  if (row.expired || row.idle) return { status: "expired" };
  if (row.stale) {
    await db.update(authSessions).set({ lastUsedAt: sql`now()` }).where(eq(authSessions.id, row.sessionId));
  }
  if (row.userId) {
    return {
      status: "valid",
      actor: {
        kind: "user",
        userId: row.userId,
        sessionId: row.sessionId,
        ...(row.guestId ? { guestId: row.guestId } : {}),
        ...(row.artistId ? { artistId: row.artistId } : {}),
      },
    };
  }
  if (row.guestId) return { status: "valid", actor: { kind: "guest", guestId: row.guestId, sessionId: row.sessionId } };
  return { status: "invalid" };
}
