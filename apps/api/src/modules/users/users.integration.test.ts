import { NAME_MAX_LENGTH } from "@threadfolk/contract/limits";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "../../../test/factories/users.ts";
import { requestToken, signIn } from "../../../test/oauth-client.ts";
import { deliverAndReadLatestEmail, temporaryDataDir, tokenFromLink } from "../../../test/outbox.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { jobs, oneTimeTokens, users } from "../../db/schema/index.ts";
import { hashToken } from "../auth/token-crypto.ts";

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await getTestServer({ env: { DATA_DIR: temporaryDataDir(), BRAND_NAME: "Threadfolk Test" } });
});

afterAll(async () => {
  await server.close();
});

function signUpPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `new.person${counter}@example.com`,
    password: "s3cret-pass",
    confirm_password: "s3cret-pass",
    first_name: "Grace",
    last_name: "Hopper",
    username: `grace_${counter}x`,
    ...overrides,
  };
}

function signUp(user: unknown) {
  return server.request("/api/v1/users", { method: "POST", body: { user } });
}

describe("POST /api/v1/users", () => {
  it("creates an unconfirmed account and e-mails a confirmation link that confirms it", async () => {
    const payload = signUpPayload({ email: "Grace.H@Example.com", username: "Grace-H_1" });
    const response = await signUp(payload);
    expect(response.status).toBe(201);
    expect(response.body.data.type).toBe("user");
    expect(response.body.data.attributes).toEqual({
      email: "Grace.H@Example.com",
      first_name: "Grace",
      last_name: "Hopper",
      username: "Grace-H_1",
      unique_username: "grace-h_1",
      email_confirmed: false,
    });
    expect(JSON.stringify(response.body)).not.toContain("password");

    const [stored] = await server.context.db.select().from(users).where(eq(users.id, response.body.data.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);

    const unconfirmed = await requestToken(server, {
      grant_type: "password",
      email: payload.email,
      password: payload.password,
    });
    expect(unconfirmed.body.message).toBe("unconfirmed");

    const email = await deliverAndReadLatestEmail(server, "Grace.H@Example.com");
    expect(email.subject).toBe("Confirm your email address for Threadfolk Test");
    expect(email.html).toContain('<a href="http://localhost:3000/confirm-email/');
    expect(email.text).toContain("http://localhost:3000/confirm-email/");
    const token = tokenFromLink(email, "/confirm-email/");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [tokenRow] = await server.context.db
      .select({ purpose: oneTimeTokens.purpose })
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect(tokenRow?.purpose).toBe("email_confirmation");

    const confirmed = await server.request("/api/v1/users/confirm_email", {
      method: "POST",
      body: { user: { email_confirmation_token: token } },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.attributes.email_confirmed).toBe(true);

    const tokens = await signIn(server, "grace.h@example.com", payload.password);
    const info = await server.request("/api/v1/user_info", { token: tokens.access_token });
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      favorite_design_uuids: [],
      followed_seller_uuids: [],
      unique_username: "grace-h_1",
      username: "Grace-H_1",
      first_name: "Grace",
      last_name: "Hopper",
      email: "Grace.H@Example.com",
    });

    // A second click on the same link answers kindly; a made-up token does not.
    const again = await server.request("/api/v1/users/confirm_email", {
      method: "POST",
      body: { user: { email_confirmation_token: token } },
    });
    expect(again.status).toBe(200);
    const bogus = await server.request("/api/v1/users/confirm_email", {
      method: "POST",
      body: { user: { email_confirmation_token: "x".repeat(43) } },
    });
    expect(bogus.status).toBe(422);
    expect(bogus.body.error.details[0].field).toBe("user.email_confirmation_token");
  });

  it("refuses an expired confirmation link", async () => {
    const payload = signUpPayload();
    expect((await signUp(payload)).status).toBe(201);
    const token = tokenFromLink(await deliverAndReadLatestEmail(server, payload.email), "/confirm-email/");
    await server.context.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const response = await server.request("/api/v1/users/confirm_email", {
      method: "POST",
      body: { user: { email_confirmation_token: token } },
    });
    expect(response.status).toBe(422);
  });

  it("answers a registered e-mail as it answers a new one, and tells the address's owner instead", async () => {
    const existing = await createTestUser(server.context.db, {
      email: "taken@example.com",
      username: "TakenName",
      firstName: "Ada",
    });
    const fresh = await signUp(signUpPayload({ email: "not.taken.yet@example.com" }));
    const duplicate = await signUp(signUpPayload({ email: "TAKEN@Example.COM" }));
    expect(duplicate.status).toBe(fresh.status);
    expect(duplicate.status).toBe(201);
    // The same shape, field for field: nothing in the reply says which address was registered.
    const shapeOf = (body: unknown): unknown =>
      body && typeof body === "object"
        ? Object.fromEntries(Object.entries(body).map(([key, value]) => [key, shapeOf(value)]))
        : typeof body;
    expect(shapeOf(duplicate.body)).toEqual(shapeOf(fresh.body));
    expect(duplicate.body.data.attributes).toMatchObject({ email: "TAKEN@Example.COM", email_confirmed: false });
    // Nothing was stored, and the account that exists is untouched.
    const stored = await server.context.db.select().from(users).where(sql`lower(${users.email}) = 'taken@example.com'`);
    expect(stored.map((row) => row.id)).toEqual([existing.id]);
    expect(stored[0]?.passwordHash).toBe(existing.passwordHash);
    const [ghost] = await server.context.db.select().from(users).where(eq(users.id, duplicate.body.data.id));
    expect(ghost).toBeUndefined();

    const notice = await deliverAndReadLatestEmail(server, existing.email);
    expect(notice.subject).toBe("Someone tried to create a Threadfolk Test account with your email");
    expect(notice.text).toContain("Hi Ada,");
    expect(notice.text).toContain("no new account was made");
    expect(notice.links.some((link) => link.includes("/confirm-email/"))).toBe(false);
  });

  it("still refuses a username already taken, in any case (usernames are public)", async () => {
    const existing = await createTestUser(server.context.db, { username: "TakenTwice" });
    const duplicateUsername = await signUp(signUpPayload({ username: "takentwice" }));
    expect(duplicateUsername.status).toBe(422);
    expect(duplicateUsername.body.error.details).toEqual([
      { field: "user.username", message: "Username has already been taken" },
    ]);
    // With the registered e-mail as well, only the username is named.
    const both = await signUp(signUpPayload({ email: existing.email, username: existing.username }));
    expect(both.status).toBe(422);
    expect(both.body.error.details).toEqual([{ field: "user.username", message: "Username has already been taken" }]);
  });

  it("lets exactly one of two simultaneous sign-ups with one e-mail create an account; both answer 201", async () => {
    const results = await Promise.all([
      signUp(signUpPayload({ email: "race@example.com" })),
      signUp(signUpPayload({ email: "Race@example.com" })),
    ]);
    expect(results.map((result) => result.status)).toEqual([201, 201]);
    const stored = await server.context.db.select().from(users).where(sql`lower(${users.email}) = 'race@example.com'`);
    expect(stored).toHaveLength(1);
    expect(results.map((result) => result.body.data.id)).toContain(stored[0]?.id);
  });

  it.each([
    ["email missing", { email: undefined }, "user.email", "Email is required"],
    ["email empty", { email: "" }, "user.email", "Email is required"],
    ["email invalid", { email: "not-an-email" }, "user.email", "Email is invalid"],
    ["password missing", { password: undefined, confirm_password: undefined }, "user.password", "Password is required"],
    [
      "password short",
      { password: "short1", confirm_password: "short1" },
      "user.password",
      "Password must be 8 to 20 characters",
    ],
    [
      "password long",
      { password: "p".repeat(21), confirm_password: "p".repeat(21) },
      "user.password",
      "Password must be 8 to 20 characters",
    ],
    ["passwords differ", { confirm_password: "different-1" }, "user.confirm_password", "Passwords must match"],
    ["first name missing", { first_name: "  " }, "user.first_name", "First Name is required"],
    ["last name missing", { last_name: undefined }, "user.last_name", "Last Name is required"],
    ["username missing", { username: "" }, "user.username", "Username is required"],
    ["username short", { username: "abcd" }, "user.username", "Username must be 5 to 20 characters"],
    ["username long", { username: "a".repeat(21) }, "user.username", "Username must be 5 to 20 characters"],
    [
      "username characters",
      { username: "bad name!" },
      "user.username",
      "Username may only use letters, digits, _ or -",
    ],
    ["unknown field", { admin: true }, "user.admin", "Unknown field"],
  ])("rejects a sign-up with %s", async (_name, overrides, field, message) => {
    const response = await signUp(signUpPayload(overrides));
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("validation_failed");
    expect(response.body.error.details).toContainEqual({ field, message });
  });

  it("refuses a huge name at the edge, so no oversized confirmation e-mail is ever written", async () => {
    const huge = signUpPayload({ first_name: "A".repeat(900_000), last_name: "B".repeat(60) });
    const response = await signUp(huge);
    expect(response.status).toBe(422);
    expect(response.body.error.details).toEqual(
      expect.arrayContaining([
        { field: "user.first_name", message: "First Name must be at most 50 characters" },
        { field: "user.last_name", message: "Last Name must be at most 50 characters" },
      ]),
    );
    expect(response.text.length).toBeLessThan(2000);
    const mailsTo = async (email: string) =>
      server.context.db
        .select({ html: sql<string>`${jobs.payload}->>'html'`, text: sql<string>`${jobs.payload}->>'text'` })
        .from(jobs)
        .where(sql`${jobs.kind} = 'send_email' and lower(${jobs.payload}->>'to') = lower(${email})`);
    expect(await mailsTo(huge.email)).toEqual([]);
    expect(await server.context.db.select().from(users).where(eq(users.email, huge.email))).toEqual([]);
    // The longest names allowed make an e-mail of ordinary size.
    const longest = signUpPayload({ first_name: "A".repeat(NAME_MAX_LENGTH), last_name: "B".repeat(NAME_MAX_LENGTH) });
    expect((await signUp(longest)).status).toBe(201);
    const [mail] = await mailsTo(longest.email);
    expect(mail?.html).toContain("A".repeat(NAME_MAX_LENGTH));
    expect((mail?.html.length ?? 0) + (mail?.text.length ?? 0)).toBeLessThan(20_000);
  });

  it("rejects malformed and mis-shaped bodies", async () => {
    const malformed = await server.request("/api/v1/users", {
      method: "POST",
      rawBody: '{"user": {',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("malformed_json");
    const noBody = await server.request("/api/v1/users", { method: "POST" });
    expect(noBody.status).toBe(400);
    const unwrapped = await server.request("/api/v1/users", { method: "POST", body: signUpPayload() });
    expect(unwrapped.status).toBe(422);
    const notObject = await signUp("a string");
    expect(notObject.status).toBe(422);
  });
});

describe("password reset", () => {
  it("answers forgot_password the same whether or not the e-mail exists, and mails only real accounts", async () => {
    const user = await createTestUser(server.context.db);
    const known = await server.request("/api/v1/users/forgot_password", {
      method: "POST",
      body: { user: { email: user.email.toUpperCase() } },
    });
    const unknown = await server.request("/api/v1/users/forgot_password", {
      method: "POST",
      body: { user: { email: "no-such-person@example.com" } },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: "Password reset instructions sent" });
    const queued = await server.context.db
      .select({ to: sql<string>`${jobs.payload}->>'to'`, kind: sql<string>`${jobs.payload}->>'kind'` })
      .from(jobs)
      .where(
        sql`${jobs.kind} = 'send_email' and lower(${jobs.payload}->>'to') in (${user.email.toLowerCase()}, 'no-such-person@example.com')`,
      );
    expect(queued).toEqual([{ to: user.email, kind: "password_reset" }]);

    const invalid = await server.request("/api/v1/users/forgot_password", {
      method: "POST",
      body: { user: { email: "x" } },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.details).toContainEqual({ field: "user.email", message: "Email is invalid" });
  });

  it("resets the password with the e-mailed link, once, and revokes the user's other sessions", async () => {
    const user = await createTestUser(server.context.db);
    const sessionA = await signIn(server, user.email, user.password);
    const sessionB = await signIn(server, user.email, user.password);
    await server.request("/api/v1/users/forgot_password", { method: "POST", body: { user: { email: user.email } } });
    const email = await deliverAndReadLatestEmail(server, user.email);
    expect(email.subject).toBe("Reset your Threadfolk Test password");
    expect(email.html).toContain("http://localhost:3000/reset-password/");
    const token = tokenFromLink(email, "/reset-password/");

    const mismatch = await server.request("/api/v1/users/reset_password", {
      method: "POST",
      body: { user: { reset_password_token: token, password: "brand-new-pass", confirm_password: "other-pass-1" } },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.details).toContainEqual({
      field: "user.confirm_password",
      message: "Passwords must match",
    });

    const reset = await server.request("/api/v1/users/reset_password", {
      method: "POST",
      body: { user: { reset_password_token: token, password: "brand-new-pass", confirm_password: "brand-new-pass" } },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.data.attributes.email).toBe(user.email);

    for (const session of [sessionA, sessionB]) {
      expect((await server.request("/api/v1/user_info", { token: session.access_token })).status).toBe(401);
      const refreshed = await requestToken(server, {
        grant_type: "refresh_token",
        refresh_token: session.refresh_token,
      });
      expect(refreshed.status).toBe(400);
    }
    const oldPassword = await requestToken(server, {
      grant_type: "password",
      email: user.email,
      password: user.password,
    });
    expect(oldPassword.body.error).toBe("invalid_grant");
    await signIn(server, user.email, "brand-new-pass");

    const reused = await server.request("/api/v1/users/reset_password", {
      method: "POST",
      body: { user: { reset_password_token: token, password: "another-pass-1", confirm_password: "another-pass-1" } },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error.details[0].field).toBe("user.reset_password_token");
  });

  it("refuses an expired reset link and confirms the e-mail of an unconfirmed account that resets", async () => {
    const expiredUser = await createTestUser(server.context.db);
    await server.request("/api/v1/users/forgot_password", {
      method: "POST",
      body: { user: { email: expiredUser.email } },
    });
    const expiredToken = tokenFromLink(await deliverAndReadLatestEmail(server, expiredUser.email), "/reset-password/");
    await server.context.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.tokenHash, hashToken(expiredToken)));
    const expired = await server.request("/api/v1/users/reset_password", {
      method: "POST",
      body: {
        user: { reset_password_token: expiredToken, password: "brand-new-pass", confirm_password: "brand-new-pass" },
      },
    });
    expect(expired.status).toBe(422);

    const unconfirmed = await createTestUser(server.context.db, { confirmed: false });
    await server.request("/api/v1/users/forgot_password", {
      method: "POST",
      body: { user: { email: unconfirmed.email } },
    });
    const token = tokenFromLink(await deliverAndReadLatestEmail(server, unconfirmed.email), "/reset-password/");
    const reset = await server.request("/api/v1/users/reset_password", {
      method: "POST",
      body: { user: { reset_password_token: token, password: "brand-new-pass", confirm_password: "brand-new-pass" } },
    });
    expect(reset.status).toBe(200);
    await signIn(server, unconfirmed.email, "brand-new-pass");
  });

  it("lets only the newest reset link work", async () => {
    const user = await createTestUser(server.context.db);
    await server.request("/api/v1/users/forgot_password", { method: "POST", body: { user: { email: user.email } } });
    const first = tokenFromLink(await deliverAndReadLatestEmail(server, user.email), "/reset-password/");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await server.request("/api/v1/users/forgot_password", { method: "POST", body: { user: { email: user.email } } });
    const second = tokenFromLink(await deliverAndReadLatestEmail(server, user.email), "/reset-password/");
    expect(second).not.toBe(first);
    const withFirst = await server.request("/api/v1/users/reset_password", {
      method: "POST",
      body: { user: { reset_password_token: first, password: "brand-new-pass", confirm_password: "brand-new-pass" } },
    });
    expect(withFirst.status).toBe(422);
  });
});
