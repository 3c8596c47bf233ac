import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { createOperatorSession, createTestOperator } from "../../../test/operators.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { operatorAuditLog } from "../../db/schema/index.ts";
import { selectRows } from "../../db/select-rows.ts";
import { recordOperatorAction } from "./audit-log.ts";

let server: TestServer;
let nextAddress = 1;
const fromNewAddress = () => ({ "x-forwarded-for": `198.51.100.${nextAddress++}` });

beforeAll(async () => {
  server = await getTestServer({ env: { TRUST_PROXY: "true" } });
});

afterAll(async () => {
  await server?.close();
});

describe("the admin area's gate", () => {
  it("answers 401 without credentials and 403 to customers, artists and guests", async () => {
    const anonymous = await server.request("/api/v1/admin/session");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("unauthorized");
    const customer = await createTestUser(server.database.db);
    const tokens = await signIn(server, customer.email, customer.password);
    const asCustomer = await server.request("/api/v1/admin/session", { token: tokens.access_token });
    expect(asCustomer.status).toBe(403);
    const guest = await obtainGuestTokens(server);
    expect((await server.request("/api/v1/admin/audit_log", { token: guest.access_token })).status).toBe(403);
  });

  it("lets an operator session in and says who it is", async () => {
    const { cookie, operatorId, operator } = await createOperatorSession(server);
    const response = await server.request("/api/v1/admin/session", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.body.data.operator).toEqual({ id: operatorId, email: operator.email });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("ends a session after an hour without requests", async () => {
    const { cookie, sessionId } = await createOperatorSession(server);
    expect((await server.request("/api/v1/admin/session", { headers: { cookie } })).status).toBe(200);
    await server.database.db.execute(
      sql`UPDATE "operator_sessions" SET "last_seen_at" = now() - interval '61 minutes' WHERE "id" = ${sessionId}`,
    );
    const expired = await server.request("/api/v1/admin/session", { headers: { cookie } });
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toMatch(/session has ended/);
    // Just inside the hour, a request restarts the clock.
    const other = await createOperatorSession(server);
    await server.database.db.execute(
      sql`UPDATE "operator_sessions" SET "last_seen_at" = now() - interval '59 minutes' WHERE "id" = ${other.sessionId}`,
    );
    expect((await server.request("/api/v1/admin/session", { headers: { cookie: other.cookie } })).status).toBe(200);
    const [row] = await selectRows<{ idle: number }>(
      server.database.db,
      sql`SELECT extract(epoch FROM now() - "last_seen_at")::int AS "idle" FROM "operator_sessions" WHERE "id" = ${other.sessionId}`,
    );
    expect(row?.idle).toBeLessThan(60);
  });

  it("signs out: the cookie stops working and the audit log says so", async () => {
    const { cookie, operatorId } = await createOperatorSession(server);
    const out = await server.request("/api/v1/admin/session/sign_out", {
      method: "POST",
      body: {},
      headers: { cookie },
    });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/tf_operator=;.*Path=\/api\/v1\/admin/);
    expect((await server.request("/api/v1/admin/session", { headers: { cookie } })).status).toBe(401);
    const other = await createOperatorSession(server);
    const log = await server.request(`/api/v1/admin/audit_log?operator_id=${operatorId}`, {
      headers: { cookie: other.cookie },
    });
    expect(log.status).toBe(200);
    expect(log.body.data.map((entry: { action: string }) => entry.action)).toEqual(["operator.sign_out"]);
  });
});

describe("the audit log", () => {
  it("is append-only: the database refuses UPDATE, DELETE and TRUNCATE", async () => {
    const { operatorId } = await createTestOperator(server);
    const { db } = server.database;
    await recordOperatorAction(db, {
      operatorId,
      action: "code.create",
      subjectType: "promo_code",
      subjectId: "SAVE5",
      after: { code: "SAVE5" },
      reason: "test",
    });
    await expect(db.update(operatorAuditLog).set({ reason: "changed" })).rejects.toThrow();
    await expect(db.delete(operatorAuditLog)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE "operator_audit_log"`)).rejects.toThrow();
    const rows = await db.select().from(operatorAuditLog).where(sql`${operatorAuditLog.operatorId} = ${operatorId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reason).toBe("test");
  });

  it("pages newest first and filters by action and operator", async () => {
    const { cookie, operatorId } = await createOperatorSession(server);
    for (const action of ["code.create", "code.expire", "code.create"]) {
      await recordOperatorAction(server.database.db, { operatorId, action, subjectType: "promo_code", subjectId: "X" });
    }
    const all = await server.request(`/api/v1/admin/audit_log?operator_id=${operatorId}`, { headers: { cookie } });
    expect(all.body.data.map((entry: { action: string }) => entry.action)).toEqual([
      "code.create",
      "code.expire",
      "code.create",
    ]);
    expect(all.body.meta).toMatchObject({ page: 1, per_page: 50, total_count: 3, total_pages: 1 });
    expect(all.body.meta.actions).toEqual(expect.arrayContaining(["code.create", "code.expire"]));
    const filtered = await server.request(`/api/v1/admin/audit_log?operator_id=${operatorId}&action=code.expire`, {
      headers: { cookie },
    });
    expect(filtered.body.data).toHaveLength(1);
    expect(filtered.body.data[0]).toMatchObject({ action: "code.expire", subject_id: "X", operator_id: operatorId });
    const bad = await server.request("/api/v1/admin/audit_log?action=DROP%20TABLE", { headers: { cookie } });
    expect(bad.status).toBe(422);
  });
});

describe("sign-in", () => {
  it("asks for the password, then a TOTP code, which is good only once", async () => {
    const operator = await createTestOperator(server);
    const address = fromNewAddress();
    const first = await server.request("/api/v1/operator_sign_in", {
      method: "POST",
      body: { email: operator.email, password: operator.password },
      headers: address,
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("set-cookie")).toBeNull();
    const code = await generate({ secret: operator.totpSecret });
    const second = await server.request("/api/v1/operator_sign_in/second_factor", {
      method: "POST",
      body: { challenge: first.body.data.challenge, code },
      headers: address,
    });
    expect(second.status).toBe(200);
    const setCookie = second.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^tf_operator=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/v1\/admin/);
    const cookie = setCookie.split(";")[0] as string;
    expect((await server.request("/api/v1/admin/session", { headers: { cookie } })).status).toBe(200);

    // The same code again, through a new challenge: a replay inside its window.
    const again = await server.request("/api/v1/operator_sign_in", {
      method: "POST",
      body: { email: operator.email, password: operator.password },
      headers: address,
    });
    const replay = await server.request("/api/v1/operator_sign_in/second_factor", {
      method: "POST",
      body: { challenge: again.body.data.challenge, code },
      headers: address,
    });
    expect(replay.status).toBe(422);
    expect(replay.body.error.details).toEqual([{ field: "code", message: "That code is not valid" }]);
  });
});
