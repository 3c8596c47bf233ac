import { randomUUID } from "node:crypto";
import { ERROR_CODES, errorResponseSchema } from "@threadfolk/contract/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist } from "../../../test/factories/catalogue.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { createOperatorSession } from "../../../test/operators.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import type { RouteEntry } from "../../http/route-table.ts";
import { ADMIN_PREFIX } from "./admin-plugin.ts";

/**
 * The admin authorisation sweep (issue 28, deliverable 3). It reads the server's own route table, so every route
 * registered under /api/v1/admin is covered the day it is added: no credentials answer 401; a customer's, an
 * artist's and a guest's token 403; and with an operator session, bad input (wrong types, lone surrogates, unknown
 * fields, malformed bodies and parameters) answers a 4xx in the API's error shape, never a 2xx or a 5xx.
 */

type Reply = { status: number; contentType: string; text: string; body: unknown };
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

let server: TestServer;
let adminRoutes: RouteEntry[];
const tokens: Record<"customer" | "artist" | "guest", string> = { customer: "", artist: "", guest: "" };
let operatorCookie = "";
let nextAddress = 0;

beforeAll(async () => {
  server = await getTestServer({ env: { TRUST_PROXY: "true" } });
  const { db } = server.database;
  const customer = await createTestUser(db);
  const artistUser = await createTestUser(db);
  await buildArtist(db, { userId: artistUser.id });
  tokens.customer = (await signIn(server, customer.email, customer.password)).access_token;
  tokens.artist = (await signIn(server, artistUser.email, artistUser.password)).access_token;
  tokens.guest = (await obtainGuestTokens(server)).access_token;
  operatorCookie = (await createOperatorSession(server)).cookie;
  adminRoutes = server.routes.filter(
    (route) => (route.url === ADMIN_PREFIX || route.url.startsWith(`${ADMIN_PREFIX}/`)) && route.method !== "HEAD",
  );
});

afterAll(async () => {
  await server?.close();
});

async function send(
  method: string,
  path: string,
  options: { token?: string; cookie?: string; body?: string; contentType?: string } = {},
): Promise<Reply> {
  const address = nextAddress++;
  const headers: Record<string, string> = { "x-forwarded-for": `10.9.${(address >> 8) & 255}.${address & 255}` };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = options.contentType ?? "application/json";
  const response = await fetch(`${server.url}${path}`, { method, headers, body: options.body });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", text, body };
}

/** What is wrong with a reply that should be a refusal in the error shape (undefined when it is one). */
function refusalProblem(reply: Reply, expected?: number): string | undefined {
  if (expected !== undefined && reply.status !== expected) return `answered ${reply.status}, not ${expected}`;
  if (reply.status < 400 || reply.status >= 500) return `answered ${reply.status}`;
  if (!reply.contentType.includes("application/json")) return `answered as ${reply.contentType || "nothing"}`;
  const parsed = errorResponseSchema.safeParse(reply.body);
  if (!parsed.success) return "not the error shape";
  return ERROR_CODES[parsed.data.error.code] === reply.status ? undefined : "a code that does not go with its status";
}

function fill(url: string, value: (name: string) => string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => value(name)).replace("*", value("*"));
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
}

const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

const LONE_SURROGATE_JSON = '"\\ud800"';
const BAD_PARAMS = ["abc", "-1", "1.5", "99999999999999999999", "%00", "%ED%A0%80", "%zz", "a".repeat(600)];
const BAD_QUERIES = ["unknown_field=1", "page=abc", "page=-1", "page[]=1", "%00=1", "page=1&page=2", "q=%ED%A0%80"];
const BAD_BODIES: Array<{ label: string; body?: string; contentType?: string }> = [
  { label: "no body" },
  { label: "JSON null", body: "null" },
  { label: "JSON array", body: "[]" },
  { label: "JSON text", body: '"text"' },
  { label: "malformed JSON", body: "{" },
  { label: "unknown field", body: '{"unknown_field":1}' },
  { label: "lone surrogate in an unknown field", body: `{"unknown_field":${LONE_SURROGATE_JSON}}` },
  { label: "text/plain", body: "hello", contentType: "text/plain" },
];
/** Values put in place of each field the route's own validation names. */
const FIELD_VALUES: Json[] = [null, [], {}, -1, 1.5, true, "", "\ud800", "a\udc00b", "x".repeat(100_000)];

