import { createHmac } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { accessTokens, authSessions, guests, refreshTokens, sellerProfiles, users } from "../../db/schema/index.ts";
import { announceAccessChange } from "../../lib/access-changes.ts";
import { getAppSecret } from "../../lib/app-secrets.ts";
import type { Actor } from "../../lib/authorize.ts";
import { generateToken, hashToken } from "./token-crypto.ts";

/**
 * How long after a refresh token was exchanged the same device may exchange it again and get the same new pair
 * instead of revoking the family: two tabs that refresh at the same moment (decisions 005 and 021).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

const REFRESH_SUCCESSOR_SECRET = { label: "threadfolk refresh successors v1", settingKey: "refresh_successor_secret" };

type TokenSecrets = { accessToken: string; refreshToken: string };

/**
 * The pair a refresh token is exchanged for on one device, derived rather than random so that a second exchange
 * within the grace period can be answered with the same pair while the database keeps only hashes. It takes
 * the presented token (which only the client holds), the device, the exchanged row's random id and a server
 * key, so neither a copy of the database nor a client's tokens alone can compute it.
 */
function deriveSuccessorTokens(options: {
  key: Buffer;
  refreshToken: string;
  refreshTokenId: string;
  device: string;
}): TokenSecrets {
  const { key, refreshToken, refreshTokenId, device } = options;
  const derive = (kind: string) =>
    createHmac("sha256", key).update(`${kind}\0${refreshTokenId}\0${device}\0${refreshToken}`).digest("base64url");
  return { accessToken: derive("access"), refreshToken: derive("refresh") };
}

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

async function insertTokenPair(
  db: SessionDatabase,
  config: Config,
  sessionId: string,
  secrets: TokenSecrets = { accessToken: generateToken(), refreshToken: generateToken() },
): Promise<IssuedTokens> {
  const { accessToken, refreshToken } = secrets;
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
 * The pair an earlier exchange of the same refresh token by the same device issued, when it came within the
 * grace period and that pair is still the family's newest (unused, not revoked); undefined otherwise.
 */
async function findGraceAnswer(
  db: SessionDatabase,
  config: Config,
  options: { exchangedId: string; sessionId: string; successor: TokenSecrets },
): Promise<IssuedTokens | undefined> {
  const { exchangedId, sessionId, successor } = options;
  // A fresh statement: a concurrent exchange that won the race has committed by now.
  const [exchanged] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.id, exchangedId),
        sql`${refreshTokens.rotatedAt} > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS})`,
      ),
    );
  if (!exchanged) return undefined;
  const [issued] = await db
    .select({ createdAt: accessTokens.createdAt })
    .from(refreshTokens)
    .innerJoin(accessTokens, eq(accessTokens.id, refreshTokens.accessTokenId))
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(successor.refreshToken)),
        eq(refreshTokens.sessionId, sessionId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        eq(accessTokens.tokenHash, hashToken(successor.accessToken)),
        isNull(accessTokens.revokedAt),
      ),
    );
  if (!issued) return undefined;
  return {
    ...successor,
    expiresIn: config.ACCESS_TOKEN_TTL_SECONDS,
    createdAt: Math.floor(issued.createdAt.getTime() / 1000),
    sessionId,
  };
}

