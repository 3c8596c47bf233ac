import fs from "node:fs/promises";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

/**
 * Account helpers for the specs: unique identities, the server's .eml outbox, and sign-up and sign-in over
 * HTTP for tests that are not about those screens.
 */

type ClientCredentials = { client_id: string; client_secret: string };
let client: ClientCredentials | undefined;

/** The OAuth client credentials the server gives the web app (its `app-config` meta tag). */
async function clientCredentials(request: APIRequestContext): Promise<ClientCredentials> {
  if (client) return client;
  const html = await (await request.get("/")).text();
  const content = /<meta name="app-config" content="([^"]*)"/.exec(html)?.[1];
  if (!content) throw new Error("The page has no app-config meta tag");
  const config = JSON.parse(
    content
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  ) as {
    oauthClientId: string;
    oauthClientSecret: string;
  };
  client = { client_id: config.oauthClientId, client_secret: config.oauthClientSecret };
  return client;
}

export const PASSWORD = "Sturdy-pass1";

export type Identity = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  username: string;
};

/** A new identity: unique e-mail and username per call, so rate limits per e-mail never meet. */
export function newIdentity(label = "user"): Identity {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    email: `${label}-${unique}@example.test`,
    password: PASSWORD,
    firstName: "Ada",
    lastName: "Lovelace",
    username: `u${unique}`.slice(0, 20),
  };
}

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (global-setup.ts sets it)");
  return path.join(dataDir, "outbox");
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const source = value.replace(/=\r?\n/g, "");
  for (let index = 0; index < source.length; index++) {
    const hex = source.slice(index + 1, index + 3);
    if (source[index] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(source[index] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The decoded bodies of a MIME message (quoted-printable and base64 parts), joined. */
export function decodeEml(raw: string): string {
  const normalized = raw.replace(/\r\n/g, "\n");
  const boundary = /boundary="?([^";\n]+)"?/i.exec(normalized)?.[1];
  const parts = boundary ? normalized.split(`--${boundary}`).slice(1) : [normalized];
  return parts
    .map((part) => {
      const headerEnd = part.indexOf("\n\n");
      if (headerEnd < 0) return "";
      const headers = part.slice(0, headerEnd);
      const body = part.slice(headerEnd + 2);
      const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
      if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
      return body;
    })
    .join("\n");
}

/**
 * Waits for the newest e-mail to `email` holding a link to `/{kind}/{token}` and returns that link's path.
 * The outbox files are `{timestamp}--{recipient lowercased}--{id}.eml`; the mail worker polls every 2 s.
 */
export async function waitForEmailLink(
  email: string,
  kind: "confirm-email" | "reset-password" | "confirm-payout-email",
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const recipient = email.toLowerCase();
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const pattern = new RegExp(`https?://[^/\\s"]+(/${kind}/[A-Za-z0-9_-]+)`);
  while (Date.now() < deadline) {
    const names = await fs.readdir(outboxDir()).catch(() => [] as string[]);
    const candidates = names
      .filter((name) => name.endsWith(".eml") && name.split("--")[1] === recipient)
      .sort()
      .reverse();
    for (const name of candidates) {
      const filePath = path.join(outboxDir(), name);
      if (options.after && (await fs.stat(filePath)).mtimeMs < options.after) continue;
      const match = pattern.exec(decodeEml(await fs.readFile(filePath, "utf8")));
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No ${kind} e-mail to ${email} arrived in the outbox`);
}

/**
 * Waits for the newest e-mail to `email` whose decoded text matches `pattern` (e.g. an order number) and
 * returns that text; the mail worker polls every 2 s.
 */
export async function waitForEmailMatching(
  email: string,
  pattern: RegExp,
  options: { timeoutMs?: number } = {},
): Promise<string> {
  const recipient = email.toLowerCase();
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    const names = await fs.readdir(outboxDir()).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith(".eml") && file.split("--")[1] === recipient)) {
      const text = decodeEml(await fs.readFile(path.join(outboxDir(), name), "utf8"));
      if (pattern.test(text)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No e-mail to ${email} matching ${pattern} arrived in the outbox`);
}

/** Creates an account over HTTP (not confirmed). */
export async function signUpOverHttp(request: APIRequestContext, identity: Identity): Promise<void> {
  const response = await request.post("/api/v1/users", {
    data: {
      user: {
        email: identity.email,
        password: identity.password,
        confirm_password: identity.password,
        first_name: identity.firstName,
        last_name: identity.lastName,
        username: identity.username,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Creates an account and confirms it with the link of its confirmation e-mail. */
export async function createConfirmedAccount(request: APIRequestContext, label = "user"): Promise<Identity> {
  const identity = newIdentity(label);
  await signUpOverHttp(request, identity);
  const link = await waitForEmailLink(identity.email, "confirm-email");
  const token = link.split("/").at(-1);
  const response = await request.post("/api/v1/users/confirm_email", {
    data: { user: { email_confirmation_token: token } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return identity;
}

export type Tokens = { access_token: string; refresh_token: string; expires_in: number };

/** Signs in over HTTP (password grant) and returns the token response. */
export async function signInOverHttp(request: APIRequestContext, identity: Identity): Promise<Tokens> {
  const response = await request.post("/oauth/token", {
    data: {
      grant_type: "password",
      email: identity.email,
      password: identity.password,
      ...(await clientCredentials(request)),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Tokens;
}

/**
 * Puts a signed-in session into the page's storage before the app starts, once per tab (so a later logout
 * is not undone by the next navigation): the refresh token and flag in local storage, the access token in
 * the tab's session storage, as the app itself stores them.
 */
export async function seedSignedInStorage(page: Page, tokens: Tokens): Promise<void> {
  await page.addInitScript((seed) => {
    if (window.sessionStorage.getItem("e2e-seeded")) return;
    window.sessionStorage.setItem("e2e-seeded", "1");
    window.localStorage.setItem("refreshToken", seed.refresh_token);
    window.localStorage.setItem("signedIn", "true");
    window.sessionStorage.setItem("accessToken", seed.access_token);
    window.sessionStorage.setItem("accessTokenExpiresAt", String(Date.now() + seed.expires_in * 1000));
  }, tokens);
}

/** Fixtures: `account` is a confirmed account; `signedIn` also signs the page in (over HTTP) before the test. */
export const test = base.extend<{ account: Identity; signedIn: Identity }>({
  account: async ({ request }, use) => {
    await use(await createConfirmedAccount(request));
  },
  signedIn: async ({ request, page, account }, use) => {
    await seedSignedInStorage(page, await signInOverHttp(request, account));
    await use(account);
  },
});

/** Revokes a session over HTTP (as another tab's logout or a password reset elsewhere would). */
export async function revokeOverHttp(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post("/oauth/revoke", { data: { token, ...(await clientCredentials(request)) } });
  expect(response.status(), await response.text()).toBe(200);
}

export { expect };