/**
 * The fields a route's body validation names when sent `{}` (one level: enough to reach every top field). Asked
 * with a session of its own: `{}` may be all a route needs (sign-out).
 */
async function fieldsOf(method: string, path: string): Promise<string[]> {
  const { cookie } = await createOperatorSession(server);
  const reply = await send(method, path, { cookie, body: "{}" });
  if (reply.status !== 422) return [];
  const details = (reply.body as { error?: { details?: Array<{ field?: string }> } }).error?.details ?? [];
  return [...new Set(details.map((detail) => detail.field ?? "").filter((field) => field && field !== "body"))];
}

describe("the admin authorisation sweep", () => {
  it("finds the admin routes in the route table", () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(3);
    expect(adminRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        "GET /api/v1/admin/session",
        "POST /api/v1/admin/session/sign_out",
        "GET /api/v1/admin/audit_log",
      ]),
    );
  });

  it("answers 401 without credentials and 403 to customers, artists and guests, on every admin route", async () => {
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const path = fill(route.url, () => randomUUID());
      const body = hasBody(route.method) ? "{}" : undefined;
      const checks: Array<[string, Promise<Reply>, number]> = [
        ["no credentials", send(route.method, path, { body }), 401],
        ["customer", send(route.method, path, { token: tokens.customer, body }), 403],
        ["artist", send(route.method, path, { token: tokens.artist, body }), 403],
        ["guest", send(route.method, path, { token: tokens.guest, body }), 403],
        ["stale operator cookie", send(route.method, path, { cookie: "tf_operator=not-a-session", body }), 401],
      ];
      for (const [who, reply, expected] of checks) {
        const problem = refusalProblem(await reply, expected);
        if (problem) failures.push(`${route.method} ${route.url} [${who}]: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers bad input from an operator with a 4xx in the error shape, on every admin route", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of adminRoutes) {
      const names = paramNames(route.url);
      const paths =
        names.length === 0 ? [route.url] : [fill(route.url, () => "1"), fill(route.url, () => randomUUID())];
      const requests: Array<{ label: string; path: string; body?: string; contentType?: string }> = [];
      for (const name of names) {
        for (const value of BAD_PARAMS) {
          requests.push({
            label: `parameter ${name}=${value.slice(0, 20)}`,
            path: fill(route.url, (other) => (other === name ? value : "1")),
          });
        }
      }
      for (const path of paths) {
        for (const query of BAD_QUERIES) {
          requests.push({
            label: `query ${query}`,
            path: `${path}?${query}`,
          });
        }
        if (!hasBody(route.method)) continue;
        for (const { label, body, contentType } of BAD_BODIES) requests.push({ label, path, body, contentType });
        for (const field of await fieldsOf(route.method, path)) {
          for (const value of FIELD_VALUES) {
            const body = JSON.stringify({ [field]: value }).replace('"\\ud800"', LONE_SURROGATE_JSON);
            requests.push({ label: `field ${field}=${JSON.stringify(value).slice(0, 20)}`, path, body });
          }
        }
      }
      for (const request of requests) {
        sent++;
        const reply = await send(route.method, request.path, {
          cookie: operatorCookie,
          body: request.body,
          contentType: request.contentType,
        });
        const problem = refusalProblem(reply);
        if (problem)
          failures.push(
            `${route.method} ${request.path.slice(0, 120)} [${request.label}]: ${problem}: ${reply.text.slice(0, 200)}`,
          );
      }
    }
    // The operator's session outlived the battery: nothing in it signed the operator out.
    expect((await send("GET", `${ADMIN_PREFIX}/session`, { cookie: operatorCookie })).status).toBe(200);
    expect(sent).toBeGreaterThan(adminRoutes.length * 5);
    expect(failures).toEqual([]);
  });
});
