import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestToken } from "../../test/oauth-client.ts";
import { deliverAndReadLatestEmail, temporaryDataDir, tokenFromLink } from "../../test/outbox.ts";
import { getTestServer, type TestServer } from "../../test/test-server.ts";
import { users } from "../db/schema/index.ts";
import { mockupKey } from "../modules/media/media-keys.ts";
import { getMediaUrlSecret, signMediaUrl } from "../modules/media/media-urls.ts";

const logLines: string[] = [];
let server: TestServer;

const shopper = { email: "log.watcher@example.com", password: "Ledger-Secret-4471", newPassword: "Ledger-Secret-9902" };
const rejected = { email: "rejected.signup@example.com", password: "Ledger-Secret-5583" };
/** The first name the test's check constraint refuses: a sign-up with it fails inside the INSERT. */
const REJECTED_FIRST_NAME = "Rejectedname";

function signUp(user: { email: string; password: string; firstName: string; username: string }) {
  return server.request("/api/v1/users", {
    method: "POST",
    body: {
      user: {
        email: user.email,
        password: user.password,
        confirm_password: user.password,
        first_name: user.firstName,
        last_name: "Watcher",
        username: user.username,
      },
    },
  });
}

beforeAll(async () => {
  server = await getTestServer({
    env: { DATA_DIR: temporaryDataDir(), LOG_LEVEL: "info" },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
});

afterAll(async () => {
  await server.close();
});

describe("the log", () => {
  const secrets: Record<string, string> = {};

  it("is written while accounts are created, confirmed and reset, and a query fails", async () => {
    expect((await signUp({ ...shopper, firstName: "Lena", username: "log_watcher" })).status).toBe(201);
    const [stored] = await server.context.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, shopper.email));
    secrets.passwordHash = stored?.passwordHash ?? "";
    expect(secrets.passwordHash).toMatch(/^\$argon2id\$/);

    // A failing INSERT whose parameters hold an e-mail address and an argon2 hash, and whose PostgreSQL
    // error detail ("Failing row contains (...)") holds them again.
    await server.context.db.execute(
      sql.raw(
        `alter table users add constraint log_test_rejects_first_name check (first_name <> '${REJECTED_FIRST_NAME}')`,
      ),
    );
    const failed = await signUp({ ...rejected, firstName: REJECTED_FIRST_NAME, username: "rejected_signup" });
    expect(failed.status).toBe(500);
    expect(failed.text).not.toContain(rejected.email);

    const confirmation = await deliverAndReadLatestEmail(server, shopper.email);
    secrets.confirmationToken = tokenFromLink(confirmation, "/confirm-email/");
    await server.request(`/confirm-email/${secrets.confirmationToken}`);
    await server.request(`/confirm-email/${secrets.confirmationToken}?utm_source=email`);
    const confirmed = await server.request("/api/v1/users/confirm_email", {
      method: "POST",
      body: { user: { email_confirmation_token: secrets.confirmationToken } },
    });
    expect(confirmed.status).toBe(200);

    await server.request("/api/v1/users/forgot_password", { method: "POST", body: { user: { email: shopper.email } } });
    const reset = await deliverAndReadLatestEmail(server, shopper.email);
    secrets.resetToken = tokenFromLink(reset, "/reset-password/");
    await server.request(`/reset-password/${secrets.resetToken}`);
    const changed = await server.request("/api/v1/users/reset_password", {
      method: "POST",
      body: {
        user: {
          reset_password_token: secrets.resetToken,
          password: shopper.newPassword,
          confirm_password: shopper.newPassword,
        },
      },
    });
    expect(changed.status).toBe(200);

    const signedIn = await requestToken(server, {
      grant_type: "password",
      email: shopper.email,
      password: shopper.newPassword,
    });
    expect(signedIn.status).toBe(200);
    secrets.accessToken = signedIn.body.access_token;
    await server.request(`/api/v1/user_info?access_token=${secrets.accessToken}`, { token: secrets.accessToken });

    const key = mockupKey({
      designUuid: randomUUID(),
      variant: "watermarked",
      garment: "tee",
      color: "black",
      width: 320,
    });
    const mediaUrl = new URL(signMediaUrl({ key, secret: await getMediaUrlSecret(server.context) }), server.url);
    secrets.mediaSignature = mediaUrl.searchParams.get("sig") ?? "";
    expect(secrets.mediaSignature.length).toBeGreaterThan(20);
    await server.request(`${mediaUrl.pathname}${mediaUrl.search}`);
  });

  it("names every request and the failure, with the secrets replaced", () => {
    const requests = logLines.map((line) => JSON.parse(line)).filter((record) => record.msg === "request completed");
    const urls = requests.map((record) => record.req.url);
    expect(urls).toContain("/confirm-email/[redacted]");
    expect(urls).toContain("/confirm-email/[redacted]?utm_source=email");
    expect(urls).toContain("/reset-password/[redacted]");
    expect(urls).toContain("/api/v1/user_info?access_token=[redacted]");
    expect(urls.some((url: string) => /^\/media\/designs\/.+\?exp=\d+&sig=\[redacted\]/.test(url))).toBe(true);
    expect(requests.every((record) => typeof record.res.statusCode === "number")).toBe(true);

    const failure = logLines.map((line) => JSON.parse(line)).find((record) => record.err && record.level >= 50);
    expect(failure?.err.message).toContain("insert into");
    expect(failure?.err.message).toContain("params: [redacted]");
    expect(JSON.stringify(failure?.err)).toContain("log_test_rejects_first_name");
  });

  it("holds no password, hash, token or signature, and the e-mail address only where mail is written", () => {
    const log = logLines.join("");
    for (const secret of [shopper.password, shopper.newPassword, rejected.password, ...Object.values(secrets)]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain("$argon2");
    expect(log).not.toContain(rejected.email);
    // The local outbox (no SMTP configured) says where it wrote each e-mail: the file name is the address.
    const linesWithAddress = logLines.filter((line) => line.includes(shopper.email));
    expect(linesWithAddress.length).toBeGreaterThan(0);
    for (const line of linesWithAddress) expect(JSON.parse(line).msg).toMatch(/^e-mail to \S+ written to /);
  });
});
