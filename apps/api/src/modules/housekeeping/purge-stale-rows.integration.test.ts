import { eq, inArray, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, requestToken } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer, testConfig } from "../../../test/test-server.ts";
import {
  accessTokens,
  analyticsEvents,
  authSessions,
  jobs,
  oneTimeTokens,
  rateLimitCounters,
  refreshTokens,
} from "../../db/schema/index.ts";
import { hashToken } from "../auth/token-crypto.ts";
import { FINISHED_JOB_RETENTION_DAYS, PURGE_GRACE_DAYS, purgeStaleRows } from "./purge-stale-rows.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/** A guest session's id, from one of its refresh tokens. */
async function sessionOf(refreshToken: string): Promise<string> {
  const [row] = await server.context.db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  if (!row) throw new Error("no such refresh token");
  return row.sessionId;
}

describe("purgeStaleRows", () => {
  it("deletes dead sessions, old tokens and counters, and keeps everything still in use", async () => {
    const db = server.context.db;
    const live = await obtainGuestTokens(server);
    const rotated = await requestToken(server, { grant_type: "refresh_token", refresh_token: live.refresh_token });
    expect(rotated.status).toBe(200);
    const revokedLongAgo = await obtainGuestTokens(server);
    const revokedRecently = await obtainGuestTokens(server);
    const idle = await obtainGuestTokens(server);
    const liveSession = await sessionOf(live.refresh_token);
    const [longAgoSession, recentSession, idleSession] = await Promise.all(
      [revokedLongAgo, revokedRecently, idle].map((tokens) => sessionOf(tokens.refresh_token)),
    );
    await db
      .update(authSessions)
      .set({ revokedAt: daysAgo(PURGE_GRACE_DAYS + 1) })
      .where(eq(authSessions.id, longAgoSession as string));
    await db
      .update(authSessions)
      .set({ revokedAt: daysAgo(1) })
      .where(eq(authSessions.id, recentSession as string));
    const timeoutDays = server.config.SESSION_TIMEOUT_MINUTES / (24 * 60);
    await db
      .update(authSessions)
      .set({ lastUsedAt: daysAgo(timeoutDays + PURGE_GRACE_DAYS + 1) })
      .where(eq(authSessions.id, idleSession as string));
    // The live session's first access token expired long ago; its second is current.
    await db
      .update(accessTokens)
      .set({ expiresAt: daysAgo(PURGE_GRACE_DAYS + 1) })
      .where(eq(accessTokens.tokenHash, hashToken(live.access_token)));

    const user = await createTestUser(db);
    await db.insert(oneTimeTokens).values([
      {
        tokenHash: "used-long-ago",
        userId: user.id,
        purpose: "password_reset",
        expiresAt: sql`now() + interval '1 hour'`,
        usedAt: daysAgo(PURGE_GRACE_DAYS + 1),
      },
      {
        tokenHash: "expired-long-ago",
        userId: user.id,
        purpose: "email_confirmation",
        expiresAt: daysAgo(PURGE_GRACE_DAYS + 1),
      },
      {
        tokenHash: "still-valid",
        userId: user.id,
        purpose: "email_confirmation",
        expiresAt: sql`now() + interval '1 day'`,
      },
    ]);
    await db.insert(rateLimitCounters).values([
      {
        key: "sign_in:ip:203.0.113.9",
        hits: sql`array[now() - interval '3 days']::timestamptz[]`,
        expiresAt: daysAgo(2),
      },
      {
        key: "sign_in:ip:203.0.113.10",
        hits: sql`array[now()]::timestamptz[]`,
        expiresAt: sql`now() + interval '15 minutes'`,
      },
    ]);

    const counts = await purgeStaleRows({ db, config: server.config });
    expect(counts.sessions).toBeGreaterThanOrEqual(2);
    expect(counts.accessTokens).toBeGreaterThanOrEqual(1);
    expect(counts.oneTimeTokens).toBe(2);
    expect(counts.rateLimitCounters).toBeGreaterThanOrEqual(1);

    const sessionsLeft = await db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(inArray(authSessions.id, [liveSession, longAgoSession, recentSession, idleSession] as string[]));
    expect(sessionsLeft.map((row) => row.id).sort()).toEqual([liveSession, recentSession].sort());
    const tokensLeft = await db.select({ tokenHash: oneTimeTokens.tokenHash }).from(oneTimeTokens);
    expect(tokensLeft.map((row) => row.tokenHash)).toEqual(["still-valid"]);
    const countersLeft = await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(countersLeft.map((row) => row.key)).toContain("sign_in:ip:203.0.113.10");
    expect(countersLeft.map((row) => row.key)).not.toContain("sign_in:ip:203.0.113.9");

    // The live session works on, and its rotated refresh token still gives theft away.
    const current = await db
      .select({ id: accessTokens.id })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(rotated.body.access_token)));
    expect(current).toHaveLength(1);
    const replay = await requestToken(server, { grant_type: "refresh_token", refresh_token: live.refresh_token });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    expect(replay.body.error_description).toMatch(/already used/);

    // A second pass finds nothing more to do.
    expect(await purgeStaleRows({ db, config: server.config })).toEqual({
      sessions: 0,
      accessTokens: 0,
      oneTimeTokens: 0,
      rateLimitCounters: 0,
      jobs: 0,
      analyticsEvents: 0,
    });
  });

  it("forgets finished jobs after their retention and keeps pending, recent and keyed ones", async () => {
    const db = server.context.db;
    const longAgo = daysAgo(PURGE_GRACE_DAYS + 1);
    const beyondRetention = daysAgo(FINISHED_JOB_RETENTION_DAYS + 1);
    const job = (name: string, values: Partial<PgInsertValue<typeof jobs>>) => ({
      kind: "purge_stale_rows",
      payload: {},
      dedupeKey: `purge-test-${name}`,
      ...values,
    });
    await db
      .insert(jobs)
      .values([
        job("succeeded-long-ago", { status: "succeeded", completedAt: longAgo, dedupeKey: null }),
        job("succeeded-recently", { status: "succeeded", completedAt: daysAgo(1), dedupeKey: null }),
        job("keyed-long-ago", { status: "succeeded", completedAt: longAgo }),
        job("keyed-beyond-retention", { status: "succeeded", completedAt: beyondRetention }),
        job("failed-long-ago", { status: "failed", completedAt: longAgo }),
        job("failed-beyond-retention", { status: "failed", completedAt: beyondRetention }),
        job("pending-old", { status: "pending", runAt: beyondRetention }),
      ]);
    const counts = await purgeStaleRows({ db, config: server.config });
    expect(counts.jobs).toBe(3);
    const left = await db.select({ dedupeKey: jobs.dedupeKey, status: jobs.status }).from(jobs);
    expect(left.map((row) => row.dedupeKey ?? row.status).sort()).toEqual(
      ["purge-test-failed-long-ago", "purge-test-keyed-long-ago", "purge-test-pending-old", "succeeded"].sort(),
    );
  });

  it("forgets analytics events older than ANALYTICS_RETENTION_DAYS, and keeps the rest", async () => {
    const db = server.context.db;
    const retention = server.config.ANALYTICS_RETENTION_DAYS;
    const stored = (name: string, occurredAt: ReturnType<typeof sql>) => ({
      eventId: crypto.randomUUID(),
      name,
      category: "Navigation",
      properties: { path: `/${name}` },
      occurredAt,
    });
    await db
      .insert(analyticsEvents)
      .values([
        stored("beyond-retention", daysAgo(retention + 1)),
        stored("just-inside", daysAgo(retention - 1)),
        stored("today", sql`now()`),
      ]);
    expect((await purgeStaleRows({ db, config: server.config })).analyticsEvents).toBe(1);
    const left = await db.select({ name: analyticsEvents.name }).from(analyticsEvents);
    expect(left.map((row) => row.name).sort()).toEqual(["just-inside", "today"]);
    // The period is configuration.
    const shorter = testConfig({ ANALYTICS_RETENTION_DAYS: String(retention - 2) });
    expect((await purgeStaleRows({ db, config: shorter })).analyticsEvents).toBe(1);
    expect((await db.select({ name: analyticsEvents.name }).from(analyticsEvents)).map((row) => row.name)).toEqual([
      "today",
    ]);
  });
});
