import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, type BrowserContext, test as base, expect } from "@playwright/test";
import { generate } from "otplib";

/**
 * Operators for the specs (issue 28, decision 071). Operators are made only by `npm run operator:create`: global
 * setup runs it before the server starts (the embedded database is then the server's alone) and keeps each
 * single-use set-up link in a file; `claimOperatorSetupLink()` takes one (a rename: two workers never get the
 * same). `setUpOperatorOverHttp` finishes set-up through the API with a TOTP code computed from the secret, and
 * the `operator` fixture puts that session's cookie in the browser, so a spec starts on /admin signed in.
 */

export const OPERATOR_PASSWORD = "Operator-pass1";

function operatorsDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (global-setup.ts sets it)");
  return path.join(dataDir, "e2e-operators");
}

/** An unused set-up link made by `operator:create`, and its operator's e-mail. */
export function claimOperatorSetupLink(): { email: string; link: string } {
  const available = path.join(operatorsDir(), "available");
  for (const name of fs.readdirSync(available).sort()) {
    const claimed = path.join(operatorsDir(), "claimed", `${name}.${process.pid}`);
    try {
      fs.renameSync(path.join(available, name), claimed);
    } catch {
      continue; // Another worker took it first.
    }
    return JSON.parse(fs.readFileSync(claimed, "utf8")) as { email: string; link: string };
  }
  throw new Error("No operator set-up links left: raise OPERATORS in e2e/global-setup.ts");
}

/** The set-up link's token. */
export function setupToken(link: string): string {
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

export type SignedInOperator = {
  email: string;
  password: string;
  /** The TOTP secret (base32): `generate({ secret })` from otplib gives the current code. */
  secret: string;
  recoveryCodes: string[];
  /** The session cookie's value (tf_operator). */
  sessionToken: string;
};

/** Sets a claimed operator up over HTTP (password, TOTP confirmed with a generated code): signed in. */
export async function setUpOperatorOverHttp(request: APIRequestContext): Promise<SignedInOperator> {
  const { email, link } = claimOperatorSetupLink();
  const token = setupToken(link);
  const begin = await request.post("/api/v1/operator_setup", { data: { token } });
  expect(begin.status(), await begin.text()).toBe(200);
  const { secret } = (await begin.json()).data as { secret: string };
  const complete = await request.post("/api/v1/operator_setup/completion", {
    data: { token, password: OPERATOR_PASSWORD, confirm_password: OPERATOR_PASSWORD, code: await generate({ secret }) },
  });
  expect(complete.status(), await complete.text()).toBe(200);
  const sessionToken = /tf_operator=([^;]+)/.exec(complete.headers()["set-cookie"] ?? "")?.[1];
  if (!sessionToken) throw new Error("Set-up set no operator session cookie");
  const { recovery_codes: recoveryCodes } = (await complete.json()).data as { recovery_codes: string[] };
  return { email, password: OPERATOR_PASSWORD, secret, recoveryCodes, sessionToken };
}

/** Puts an operator session into the browser context (the cookie the sign-in sets: HttpOnly, /api/v1/admin). */
export async function addOperatorCookie(context: BrowserContext, sessionToken: string): Promise<void> {
  const baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) throw new Error("E2E_BASE_URL is not set (global-setup.ts sets it)");
  const { hostname } = new URL(baseUrl);
  await context.addCookies([
    {
      name: "tf_operator",
      value: sessionToken,
      domain: hostname,
      path: "/api/v1/admin",
      httpOnly: true,
      secure: false,
      sameSite: "Strict",
    },
  ]);
}

/**
 * `test` with `operator`: an operator set up and signed in over HTTP, its session cookie already in the page's
 * browser context. `await page.goto("/admin")` opens the console signed in.
 */
export const test = base.extend<{ operator: SignedInOperator }>({
  operator: async ({ request, context }, use) => {
    const operator = await setUpOperatorOverHttp(request);
    await addOperatorCookie(context, operator.sessionToken);
    await use(operator);
  },
});

export { expect };
