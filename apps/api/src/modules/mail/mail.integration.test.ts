import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "../../../test/factories/users.ts";
import { temporaryDataDir } from "../../../test/outbox.ts";
import { freePort, type ReceivedMail, startSmtpServer } from "../../../test/smtp-server.ts";
import { createTestDatabase } from "../../../test/test-database.ts";
import { getTestServer, type TestServer, testConfig } from "../../../test/test-server.ts";
import { parseEml, readLatestOutboxMessage } from "../../adapters/mail/read-outbox.ts";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";
import { startServer } from "../../server.ts";
import { enqueueEmail } from "./send-email.ts";

/** The queued e-mails: `send_email` jobs (the job id is the e-mail's id). */
const emailJobs = (db: DatabaseHandle["db"]) => db.select().from(jobs).where(eq(jobs.kind, "send_email"));
const deliveryReferenceOf = (row: { result: unknown } | undefined) =>
  (row?.result as { deliveryReference?: string } | null)?.deliveryReference;

const cleanups: Array<() => Promise<void>> = [];
// One database for the file (creating one per test is slow); each test starts with an empty outbox.
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
  await database.db.delete(jobs);
});

afterAll(async () => {
  await database.close();
});

async function serverWith(env: Record<string, string>, handle: DatabaseHandle = database): Promise<TestServer> {
  const server = await getTestServer({ env: { DATA_DIR: temporaryDataDir(), ...env }, database: handle });
  cleanups.push(() => server.close());
  return server;
}

function signUp(server: TestServer, email: string, username: string) {
  return server.request("/api/v1/users", {
    method: "POST",
    body: {
      user: {
        email,
        password: "s3cret-pass",
        confirm_password: "s3cret-pass",
        first_name: "Mae",
        last_name: "Jemison",
        username,
      },
    },
  });
}

describe("e-mail over SMTP", () => {
  it("sends the confirmation e-mail with text and HTML parts to a real SMTP server", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const server = await serverWith({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, BRAND_NAME: "Inkwell" });
    expect(server.context.mail.name).toBe("smtp");

    expect((await signUp(server, "mae@example.com", "mae_jemison")).status).toBe(201);
    expect(await server.context.jobs.processDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0] as ReceivedMail;
    expect(mail.to).toEqual(["mae@example.com"]);
    expect(mail.from).toBe("no-reply@localhost");
    expect(mail.raw).toContain("multipart/alternative");
    const parsed = parseEml(mail.raw);
    expect(parsed.subject).toBe("Confirm your email address for Inkwell");
    expect(parsed.text).toMatch(/http:\/\/localhost:3000\/confirm-email\/[A-Za-z0-9_-]{43}/);
    expect(parsed.html).toContain("Inkwell");
    expect(parsed.html).toMatch(/href="http:\/\/localhost:3000\/confirm-email\/[A-Za-z0-9_-]{43}"/);

    const [row] = await emailJobs(server.context.db);
    expect(row?.status).toBe("succeeded");
    expect(row?.attempts).toBe(1);
    expect(row?.completedAt).toBeInstanceOf(Date);
    expect(deliveryReferenceOf(row)).toContain(row?.id);
    // Nothing is sent twice.
    expect(await server.context.jobs.processDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it("loses nothing while the mail server is down and delivers once it is back", async () => {
    const port = await freePort();
    const server = await serverWith({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_BASE_SECONDS: "0.3",
      MAIL_SEND_TIMEOUT_MS: "2000",
    });
    // The request that causes the e-mail succeeds although the mail server is unreachable.
    expect((await signUp(server, "outage@example.com", "outage_1")).status).toBe(201);
    expect(await server.context.jobs.processDue()).toBe(1);
    let [row] = await emailJobs(server.context.db);
    expect(row?.status).toBe("pending");
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.runAt.getTime()).toBeGreaterThan(Date.now() - 1000);

    // Not due yet: the backoff holds it back.
    expect(await server.context.jobs.processDue()).toBe(0);

    const smtp = await startSmtpServer(port);
    cleanups.push(() => smtp.close());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await server.context.jobs.processDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["outage@example.com"]);
    [row] = await emailJobs(server.context.db);
    expect(row?.status).toBe("succeeded");
    expect(row?.attempts).toBe(2);
  });

  it("backs off exponentially and gives up after MAIL_MAX_ATTEMPTS, keeping the row", async () => {
    const port = await freePort();
    const server = await serverWith({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_BASE_SECONDS: "0.2",
      MAIL_MAX_ATTEMPTS: "2",
    });
    const user = await createTestUser(server.context.db);
    await server.request("/api/v1/users/forgot_password", { method: "POST", body: { user: { email: user.email } } });
    await server.context.jobs.processDue();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.context.jobs.processDue();
    const [row] = await emailJobs(server.context.db);
    expect(row?.status).toBe("failed");
    expect(row?.attempts).toBe(2);
    expect(row?.lastError).toBeTruthy();
  });

  it("never sends one e-mail twice when two instances work the same queue", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    let secondHandle: DatabaseHandle = database;
    if (database.driver === "postgres") {
      const handle = await openDatabase({ driver: "postgres", url: database.location, poolSize: 3 });
      secondHandle = handle;
      cleanups.push(() => handle.close());
    }
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    const first = await serverWith(env);
    const second = await serverWith(env, secondHandle);
    const ids: string[] = [];
    for (let index = 0; index < 45; index++) {
      ids.push(
        await enqueueEmail({
          db: first.context.db,
          message: {
            kind: "test",
            to: `bulk${index}@example.com`,
            subject: `Bulk ${index}`,
            text: "hello",
            html: "<p>hello</p>",
          },
        }),
      );
    }
    const [sentByFirst, sentBySecond] = await Promise.all([
      first.context.jobs.processDue(),
      second.context.jobs.processDue(),
    ]);
    expect(sentByFirst + sentBySecond).toBe(45);
    const recipients = smtp.received.flatMap((mail) => mail.to).sort();
    expect(recipients).toHaveLength(45);
    expect(new Set(recipients).size).toBe(45);
    const rows = await first.context.db
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(inArray(jobs.id, ids));
    expect(rows).toHaveLength(45);
    expect(rows.every((row) => row.status === "succeeded" && row.attempts === 1)).toBe(true);
  });
});