/**
 * Exchanges a refresh token for a new pair in the same family. A token that was already exchanged is
 * reuse (a stolen copy or a replay): the whole family is revoked and the caller gets a failure, unless the
 * same device exchanges it again within REFRESH_REUSE_GRACE_SECONDS (two tabs refreshing at once): then it
 * gets the pair the first exchange issued.
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
  // Without a Device header nothing ties a second exchange to the first: the pair is random, and reuse is reuse.
  const successorKey = device ? await getAppSecret({ db, config, purpose: REFRESH_SUCCESSOR_SECRET }) : undefined;
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
    const successor =
      successorKey && device
        ? deriveSuccessorTokens({ key: successorKey, refreshToken, refreshTokenId: row.id, device })
        : undefined;
    // The conditional update is the race guard: of two concurrent exchanges only one sees rotated_at null.
    const rotated = await tx
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (rotated.length === 0) {
      // The same device deriving the same successor is the proof that it is the same exchange again.
      const again = successor
        ? await findGraceAnswer(tx, config, { exchangedId: row.id, sessionId: row.sessionId, successor })
        : undefined;
      if (again) return { ok: true as const, tokens: again };
      await revokeSessionRows(tx, row.sessionId, "refresh_token_reuse");
      return { ok: false as const, reason: "reused" as const };
    }
    await tx
      .update(authSessions)
      .set({ lastUsedAt: sql`now()`, ...(device ? { device } : {}) })
      .where(eq(authSessions.id, row.sessionId));
    return { ok: true as const, tokens: await insertTokenPair(tx, config, row.sessionId, successor) };
  });
  return result;
}

async function revokeSessionRows(db: SessionDatabase, sessionId: string, reason: string): Promise<void> {
  // Announced first: a lookup racing this transaction is not cached (and the NOTIFY goes out on commit).
  await announceAccessChange(db);
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

export type AccessTokenLookup =
  | {
      status: "valid";
      actor: Actor;
      /** How long the lookup holds: until the token expires or its session would go idle, whichever is first. */
      validForMs: number;
    }
  | { status: "invalid" | "expired" };

// Writing last_used_at on every request would turn every read into a write; once a minute is precise enough.
const ACTIVITY_RESOLUTION_SECONDS = 60;

function prepareAccessTokenLookup(db: Database) {
  return db
    .select({
      expired: sql<boolean>`${accessTokens.expiresAt} <= now()`,
      revokedAt: accessTokens.revokedAt,
      sessionId: authSessions.id,
      sessionRevokedAt: authSessions.revokedAt,
      idle: sql<boolean>`${authSessions.lastUsedAt} < now() - make_interval(mins => ${sql.placeholder("timeoutMinutes")}::int)`,
      stale: sql<boolean>`${authSessions.lastUsedAt} < now() - make_interval(secs => ${ACTIVITY_RESOLUTION_SECONDS})`,
      validForMs: sql<number>`(extract(epoch from least(${accessTokens.expiresAt},
        ${authSessions.lastUsedAt} + make_interval(mins => ${sql.placeholder("timeoutMinutes")}::int)) - now()) * 1000)::float8`,
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
    .where(eq(accessTokens.tokenHash, sql.placeholder("tokenHash")))
    .prepare("find_actor_by_access_token");
}

/**
 * The lookup runs on every authenticated request: built and named once per database, so neither the query
 * builder nor PostgreSQL's planner pays for it again (the planner keeps a plan per pooled connection).
 */
const accessTokenLookups = new WeakMap<Database, ReturnType<typeof prepareAccessTokenLookup>>();

/** Resolves a bearer access token to its actor, recording session activity. */
export async function findActorByAccessToken(options: {
  db: Database;
  config: Config;
  token: string;
}): Promise<AccessTokenLookup> {
  const { db, config, token } = options;
  let lookup = accessTokenLookups.get(db);
  if (!lookup) {
    lookup = prepareAccessTokenLookup(db);
    accessTokenLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash: hashToken(token), timeoutMinutes: config.SESSION_TIMEOUT_MINUTES });
  if (!row || row.revokedAt || row.sessionRevokedAt || row.userDisabledAt) return { status: "invalid" };
  if (row.expired || row.idle) return { status: "expired" };
  if (row.stale) {
    await db.update(authSessions).set({ lastUsedAt: sql`now()` }).where(eq(authSessions.id, row.sessionId));
  }
  const validForMs = Number(row.validForMs);
  if (row.userId) {
    return {
      status: "valid",
      validForMs,
      actor: {
        kind: "user",
        userId: row.userId,
        sessionId: row.sessionId,
        ...(row.guestId ? { guestId: row.guestId } : {}),
        ...(row.artistId ? { artistId: row.artistId } : {}),
      },
    };
  }
  if (row.guestId) {
    return { status: "valid", validForMs, actor: { kind: "guest", guestId: row.guestId, sessionId: row.sessionId } };
  }
  return { status: "invalid" };
}
