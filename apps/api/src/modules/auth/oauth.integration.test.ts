import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildArtist } from "../../../test/factories/catalogue.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { clientCredentials, obtainGuestTokens, requestToken, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { accessTokens, authSessions, refreshTokens } from "../../db/schema/index.ts";
import { ACCESS_CHANGES_CHANNEL } from "../../lib/access-changes.ts";
import { upsertOAuthClient } from "./oauth-clients.ts";
import { REFRESH_TOKEN_MISSING_DESCRIPTION } from "./oauth-routes.ts";
import { findActorByAccessToken, REFRESH_REUSE_GRACE_SECONDS, revokeUserSessions } from "./sessions.ts";
import { hashToken } from "./token-crypto.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

function formBody(values: Record<string, string>) {
  return new URLSearchParams(values).toString();
}

describe("POST /oauth/token, password grant", () => {
  it("gives a new guest a token pair in the RFC 6749 shape, stored only as hashes", async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await requestToken(server, { grant_type: "password", guest: true });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = response.body;
    expect(Object.keys(body).sort()).toEqual([
      "access_token",
      "created_at",
      "expires_in",
      "refresh_token",
      "token_type",
    ]);
    expect(body.token_type).toBe("Bearer");
    expect(body.expires_in).toBe(7200);
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.created_at).toBeGreaterThanOrEqual(before - 1);
    expect(body.created_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);

    const stored = await server.context.db
      .select({ tokenHash: accessTokens.tokenHash })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(body.access_token)));
    expect(stored).toHaveLength(1);
    const raw = await server.context.db.execute(
      sql`select count(*)::int as count from access_tokens where token_hash = ${body.access_token}`,
    );
    expect((raw as unknown as { rows: Array<{ count: number }> }).rows[0]?.count).toBe(0);

    const other = await obtainGuestTokens(server);
    const sessions = await server.context.db
      .select({ guestId: authSessions.guestId })
      .from(authSessions)
      .innerJoin(accessTokens, eq(accessTokens.sessionId, authSessions.id))
      .where(sql`${accessTokens.tokenHash} in (${hashToken(body.access_token)}, ${hashToken(other.access_token)})`);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]?.guestId).toBeTruthy();
    expect(sessions[0]?.guestId).not.toBe(sessions[1]?.guestId);
  });

  it("accepts form-encoded requests", async () => {
    const user = await createTestUser(server.context.db);
    const guest = await server.request("/oauth/token", {
      method: "POST",
      rawBody: formBody({ grant_type: "password", guest: "true", ...clientCredentials(server) }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(guest.status).toBe(200);
    expect(guest.body.token_type).toBe("Bearer");
    const signedIn = await server.request("/oauth/token", {
      method: "POST",
      rawBody: formBody({
        grant_type: "password",
        email: user.email,
        password: user.password,
        ...clientCredentials(server),
      }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(signedIn.status).toBe(200);
    const info = await server.request("/api/v1/user_info", { token: signedIn.body.access_token });
    expect(info.status).toBe(200);
    expect(info.body.email).toBe(user.email);
  });

  it("does not accept form bodies outside /oauth", async () => {
    const response = await server.request("/api/v1/users", {
      method: "POST",
      rawBody: "user[email]=a@b.co",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe("unsupported_media_type");
  });

  it("signs in with the e-mail in any case and keeps the guest id of the guest who signed in", async () => {
    const user = await createTestUser(server.context.db, { email: "Mixed.Case@Example.com" });
    const guest = await obtainGuestTokens(server);
    const tokens = await signIn(server, "mixed.case@EXAMPLE.com", user.password, guest.access_token);
    const info = await server.request("/api/v1/user_info", { token: tokens.access_token });
    expect(info.status).toBe(200);
    expect(info.body.email).toBe("Mixed.Case@Example.com");

    const [guestSession] = await server.context.db
      .select({ guestId: authSessions.guestId })
      .from(authSessions)
      .innerJoin(accessTokens, eq(accessTokens.sessionId, authSessions.id))
      .where(eq(accessTokens.tokenHash, hashToken(guest.access_token)));
    const [userSession] = await server.context.db
      .select({ guestId: authSessions.guestId, userId: authSessions.userId })
      .from(authSessions)
      .innerJoin(accessTokens, eq(accessTokens.sessionId, authSessions.id))
      .where(eq(accessTokens.tokenHash, hashToken(tokens.access_token)));
    expect(userSession?.userId).toBe(user.id);
    expect(userSession?.guestId).toBe(guestSession?.guestId);
  });

  it("answers a wrong password and an unknown e-mail alike with invalid_grant", async () => {
    const user = await createTestUser(server.context.db);
    const wrong = await requestToken(server, { grant_type: "password", email: user.email, password: "wrong-password" });
    const unknown = await requestToken(server, {
      grant_type: "password",
      email: "nobody@example.com",
      password: user.password,
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: "invalid_grant",
        error_description: "Unrecognized password, email combination",
      });
    }
  });

  it("tells an unconfirmed account (with the right password) message unconfirmed and gives no tokens", async () => {
    const user = await createTestUser(server.context.db, { confirmed: false });
    const response = await requestToken(server, { grant_type: "password", email: user.email, password: user.password });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("unconfirmed");
    expect(response.body.error).toBe("invalid_grant");
    expect(response.body.access_token).toBeUndefined();
    const wrongPassword = await requestToken(server, {
      grant_type: "password",
      email: user.email,
      password: "nope-nope-1",
    });
    expect(wrongPassword.body.message).toBeUndefined();
  });

  it("refuses a disabled account", async () => {
    const user = await createTestUser(server.context.db, { disabled: true });
    const response = await requestToken(server, { grant_type: "password", email: user.email, password: user.password });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("invalid_grant");
    expect(response.body.access_token).toBeUndefined();
  });

  it("authenticates the client from the body, HTTP Basic or the username/password headers", async () => {
    const { client_id, client_secret } = clientCredentials(server);
    const basic = Buffer.from(`${client_id}:${client_secret}`).toString("base64");
    const viaBasic = await server.request("/oauth/token", {
      method: "POST",
      body: { grant_type: "password", guest: true },
      headers: { authorization: `Basic ${basic}` },
    });
    expect(viaBasic.status).toBe(200);
    const viaHeaders = await server.request("/oauth/token", {
      method: "POST",
      body: { grant_type: "password", guest: true },
      headers: { username: client_id, password: client_secret },
    });
    expect(viaHeaders.status).toBe(200);
  });

  it("rejects bad or missing client credentials with 401 invalid_client", async () => {
    const wrongSecret = await server.request("/oauth/token", {
      method: "POST",
      body: {
        grant_type: "password",
        guest: true,
        client_id: server.config.OAUTH_CLIENT_ID,
        client_secret: "x".repeat(30),
      },
    });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe("invalid_client");
    const missing = await server.request("/oauth/token", {
      method: "POST",
      body: { grant_type: "password", guest: true },
    });
    expect(missing.status).toBe(401);
    expect(missing.body.error).toBe("invalid_client");
    const badBasic = await server.request("/oauth/token", {
      method: "POST",
      body: { grant_type: "password", guest: true },
      headers: { authorization: `Basic ${Buffer.from("threadfolk-web:wrong").toString("base64")}` },
    });
    expect(badBasic.status).toBe(401);
    expect(badBasic.headers.get("www-authenticate")).toContain("Basic");
  });

  it("rejects malformed requests with invalid_request or unsupported_grant_type", async () => {
    const noGrant = await requestToken(server, {});
    expect(noGrant.status).toBe(400);
    expect(noGrant.body.error).toBe("invalid_request");
    const unsupported = await requestToken(server, { grant_type: "client_credentials" });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toBe("unsupported_grant_type");
    const noPassword = await requestToken(server, { grant_type: "password", email: "a@example.com" });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error).toBe("invalid_request");
    const objectValue = await requestToken(server, { grant_type: "password", email: { $ne: 1 }, password: "x" });
    expect(objectValue.status).toBe(400);
    expect(objectValue.body.error).toBe("invalid_request");
    const malformed = await server.request("/oauth/token", {
      method: "POST",
      rawBody: "{grant_type:",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_request");
    const arrayBody = await server.request("/oauth/token", { method: "POST", body: [1, 2] });
    expect(arrayBody.status).toBe(400);
    expect(arrayBody.body.error).toBe("invalid_request");
    const plainText = await server.request("/oauth/token", {
      method: "POST",
      rawBody: "grant_type=password",
      headers: { "content-type": "text/plain" },
    });
    expect(plainText.status).toBeGreaterThanOrEqual(400);
    expect(plainText.status).toBeLessThan(500);
    expect(plainText.body.error).toBe("invalid_request");
  });
});

describe("POST /oauth/token, refresh grant", () => {
  it("records the Device header on the session, answers the new access token as token too, and refuses a bad one", async () => {
    const first = await obtainGuestTokens(server);
    const device = "3f1c2a9e-77b1-4c55-9a51-1d2f0e6b8c40";
    const refreshed = await requestToken(
      server,
      { grant_type: "refresh_token", refresh_token: first.refresh_token },
      { headers: { Device: device } },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token).toBe(refreshed.body.access_token);
    const [session] = await server.context.db
      .select({ device: authSessions.device })
      .from(authSessions)
      .innerJoin(refreshTokens, eq(refreshTokens.sessionId, authSessions.id))
      .where(eq(refreshTokens.tokenHash, hashToken(refreshed.body.refresh_token)));
    expect(session?.device).toBe(device);

    const bad = await requestToken(
      server,
      { grant_type: "refresh_token", refresh_token: refreshed.body.refresh_token },
      { headers: { Device: "<script>" } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_request");
    // The refused request used nothing up: the refresh token still works.
    const again = await requestToken(server, {
      grant_type: "refresh_token",
      refresh_token: refreshed.body.refresh_token,
    });
    expect(again.status).toBe(200);
  });

  it("rotates the refresh token, and reuse of a rotated one revokes the whole family", async () => {
    const user = await createTestUser(server.context.db);
    const first = await signIn(server, user.email, user.password);
    const second = await requestToken(server, { grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect((await server.request("/api/v1/user_info", { token: second.body.access_token })).status).toBe(200);

    const reused = await requestToken(server, { grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe("invalid_grant");

    // The thief and the owner are both out: the newest pair of the family is revoked too.
    const afterReuse = await requestToken(server, {
      grant_type: "refresh_token",
      refresh_token: second.body.refresh_token,
    });
    expect(afterReuse.status).toBe(400);
    expect(afterReuse.body.error).toBe("invalid_grant");
    expect((await server.request("/api/v1/user_info", { token: second.body.access_token })).status).toBe(401);

    // Another session of the same user is untouched.
    const other = await signIn(server, user.email, user.password);
    expect((await server.request("/api/v1/user_info", { token: other.access_token })).status).toBe(200);
  });

  it("lets only one of two concurrent exchanges of the same refresh token win", async () => {
    const guest = await obtainGuestTokens(server);
    const results = await Promise.all([
      requestToken(server, { grant_type: "refresh_token", refresh_token: guest.refresh_token }),
      requestToken(server, { grant_type: "refresh_token", refresh_token: guest.refresh_token }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
  });

  it("says clearly when the refresh token parameter is missing", async () => {
    const response = await requestToken(server, { grant_type: "refresh_token" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "invalid_request", error_description: REFRESH_TOKEN_MISSING_DESCRIPTION });
    expect(REFRESH_TOKEN_MISSING_DESCRIPTION).toMatch(/refresh_token parameter is missing/);
  });

  it("refuses unknown refresh tokens and tokens of another client", async () => {
    const unknown = await requestToken(server, { grant_type: "refresh_token", refresh_token: "x".repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("invalid_grant");

    await upsertOAuthClient({
      db: server.context.db,
      clientId: "other-client",
      clientSecret: "other-secret-1234567",
      name: "other",
    });
    const guest = await obtainGuestTokens(server);
    const otherClient = await server.request("/oauth/token", {
      method: "POST",
      body: {
        grant_type: "refresh_token",
        refresh_token: guest.refresh_token,
        client_id: "other-client",
        client_secret: "other-secret-1234567",
      },
    });
    expect(otherClient.status).toBe(400);
    expect(otherClient.body.error).toBe("invalid_grant");
  });

  it("ends a session after SESSION_TIMEOUT_MINUTES without activity", async () => {
    const user = await createTestUser(server.context.db);
    const tokens = await signIn(server, user.email, user.password);
    const [row] = await server.context.db
      .select({ sessionId: accessTokens.sessionId })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(tokens.access_token)));
    await server.context.db
      .update(authSessions)
      .set({ lastUsedAt: sql`now() - interval '10081 minutes'` })
      .where(eq(authSessions.id, row?.sessionId as string));
    expect((await server.request("/api/v1/user_info", { token: tokens.access_token })).status).toBe(401);
    const refreshed = await requestToken(server, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe("invalid_grant");
  });

  it("keeps a session alive while it is used", async () => {
    const user = await createTestUser(server.context.db);
    const tokens = await signIn(server, user.email, user.password);
    const [row] = await server.context.db
      .select({ sessionId: accessTokens.sessionId })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(tokens.access_token)));
    await server.context.db
      .update(authSessions)
      .set({ lastUsedAt: sql`now() - interval '10000 minutes'` })
      .where(eq(authSessions.id, row?.sessionId as string));
    expect((await server.request("/api/v1/user_info", { token: tokens.access_token })).status).toBe(200);
    const [session] = await server.context.db
      .select({ recent: sql<boolean>`${authSessions.lastUsedAt} > now() - interval '1 minute'` })
      .from(authSessions)
      .where(eq(authSessions.id, row?.sessionId as string));
    expect(session?.recent).toBe(true);
  });
});

describe("POST /oauth/token, refresh grace for two tabs of one device", () => {
  const device = "9b2d6c1e-0f3a-4e8b-a7d5-3c1b2a0f9e84";

  async function signInUser() {
    const user = await createTestUser(server.context.db);
    return signIn(server, user.email, user.password);
  }

  function refresh(refreshToken: string, deviceId?: string) {
    return requestToken(
      server,
      { grant_type: "refresh_token", refresh_token: refreshToken },
      deviceId ? { headers: { Device: deviceId } } : {},
    );
  }

  async function expectFamilyRevoked(tokens: { access_token: string; refresh_token: string }) {
    expect((await refresh(tokens.refresh_token, device)).body.error).toBe("invalid_grant");
    expect((await server.request("/api/v1/user_info", { token: tokens.access_token })).status).toBe(401);
  }

  it("answers the same device's second exchange of a just-rotated token with the same new pair", async () => {
    const first = await signInUser();
    const winner = await refresh(first.refresh_token, device);
    expect(winner.status).toBe(200);
    const replay = await refresh(first.refresh_token, device);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(winner.body);
    expect((await server.request("/api/v1/user_info", { token: replay.body.access_token })).status).toBe(200);
    // The family goes on as usual: the shared pair rotates, and its predecessor's grace is over with it.
    const next = await refresh(replay.body.refresh_token, device);
    expect(next.status).toBe(200);
    expect((await server.request("/api/v1/user_info", { token: next.body.access_token })).status).toBe(200);
  });

  it("gives two concurrent exchanges of one refresh token by one device the same pair", async () => {
    // Several families, so that the race is run both ways (one exchange waiting on the other's row lock, or not).
    for (let round = 0; round < 4; round++) {
      const first = await signInUser();
      const results = await Promise.all([refresh(first.refresh_token, device), refresh(first.refresh_token, device)]);
      expect(results.map((result) => result.status)).toEqual([200, 200]);
      expect(results[0]?.body).toEqual(results[1]?.body);
      const pair = results[0]?.body;
      expect((await server.request("/api/v1/user_info", { token: pair.access_token })).status).toBe(200);
      expect((await refresh(pair.refresh_token, device)).status).toBe(200);
    }
  });

  it("still revokes the family when the replay comes from another device or names none", async () => {
    for (const replayDevice of ["another-device-1234", undefined]) {
      const first = await signInUser();
      const winner = await refresh(first.refresh_token, device);
      expect(winner.status).toBe(200);
      const replay = await refresh(first.refresh_token, replayDevice);
      expect(replay.status, String(replayDevice)).toBe(400);
      expect(replay.body.error).toBe("invalid_grant");
      await expectFamilyRevoked(winner.body);
    }
  });

  it("still revokes the family when the first exchange named no device", async () => {
    const first = await signInUser();
    const winner = await refresh(first.refresh_token);
    expect(winner.status).toBe(200);
    expect((await refresh(first.refresh_token, device)).status).toBe(400);
    await expectFamilyRevoked(winner.body);
  });

  it(`still revokes the family when the replay comes after the ${REFRESH_REUSE_GRACE_SECONDS} s grace period`, async () => {
    const first = await signInUser();
    const winner = await refresh(first.refresh_token, device);
    expect(winner.status).toBe(200);
    await server.context.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})` })
      .where(eq(refreshTokens.tokenHash, hashToken(first.refresh_token)));
    const late = await refresh(first.refresh_token, device);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe("invalid_grant");
    await expectFamilyRevoked(winner.body);
  });

  it("still revokes the family when the shared pair was already rotated", async () => {
    const first = await signInUser();
    const winner = await refresh(first.refresh_token, device);
    const next = await refresh(winner.body.refresh_token, device);
    expect(next.status).toBe(200);
    expect((await refresh(first.refresh_token, device)).status).toBe(400);
    await expectFamilyRevoked(next.body);
  });

  it("stores the answered pair only as hashes", async () => {
    const first = await signInUser();
    const winner = await refresh(first.refresh_token, device);
    const [row] = await server.context.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(winner.body.refresh_token)));
    expect(row).toBeDefined();
    const stored = JSON.stringify(row);
    for (const secret of [winner.body.refresh_token, winner.body.access_token, first.refresh_token]) {
      expect(stored).not.toContain(secret);
    }
  });
});

describe("access tokens on /api", () => {
  it("answers an expired access token with 401 unauthorized, then works again after a refresh", async () => {
    const user = await createTestUser(server.context.db);
    const tokens = await signIn(server, user.email, user.password);
    await server.context.db
      .update(accessTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accessTokens.tokenHash, hashToken(tokens.access_token)));
    const expired = await server.request("/api/v1/user_info", { token: tokens.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe("unauthorized");
    // Even a public route refuses a bad token: the 401 is what makes the client refresh.
    const onPublic = await server.request("/api/v1/tokens", { method: "POST", token: tokens.access_token });
    expect(onPublic.status).toBe(401);
    const refreshed = await requestToken(server, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    expect((await server.request("/api/v1/user_info", { token: refreshed.body.access_token })).status).toBe(200);
  });

  it("expires access tokens after ACCESS_TOKEN_TTL_SECONDS", async () => {
    const shortLived = await getTestServer({ env: { ACCESS_TOKEN_TTL_SECONDS: "1" }, database: server.database });
    try {
      const user = await createTestUser(shortLived.context.db);
      const tokens = await signIn(shortLived, user.email, user.password);
      expect((await shortLived.request("/api/v1/user_info", { token: tokens.access_token })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await shortLived.request("/api/v1/user_info", { token: tokens.access_token })).status).toBe(401);
    } finally {
      await shortLived.close();
    }
  });

  it("answers 401 without a token, with an unknown token and for a guest on user_info", async () => {
    expect((await server.request("/api/v1/user_info")).status).toBe(401);
    expect((await server.request("/api/v1/user_info", { token: "not-a-token" })).status).toBe(401);
    const guest = await obtainGuestTokens(server);
    const response = await server.request("/api/v1/user_info", { token: guest.access_token });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("unauthorized");
  });

  it("knows the owner of a storefront as an artist, and everyone else as a customer or a guest", async () => {
    const owner = await createTestUser(server.context.db);
    const storefront = await buildArtist(server.context.db, { userId: owner.id });
    const customer = await createTestUser(server.context.db);
    const actorOf = async (token: string) => {
      const lookup = await findActorByAccessToken({ db: server.context.db, config: server.config, token });
      if (lookup.status !== "valid") throw new Error(`token is ${lookup.status}`);
      return lookup.actor;
    };
    const ownerActor = await actorOf((await signIn(server, owner.email, owner.password)).access_token);
    expect(ownerActor).toMatchObject({ kind: "user", userId: owner.id, artistId: storefront.id });
    const customerActor = await actorOf((await signIn(server, customer.email, customer.password)).access_token);
    expect(customerActor).toMatchObject({ kind: "user", userId: customer.id });
    expect(customerActor).not.toHaveProperty("artistId");
    expect(await actorOf((await obtainGuestTokens(server)).access_token)).toMatchObject({ kind: "guest" });
  });

  it("stops accepting the tokens of a user who is disabled", async () => {
    const user = await createTestUser(server.context.db);
    const tokens = await signIn(server, user.email, user.password);
    await server.context.db.execute(sql`update users set disabled_at = now() where id = ${user.id}`);
    expect((await server.request("/api/v1/user_info", { token: tokens.access_token })).status).toBe(401);
    const refreshed = await requestToken(server, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(400);
  });
});

describe("POST /oauth/revoke", () => {
  it("revokes the access token and its refresh token", async () => {
    const user = await createTestUser(server.context.db);
    const tokens = await signIn(server, user.email, user.password);
    const response = await server.request("/oauth/revoke", {
      method: "POST",
      body: { token: tokens.access_token, ...clientCredentials(server) },
    });
    expect(response.status).toBe(200);
    expect((await server.request("/api/v1/user_info", { token: tokens.access_token })).status).toBe(401);
    const refreshed = await requestToken(server, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe("invalid_grant");
    const [refresh] = await server.context.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(tokens.refresh_token)));
    expect(refresh?.revokedAt).toBeInstanceOf(Date);
  });

  it("accepts the client credentials as username/password headers or HTTP Basic, form-encoded too", async () => {
    const { client_id, client_secret } = clientCredentials(server);
    const first = await obtainGuestTokens(server);
    const viaHeaders = await server.request("/oauth/revoke", {
      method: "POST",
      body: { token: first.access_token },
      headers: { username: client_id, password: client_secret },
    });
    expect(viaHeaders.status).toBe(200);
    expect((await server.request("/api/v1/tokens", { method: "POST", token: first.access_token })).status).toBe(401);

    const second = await obtainGuestTokens(server);
    const viaBasic = await server.request("/oauth/revoke", {
      method: "POST",
      rawBody: new URLSearchParams({ token: second.refresh_token }).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${client_id}:${client_secret}`).toString("base64")}`,
      },
    });
    expect(viaBasic.status).toBe(200);
    expect((await server.request("/api/v1/tokens", { method: "POST", token: second.access_token })).status).toBe(401);
  });

  it("answers 200 for unknown tokens, 401 for bad client credentials and 400 without a token", async () => {
    const unknown = await server.request("/oauth/revoke", {
      method: "POST",
      body: { token: "unknown-token", ...clientCredentials(server) },
    });
    expect(unknown.status).toBe(200);
    const badClient = await server.request("/oauth/revoke", {
      method: "POST",
      body: { token: "unknown-token", client_id: server.config.OAUTH_CLIENT_ID, client_secret: "wrong-secret-123456" },
    });
    expect(badClient.status).toBe(401);
    expect(badClient.body.error).toBe("invalid_client");
    const noToken = await server.request("/oauth/revoke", { method: "POST", body: clientCredentials(server) });
    expect(noToken.status).toBe(400);
    expect(noToken.body.error).toBe("invalid_request");
  });
});

describe("the access-token cache (decision 051)", () => {
  it("refuses a token looked up a moment ago as soon as it is signed out, or its user's sessions revoked", async () => {
    const user = await createTestUser(server.context.db);
    const signedOut = await signIn(server, user.email, user.password);
    const revokedAll = await signIn(server, user.email, user.password);
    for (const tokens of [signedOut, revokedAll]) {
      expect((await server.request("/api/v1/user_info", { token: tokens.access_token })).status).toBe(200);
    }
    const revoke = await server.request("/oauth/revoke", {
      method: "POST",
      body: { token: signedOut.access_token, ...clientCredentials(server) },
    });
    expect(revoke.status).toBe(200);
    expect((await server.request("/api/v1/user_info", { token: signedOut.access_token })).status).toBe(401);

    const other = await signIn(server, user.email, user.password);
    expect((await server.request("/api/v1/user_info", { token: other.access_token })).status).toBe(200);
    await revokeUserSessions({ db: server.context.db, userId: user.id, reason: "password_reset" });
    for (const tokens of [revokedAll, other]) {
      expect((await server.request("/api/v1/user_info", { token: tokens.access_token })).status).toBe(401);
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "hears another instance's revocation through PostgreSQL's NOTIFY",
    async () => {
      const cache = server.context.accessTokenCache;
      await vi.waitFor(() => expect(cache.trusted()).toBe(true), { timeout: 10_000 });
      const tokens = await obtainGuestTokens(server);
      expect((await server.request("/api/v1/shopping_cart", { token: tokens.access_token })).status).toBe(200);
      // Another instance revokes: the row changes (this instance still answers from its cache, for a few seconds
      // at most), then its announcement arrives and the cache forgets.
      await server.context.db
        .update(accessTokens)
        .set({ revokedAt: sql`now()` })
        .where(eq(accessTokens.tokenHash, hashToken(tokens.access_token)));
      expect((await server.request("/api/v1/shopping_cart", { token: tokens.access_token })).status).toBe(200);
      await server.context.db.execute(sql`select pg_notify(${ACCESS_CHANGES_CHANNEL}, '')`);
      await vi.waitFor(async () => {
        expect((await server.request("/api/v1/shopping_cart", { token: tokens.access_token })).status).toBe(401);
      });
    },
  );
});

describe("POST /api/v1/tokens", () => {
  it("returns an anonymous (guest) token without a body", async () => {
    const response = await server.request("/api/v1/tokens", { method: "POST" });
    expect(response.status).toBe(200);
    expect(response.body.token_type).toBe("Bearer");
    expect(response.body.access_token).toBeTruthy();
    expect((await server.request("/api/v1/user_info", { token: response.body.access_token })).status).toBe(401);
  });

  it("returns a signed-in token for user: {email, password}", async () => {
    const user = await createTestUser(server.context.db);
    const response = await server.request("/api/v1/tokens", {
      method: "POST",
      body: { user: { email: user.email.toUpperCase(), password: user.password } },
    });
    expect(response.status).toBe(200);
    const info = await server.request("/api/v1/user_info", { token: response.body.access_token });
    expect(info.body.username).toBe(user.username);
  });

  it("keeps the guest id of the guest who signs in, as the password grant does", async () => {
    const user = await createTestUser(server.context.db);
    const guest = (await server.request("/api/v1/tokens", { method: "POST" })).body.access_token as string;
    const response = await server.request("/api/v1/tokens", {
      method: "POST",
      token: guest,
      body: { user: { email: user.email, password: user.password } },
    });
    expect(response.status).toBe(200);
    const sessionOf = async (token: string) => {
      const [session] = await server.context.db
        .select({ guestId: authSessions.guestId, userId: authSessions.userId })
        .from(authSessions)
        .innerJoin(accessTokens, eq(accessTokens.sessionId, authSessions.id))
        .where(eq(accessTokens.tokenHash, hashToken(token)));
      return session;
    };
    const guestSession = await sessionOf(guest);
    expect(guestSession?.guestId).toBeTruthy();
    expect(await sessionOf(response.body.access_token)).toEqual({ userId: user.id, guestId: guestSession?.guestId });
  });

  it("refuses a disabled account with 403, like an unconfirmed one", async () => {
    const user = await createTestUser(server.context.db, { disabled: true });
    const response = await server.request("/api/v1/tokens", {
      method: "POST",
      body: { user: { email: user.email, password: user.password } },
    });
    expect(response.status).toBe(403);
    expect(response.body.error).toEqual({ code: "forbidden", message: "This account has been disabled" });
  });

  it("refuses wrong credentials, unconfirmed accounts, unknown fields and malformed bodies", async () => {
    const user = await createTestUser(server.context.db);
    const wrong = await server.request("/api/v1/tokens", {
      method: "POST",
      body: { user: { email: user.email, password: "wrong-password" } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe("bad_request");
    const unconfirmed = await createTestUser(server.context.db, { confirmed: false });
    const refused = await server.request("/api/v1/tokens", {
      method: "POST",
      body: { user: { email: unconfirmed.email, password: unconfirmed.password } },
    });
    expect(refused.status).toBe(403);
    const unknownField = await server.request("/api/v1/tokens", {
      method: "POST",
      body: { user: { email: user.email, password: user.password, admin: true } },
    });
    expect(unknownField.status).toBe(422);
    expect(unknownField.body.error.details).toContainEqual({ field: "user.admin", message: "Unknown field" });
    const malformed = await server.request("/api/v1/tokens", {
      method: "POST",
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("malformed_json");
  });
});
