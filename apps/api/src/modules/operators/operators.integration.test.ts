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
import { createOperator } from "./create-operator.ts";

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

/** Sets an operator up through the API from its link; returns the secret shown, the codes and the cookie. */
async function setUp(token: string, password = "operator-pass-1") {
  const begin = await server.request("/api/v1/operator_setup", { method: "POST", body: { token } });
  expect(begin.status, begin.text).toBe(200);
  const { secret } = begin.body.data;
  const done = await server.request("/api/v1/operator_setup/completion", {
    method: "POST",
    body: { token, password, confirm_password: password, code: await generate({ secret }) },
  });
  expect(done.status, done.text).toBe(200);
  const cookie = (done.headers.get("set-cookie") ?? "").split(";")[0] as string;
  return { secret: secret as string, recoveryCodes: done.body.data.recovery_codes as string[], cookie };
}

async function passwordStep(email: string, password: string, headers: Record<string, string>) {
  const response = await server.request("/api/v1/operator_sign_in", {
    method: "POST",
    body: { email, password },
    headers,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data.challenge as string;
}

describe("set-up", () => {
  it("shows the secret as a URI, a QR code and text; a code from it sets the operator up once", async () => {
    const { token, email, operatorId, setupUrl } = await createOperator({
      db: server.database.db,
      config: server.config,
      email: `Setup-${nextAddress}@Example.com`,
    });
    expect(setupUrl).toBe(`http://localhost:3000/admin/setup?token=${token}`);
    const begin = await server.request("/api/v1/operator_setup", { method: "POST", body: { token } });
    expect(begin.status).toBe(200);
    const { secret, otpauth_uri: uri, qr_code: qr } = begin.body.data;
    expect(begin.body.data.email).toBe(email);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(",")[1], "base64").toString("utf8")).toContain("<svg");
    // Reloading the page shows the same secret.
    const reload = await server.request("/api/v1/operator_setup", { method: "POST", body: { token } });
    expect(reload.body.data.secret).toBe(secret);
    // Stored encrypted, never as the secret itself.
    const [stored] = await selectRows<{ pending: string }>(
      server.database.db,
      sql`SELECT "pending_totp_secret_encrypted" AS "pending" FROM "operators" WHERE "id" = ${operatorId}`,
    );
    expect(stored?.pending).toMatch(/^v1:/);
    expect(stored?.pending).not.toContain(secret);

    const wrong = await server.request("/api/v1/operator_setup/completion", {
      method: "POST",
      body: { token, password: "operator-pass-1", confirm_password: "operator-pass-1", code: "000000" },
    });
    expect(wrong.status).toBe(422);
    const mismatch = await server.request("/api/v1/operator_setup/completion", {
      method: "POST",
      body: { token, password: "operator-pass-1", confirm_password: "other-pass-1", code: "123456" },
    });
    expect(mismatch.status).toBe(422);
    const short = await server.request("/api/v1/operator_setup/completion", {
      method: "POST",
      body: { token, password: "short", confirm_password: "short", code: "123456" },
    });
    expect(short.status).toBe(422);
    expect(short.body.error.details).toEqual([{ field: "password", message: "Password must be 8 to 20 characters" }]);

    const code = await generate({ secret });
    const done = await server.request("/api/v1/operator_setup/completion", {
      method: "POST",
      body: { token, password: "operator-pass-1", confirm_password: "operator-pass-1", code },
    });
    expect(done.status, done.text).toBe(200);
    const codes: string[] = done.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const recovery of codes) expect(recovery).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const cookie = (done.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const session = await server.request("/api/v1/admin/session", { headers: { cookie } });
    expect(session.body.data.operator.email).toBe(email);
    const [hashes] = await selectRows<{ count: number; plain: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS "count", count(*) FILTER (WHERE "code_hash" IN (${sql.join(
        codes.map((code) => sql`${code}`),
        sql`, `,
      )}))::int AS "plain"
          FROM "operator_recovery_codes" WHERE "operator_id" = ${operatorId}`,
    );
    expect(hashes).toEqual({ count: 10, plain: 0 });

    // The link is used up: neither call takes it again.
    for (const path of ["/api/v1/operator_setup", "/api/v1/operator_setup/completion"]) {
      const reuse = await server.request(path, {
        method: "POST",
        body: path.endsWith("completion")
          ? { token, password: "operator-pass-2", confirm_password: "operator-pass-2", code }
          : { token },
      });
      expect(reuse.status).toBe(404);
      expect(reuse.body.error.message).toBe("This set-up link is invalid, expired or already used");
    }
    const log = await server.request(`/api/v1/admin/audit_log?operator_id=${operatorId}`, { headers: { cookie } });
    expect(log.body.data.map((entry: { action: string }) => entry.action)).toEqual(["operator.setup"]);
    expect(JSON.stringify(log.body.data)).not.toContain(secret);
    // A set-up operator cannot be made again.
    await expect(createOperator({ db: server.database.db, config: server.config, email })).rejects.toThrow(
      /finished set-up/,
    );
  });

  it("refuses an expired link and a link replaced by a newer one", async () => {
    const email = `expiry-${nextAddress}@example.com`;
    const first = await createOperator({ db: server.database.db, config: server.config, email });
    const second = await createOperator({ db: server.database.db, config: server.config, email });
    expect(second.operatorId).toBe(first.operatorId);
    expect(
      (await server.request("/api/v1/operator_setup", { method: "POST", body: { token: first.token } })).status,
    ).toBe(404);
    expect(
      (await server.request("/api/v1/operator_setup", { method: "POST", body: { token: second.token } })).status,
    ).toBe(200);
    await server.database.db.execute(
      sql`UPDATE "operator_setup_tokens" SET "expires_at" = now() - interval '1 second' WHERE "operator_id" = ${second.operatorId}`,
    );
    expect(
      (await server.request("/api/v1/operator_setup", { method: "POST", body: { token: second.token } })).status,
    ).toBe(404);
  });
});

describe("recovery codes", () => {
  it("sign an operator in once each, in any case and with or without dashes", async () => {
    const email = `recovery-${nextAddress}@example.com`;
    const { token } = await createOperator({ db: server.database.db, config: server.config, email });
    const { recoveryCodes } = await setUp(token);
    const address = fromNewAddress();
    const [firstCode, secondCode] = recoveryCodes as [string, string];
    const use = async (code: string) =>
      server.request("/api/v1/operator_sign_in/second_factor", {
        method: "POST",
        body: { challenge: await passwordStep(email, "operator-pass-1", address), code },
        headers: address,
      });
    const first = await use(firstCode);
    expect(first.status, first.text).toBe(200);
    expect((await use(firstCode)).status).toBe(422);
    const second = await use(` ${secondCode.replaceAll("-", "").toUpperCase()} `);
    expect(second.status, second.text).toBe(200);
    const cookie = (second.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const log = await server.request("/api/v1/admin/audit_log?action=operator.sign_in", { headers: { cookie } });
    const mine = log.body.data.filter((entry: { operator_email: string }) => entry.operator_email === email);
    expect(mine.map((entry: { after: unknown }) => entry.after)).toEqual([
      { second_factor: "recovery_code", recovery_codes_left: 8 },
      { second_factor: "recovery_code", recovery_codes_left: 9 },
    ]);
  });

  it("a challenge takes five wrong codes, then the password is asked again", async () => {
    const operator = await createTestOperator(server);
    const address = fromNewAddress();
    const challenge = await passwordStep(operator.email, operator.password, address);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await server.request("/api/v1/operator_sign_in/second_factor", {
        method: "POST",
        body: { challenge, code: "aaaa-bbbb-cccc" },
        headers: address,
      });
      expect(wrong.status).toBe(422);
    }
    const spent = await server.request("/api/v1/operator_sign_in/second_factor", {
      method: "POST",
      body: { challenge, code: await generate({ secret: operator.totpSecret }) },
      headers: address,
    });
    expect(spent.status).toBe(401);
  });

  it("wrong passwords are refused like customers' and limited", async () => {
    const operator = await createTestOperator(server);
    const address = fromNewAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await server.request("/api/v1/operator_sign_in", {
        method: "POST",
        body: { email: operator.email, password: "wrong-pass-1" },
        headers: address,
      });
      statuses.push(response.status);
    }
    expect(statuses[0]).toBe(400);
    expect(statuses).toContain(429);
    // A customer's e-mail and password are not an operator's.
    const customer = await createTestUser(server.database.db);
    const asCustomer = await server.request("/api/v1/operator_sign_in", {
      method: "POST",
      body: { email: customer.email, password: customer.password },
      headers: fromNewAddress(),
    });
    expect(asCustomer.status).toBe(400);
    expect(asCustomer.body.error.message).toBe("Unrecognized password, email combination");
  });
});