describe("e-mail without SMTP: .eml files in DATA_DIR/outbox", () => {
  it("is delivered by the polling worker as a readable .eml file named after the recipient", async () => {
    const server = await serverWith({ JOBS_POLL_INTERVAL_MS: "100" });
    expect(server.context.mail.name).toBe("file");
    server.context.jobs.start();
    expect((await signUp(server, "Eml.Reader@Example.com", "eml_reader")).status).toBe(201);
    const dir = path.join(server.config.DATA_DIR, "outbox");
    let message = await readLatestOutboxMessage({ dir, to: "eml.reader@example.com" });
    for (let waited = 0; !message && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      message = await readLatestOutboxMessage({ dir, to: "eml.reader@example.com" });
    }
    expect(message).toBeDefined();
    expect(path.basename(message?.path ?? "")).toMatch(/^\d{8}T\d{9}Z--eml\.reader@example\.com--[0-9a-f-]{36}\.eml$/);
    expect(message?.to.toLowerCase()).toBe("eml.reader@example.com");
    expect(message?.links.some((link) => link.startsWith("http://localhost:3000/confirm-email/"))).toBe(true);
    expect(fs.readdirSync(dir).some((name) => name.endsWith(".partial"))).toBe(false);
    const [row] = await server.context.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "send_email"), sql`${jobs.payload}->>'to' = 'Eml.Reader@Example.com'`));
    expect(deliveryReferenceOf(row)).toBe(message?.path);
  });
});

describe("the mail worker in the server process", () => {
  it("is started by startServer and stopped when the server closes", async () => {
    const dataDir = temporaryDataDir();
    const config = testConfig({ DATA_DIR: dataDir, JOBS_POLL_INTERVAL_MS: "100" });
    const running = await startServer(config, { database, logger: false });
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await running.close();
    });
    const response = await fetch(`${running.url}/api/v1/users/forgot_password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: { email: (await createTestUser(database.db)).email } }),
    });
    expect(response.status).toBe(200);
    let files: string[] = [];
    for (let waited = 0; files.length === 0 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      files = fs.existsSync(path.join(dataDir, "outbox")) ? fs.readdirSync(path.join(dataDir, "outbox")) : [];
    }
    expect(files).toHaveLength(1);
    await running.close();
    closed = true;

    // After close nothing polls any more: a queued e-mail stays queued.
    await enqueueEmail({
      db: database.db,
      message: { kind: "test", to: "after-close@example.com", subject: "Later", text: "later", html: "<p>later</p>" },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.readdirSync(path.join(dataDir, "outbox"))).toHaveLength(1);
  });
});
