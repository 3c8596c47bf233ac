import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { ERROR_CODES, type ErrorCode, errorResponseSchema } from "@threadfolk/contract/errors";
import { CLIENT_ROUTES, STATIC_PAGES } from "@threadfolk/contract/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildCollectionItem, buildDesign } from "../../test/factories/catalogue.ts";
import { createTestUser } from "../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../test/test-server.ts";
import type { RouteEntry } from "./route-table.ts";

/**
 * The bad-input sweep (issue 10, deliverable 8). It reads the server's own route table and sends every route,
 * every method, a battery of bad input, with each kind of token; it asserts that nothing answers a 5xx, that
 * every 4xx is the JSON error shape (RFC 6749's under /oauth), and that no body shows a stack trace or SQL.
 * Nothing here names a route of the API: a route added later is swept the day it is registered. Its path
 * parameters come from its pattern; its body's fields are learnt from its own 422 replies.
 */

type TokenKind = "none" | "guest" | "customer" | "artist";
const TOKEN_KINDS: TokenKind[] = ["none", "guest", "customer", "artist"];

type SweepRoute = RouteEntry & {
  /** A page of the web app (served as HTML by the not-found handler), not an entry of the route table. */
  isPage: boolean;
};
type SweepRequest = {
  method: string;
  path: string;
  token: TokenKind;
  /** Which part of the battery this is, for the failure report. */
  label: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};
type SweepResponse = { status: number; contentType: string; text: string };
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Values for a path parameter: numbers out of range or not numbers, malformed uuids, bad escapes, NUL, long. */
const PARAM_VALUES = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "2147483648",
  "99999999999999999999",
  "abc",
  "null",
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
  "%00",
  "a%00b",
  "%zz",
  "%E0%A4%A",
  "%ED%A0%80",
  "%F0%9F%98%80",
  "%20",
  "'%20OR%20'1'%3D'1",
  "%3Cscript%3E",
  "..%2F..%2Fetc%2Fpasswd",
  "a".repeat(480),
  "a".repeat(600),
];

/** Extra values for a wildcard parameter (the media keys): ways out of the storage directory. */
const TRAVERSAL_VALUES = [
  "../../../../etc/passwd",
  "designs/../../../../etc/passwd",
  "..%2F..%2F..%2F..%2Fetc%2Fpasswd",
  "%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "%252e%252e/%252e%252e/etc/passwd",
  "....//....//....//etc/passwd",
  "/etc/passwd",
  "..%5C..%5C..%5Cwindows%5Cwin.ini",
  "designs/%00/artwork.png",
  "designs/x/artwork.png%00.webp",
];

/** Values for a query parameter (sent raw, already escaped where needed). */
const QUERY_VALUES = ["%00", "a%00b", "", "-1", "0", "abc", "1.5", "99999999999999999999", "%zz", "x".repeat(5000)];

/** Whole query strings that are wrong in their structure rather than in one value. */
const QUERY_STRINGS = [
  "page=1&page=2",
  "page[]=1",
  "query[]=a&query[]=b",
  "__proto__[polluted]=1",
  "constructor[prototype][polluted]=1",
  "%00=1",
  "unknown_parameter=1",
  "a=1&".repeat(2000),
  `query=${"q".repeat(9000)}`,
];

const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const deepArray = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

/** Bodies that are wrong as a whole: empty, not an object, malformed, too deep, poisoned, too big, mislabelled. */
function rawBodies(bodyLimit: number): Array<{ label: string; body?: string | Buffer; contentType?: string }> {
  const json = "application/json";
  return [
    { label: "no body" },
    { label: "empty JSON body", body: "", contentType: json },
    ...["null", "[]", "0", '"text"', "true", "{}", "[{}]", "-1"].map((body) => ({
      label: `JSON ${body}`,
      body,
      contentType: json,
    })),
    ...["{", '{"a":}', "{'a':1}", '{"a":1}garbage', '{"a":1,}', "\uFEFF{}", "NaN"].map((body) => ({
      label: `malformed JSON ${body}`,
      body,
      contentType: json,
    })),
    { label: "deep object", body: deepObject(5000), contentType: json },
    { label: "deep array", body: deepArray(10_000), contentType: json },
    { label: "proto poisoning", body: '{"__proto__":{"polluted":true}}', contentType: json },
    { label: "constructor poisoning", body: '{"constructor":{"prototype":{"polluted":true}}}', contentType: json },
    {
      label: "invalid UTF-8",
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      contentType: json,
    },
    { label: "text/plain", body: "hello", contentType: "text/plain" },
    { label: "xml", body: "<a>1</a>", contentType: "application/xml" },
    { label: "multipart", body: "--x\r\n\r\nvalue\r\n--x--", contentType: "multipart/form-data; boundary=x" },
    { label: "form", body: "a=b&c[d]=e&%00=1", contentType: "application/x-www-form-urlencoded" },
    { label: "octet-stream", body: randomBytes(64), contentType: "application/octet-stream" },
    { label: "JSON without content type", body: '{"a":1}' },
    { label: "JSON as UTF-16", body: '{"a":1}', contentType: "application/json; charset=utf-16" },
    { label: "oversize body", body: JSON.stringify({ a: "x".repeat(bodyLimit) }), contentType: json },
  ];
}

/** Values put in place of one field the route's validation named. */
const FIELD_VALUES: Json[] = [
  null,
  [],
  {},
  0,
  -1,
  1.5,
  2 ** 53,
  -1e20,
  true,
  "",
  "   ",
  "\u0000",
  "a\u0000b",
  "x".repeat(100_000),
  "\ud800",
  "a\udc00b",
  "😀",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  "../../etc/passwd",
  JSON.parse(deepArray(30)) as Json,
];
/** UTF-16 surrogates standing alone: high, low, a low before a pair, and a high that ends the text. */
const LONE_SURROGATES = ["\ud800", "\udfff", "\udc00\ud83d\ude00", "\ud83d"];

/** Values put in place of an object the route's validation named (arrays for objects, and so on). */
const CONTAINER_VALUES: Json[] = [[], [{}], "text", 1, null, { unknown_field: 1 }];

/** What must never reach a client: stack frames, source paths, SQL and database errors. */
const LEAK_PATTERNS = [
  /\bat (async )?[\w.$<>[\] ]+ \((file:\/\/)?\/[^)]*:\d+:\d+\)/,
  /node_modules[\\/]/,
  /\.(ts|js|mjs|cjs):\d+:\d+/,
  /\bselect\b[\s\S]{1,200}?\bfrom\s+"?[a-z_]+"?/i,
  /\binsert into\b|\bdelete from\b|\bupdate\s+"?[a-z_]+"?\s+set\b/i,
  /syntax error at or near|violates [\w-]+ constraint|invalid byte sequence|duplicate key value|SQLSTATE/i,
  /relation "[^"]+" does not exist|column "[^"]+" does not exist/i,
  /Maximum call stack|\b(RangeError|TypeError|ReferenceError)\b/,
];

/**
 * Protocol headers that ask a route for something it may not do, each with bodies that are not what the
 * protocol sends: PayPal's webhook signature headers with bodies that are not an event (and values PayPal
 * would refuse to check), tus's creation and extension headers (concatenation, deferred lengths, checksums,
 * a method override). Sent to every route: a route that does not speak the protocol ignores them.
 */
function protocolRequests(): Array<{ label: string; headers: Record<string, string>; body?: string }> {
  const signature = {
    "paypal-auth-algo": "SHA256withRSA",
    "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77",
    "paypal-transmission-id": randomUUID(),
    "paypal-transmission-sig": randomBytes(64).toString("base64"),
    "paypal-transmission-time": new Date().toISOString(),
    "content-type": "application/json",
  };
  const event = JSON.stringify({ id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: { id: "CAP-1" } });
  const notEvents = ["[]", "1", "{}", '{"id":1,"event_type":[]}', '{"id":"WH-1"}', "{"];
  const tus = { "tus-resumable": "1.0.0", "upload-metadata": `purpose ${Buffer.from("artwork").toString("base64")}` };
  return [
    ...notEvents.map((body) => ({ label: `webhook signature, body ${body}`, headers: signature, body })),
    {
      label: "webhook signature, surrogate in the event",
      headers: signature,
      body: '{"id":"\\ud800","event_type":"X"}',
    },
    {
      label: "webhook signature, bad time",
      headers: { ...signature, "paypal-transmission-time": "yesterday" },
      body: event,
    },
    {
      label: "webhook signature, bad algorithm",
      headers: { ...signature, "paypal-auth-algo": "SHA 256" },
      body: event,
    },
    {
      label: "webhook signature, bad certificate",
      headers: { ...signature, "paypal-cert-url": "not a url" },
      body: event,
    },
    { label: "tus Upload-Concat partial", headers: { ...tus, "upload-concat": "partial", "upload-length": "10" } },
    {
      label: "tus Upload-Concat final",
      headers: { ...tus, "upload-concat": "final;/api/v1/uploads/a /api/v1/uploads/b" },
    },
    { label: "tus Upload-Defer-Length", headers: { ...tus, "upload-defer-length": "1" } },
    { label: "tus both lengths", headers: { ...tus, "upload-defer-length": "1", "upload-length": "10" } },
    {
      label: "tus Upload-Checksum",
      headers: { ...tus, "upload-length": "10", "upload-checksum": "sha1 Kq5sNclPz7QV2+lfQIuc6R7oRu0=" },
    },
    { label: "tus method override", headers: { ...tus, "upload-length": "10", "x-http-method-override": "DELETE" } },
    { label: "tus other version", headers: { "tus-resumable": "0.2.2", "upload-length": "10" } },
    {
      label: "tus bad offset",
      headers: { ...tus, "upload-offset": "-1", "content-type": "application/offset+octet-stream" },
      body: "x",
    },
    {
      label: "tus metadata surrogate",
      headers: {
        "tus-resumable": "1.0.0",
        "upload-length": "10",
        "upload-metadata": `purpose ${Buffer.from("\ud800").toString("base64")}`,
      },
    },
  ];
}

/** Requests in flight at once; the database serialises the work, this keeps the sockets busy. */
const CONCURRENCY = 6;
const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

let server: TestServer;
let distDir: string;
const tokens: Record<TokenKind, string | undefined> = { none: undefined, guest: "", customer: "", artist: "" };
/** Real values for path parameters, by parameter name, so that the battery reaches past the lookups. */
const knownParams: Record<string, string> = {};
/**
 * Other real values for a parameter name that several routes share (`id`: a collection, an upload): a route
 * takes the first value it does not answer 404 to (see `chooseParams`).
 */
const otherKnownParams: Record<string, string[]> = {};
let agent: http.Agent;
let sent = 0;
let nextAddress = 0;
let uniqueCounter = 0;
const failures: string[] = [];

beforeAll(async () => {
  // A small web build, so the static files and the pages are swept with everything else.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), "threadfolk-sweep-web-"));
  fs.mkdirSync(path.join(distDir, "assets"));
  fs.writeFileSync(
    path.join(distDir, "index.html"),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(distDir, "assets", "app-sweep.js"), "export {};\n");
  // Behind a trusted proxy, every request comes from its own address: per-address limits never answer first.
  server = await getTestServer({ env: { WEB_DIST_DIR: distDir, TRUST_PROXY: "true" } });
  agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

  const { db } = server.database;
  const customer = await createTestUser(db);
  const artistUser = await createTestUser(db);
  const artist = await buildArtist(db, { userId: artistUser.id });
  const { design } = await buildDesign(db, { artist });
  await buildCollectionItem(db, { collectionKey: "anime", design });
  tokens.guest = (await obtainGuestTokens(server)).access_token;
  tokens.customer = (await signIn(server, customer.email, customer.password)).access_token;
  tokens.artist = (await signIn(server, artistUser.email, artistUser.password)).access_token;
  const collection = await server.request("/api/v1/customer_profile_design_collections", {
    method: "POST",
    token: tokens.customer,
    body: { display_name: "Swept" },
  });
  // A draft of the artist and an upload in progress of the customer, so that their routes reach their handlers.
  const draft = await server.request("/api/v1/design_drafts", {
    method: "POST",
    token: tokens.artist,
    body: { design_draft: { step: "details", data: { title: "Swept" } } },
  });
  expect(draft.status, draft.text).toBe(201);
  const upload = await server.request("/api/v1/uploads", {
    method: "POST",
    token: tokens.customer,
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": "10",
      "Upload-Metadata": `purpose ${Buffer.from("avatar").toString("base64")}`,
    },
  });
  expect(upload.status, upload.text).toBe(201);
  otherKnownParams.id = [String(upload.headers.get("location")).split("/").at(-1) as string];
  Object.assign(knownParams, {
    draftId: String(draft.body.data.id),
    id: String(collection.body.data.id),
    uuid: design.id,
    artistUuid: artist.id,
    sellerProfileId: artist.id,
    sellerDesignUuid: design.id,
    artistKey: artist.uniqueUsername,
    username: artist.uniqueUsername,
    slug: design.slug,
    defaultColor: "black",
    nameKey: "anime",
    file: "pages-1.xml",
    "*": `designs/${design.id}/watermarked/tee-black-640.webp`,
  });
});

afterAll(async () => {
  agent?.destroy();
  await server?.close();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

function send(request: SweepRequest): Promise<SweepResponse> {
  sent++;
  const address = nextAddress++;
  const headers: Record<string, string> = {
    "x-forwarded-for": `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    ...request.headers,
  };
  const token = tokens[request.token];
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = http.request(
      { host: "127.0.0.1", port: Number(port), method: request.method, path: request.path, headers, agent },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    // The server may answer (413, 431) and close before it has read everything: that is an answer, not a failure.
    outgoing.on("error", (error) => {
      if (!answered) reject(new Error(`${request.method} ${request.path.slice(0, 100)}: ${error.message}`));
    });
    outgoing.end(request.body);
  });
}

/** What is wrong with a 4xx reply, or undefined when it is the error shape the route should answer with. */
function errorShapeProblem(route: SweepRoute, response: SweepResponse): string | undefined {
  // A page the web app does not know is its HTML "not found" page; anything else is a JSON error.
  if (route.isPage && response.contentType.startsWith("text/html")) return undefined;
  if (!response.contentType.includes("application/json")) return `answered as ${response.contentType || "nothing"}`;
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return "a body that is not JSON";
  }
  // The OAuth endpoints answer RFC 6749's shape (decision 005).
  const oauth = body as { error?: unknown; error_description?: unknown };
  if (route.url.startsWith("/oauth/") && typeof oauth.error === "string") {
    return typeof oauth.error_description === "string" ? undefined : "an OAuth error without error_description";
  }
  // The in-app PayPal sandbox stands in for PayPal, so it answers PayPal's error shape (decision 027).
  const paypal = body as { name?: unknown; message?: unknown; debug_id?: unknown };
  const isPayPalShape =
    typeof paypal.name === "string" && typeof paypal.message === "string" && typeof paypal.debug_id === "string";
  if ((route.url.startsWith("/paypal-sandbox/") || route.url === "/paypal-sandbox") && isPayPalShape) return undefined;
  const parsed = errorResponseSchema.safeParse(body);
  if (!parsed.success) return "not the error shape";
  const code: ErrorCode = parsed.data.error.code;
  return ERROR_CODES[code] === response.status ? undefined : `code ${code} does not go with ${response.status}`;
}

function check(route: SweepRoute, request: SweepRequest, response: SweepResponse): void {
  const where = `${request.method} ${request.path.slice(0, 140)} [${request.label}; token: ${request.token}] -> ${response.status}`;
  const excerpt = response.text.slice(0, 300);
  if (response.status >= 500 || response.status < 100) failures.push(`${where}: ${excerpt}`);
  const leak = LEAK_PATTERNS.find((pattern) => pattern.test(response.text));
  if (leak) failures.push(`${where}: the body matches ${leak}: ${excerpt}`);
  if (response.status >= 400 && response.status < 500 && request.method !== "HEAD") {
    const problem = errorShapeProblem(route, response);
    if (problem) failures.push(`${where}: ${problem}: ${excerpt}`);
  }
}

async function sendAll(route: SweepRoute, requests: SweepRequest[]): Promise<SweepResponse[]> {
  const responses: SweepResponse[] = new Array(requests.length);
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index] as SweepRequest;
      try {
        const response = await send(request);
        responses[index] = response;
        check(route, request, response);
      } catch (error) {
        failures.push(
          `${request.method} ${request.path.slice(0, 140)} [${request.label}]: no answer (${String(error)})`,
        );
        responses[index] = { status: 0, contentType: "", text: "" };
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return responses;
}

function paramNames(url: string): string[] {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  return url.includes("*") ? [...names, "*"] : names;
}

/** The route's URL with each parameter replaced by its value (values are sent as they are, already escaped). */
function fillPattern(url: string, values: Record<string, string>): string {
  return url
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_match, name: string) => values[name] ?? "1")
    .replace("*", values["*"] ?? "x");
}

/**
 * The parameter sets the payload classes are sent with: the real values where the parameter is known (so the
 * battery reaches past the lookup), otherwise both a numeric id and a uuid.
 */
function baseParamSets(url: string): Array<Record<string, string>> {
  const names = paramNames(url);
  const unknown = names.filter((name) => !(name in knownParams));
  const known = Object.fromEntries(
    names.filter((name) => name in knownParams).map((name) => [name, knownParams[name] as string]),
  );
  if (unknown.length === 0) return [known];
  return ["1", randomUUID()].map((value) => ({
    ...known,
    ...Object.fromEntries(unknown.map((name) => [name, value])),
  }));
}

function hasBody(method: string): boolean {
  return method !== "GET" && method !== "HEAD";
}

/** Fresh e-mails and usernames for each request, so a body the route accepts is not refused as taken. */
function refreshUnique(value: Json): Json {
  if (typeof value === "string") {
    if (/^sweep-[a-z0-9]+@example\.com$/.test(value)) return `sweep-${(uniqueCounter++).toString(36)}x@example.com`;
    if (/^sweepu[a-z0-9]+$/.test(value)) return `sweepu${(uniqueCounter++).toString(36)}`;
    return value;
  }
  if (Array.isArray(value)) return value.map(refreshUnique);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, refreshUnique(item)]));
  }
  return value;
}

/** Guesses for a field the route's validation named, most likely first, from its name and its message. */
function candidatesFor(name: string, message: string): Json[] {
  const guesses: Json[] = [];
  const option = /expected one of "([^"]+)"/.exec(message)?.[1];
  if (option) guesses.push(option);
  if (/expected object/i.test(message)) guesses.push({});
  if (/expected array|list/i.test(message)) guesses.push([], [{}]);
  if (/empty|too small|at least/i.test(message)) guesses.push([{}]);
  if (/expected number|integer/i.test(message)) guesses.push(1);
  if (/expected boolean|true or false/i.test(message)) guesses.push(true);
  if (/email/i.test(name)) guesses.push("sweep-a@example.com");
  if (/password/i.test(name)) guesses.push("Sweep-pass-1");
  if (/username/i.test(name)) guesses.push("sweepua");
  if (/uuid/i.test(name) || /uuid/i.test(message)) guesses.push(randomUUID());
  if (/(^|_)id$/.test(name)) guesses.push(1, randomUUID());
  if (/_at$/.test(name) || /date/i.test(message)) guesses.push(new Date().toISOString());
  if (/token/i.test(name)) guesses.push(randomBytes(32).toString("base64url"));
  return [...guesses, "sweep", {}, 1, true, []];
}

function setAt(target: Json, segments: string[], value: Json): Json {
  const [head, ...rest] = segments;
  if (head === undefined) return value;
  const isIndex = /^\d+$/.test(head);
  const container: Json = isIndex
    ? Array.isArray(target)
      ? [...target]
      : []
    : target && typeof target === "object" && !Array.isArray(target)
      ? { ...target }
      : {};
  const current = (container as Record<string, Json>)[head] ?? null;
  (container as Record<string, Json>)[head] = setAt(current, rest, value);
  return container;
}

function getAt(target: Json, segments: string[]): Json | undefined {
  let current: Json | undefined = target;
  for (const segment of segments) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, Json>)[segment];
  }
  return current;
}

type BodyShape = { skeleton: Json; leaves: string[][]; containers: string[][] };

/**
 * Learns a route's body from its own 422 replies: starts from `{}`, fills each field the reply names with a
 * guess (the next one when the field is named again) until the route stops answering 422, or gives up after
 * a few rounds. The fields found are the ones the battery then replaces one at a time.
 */
async function discoverBody(route: SweepRoute, token: TokenKind, routePath: string): Promise<BodyShape> {
  let skeleton: Json = {};
  const attempts = new Map<string, number>();
  const seen = new Set<string>();
  for (let round = 0; round < 8; round++) {
    const request: SweepRequest = {
      method: route.method,
      path: routePath,
      token,
      label: `learning the body, round ${round + 1}`,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(refreshUnique(skeleton)),
    };
    const [response] = await sendAll(route, [request]);
    if (response?.status !== 422) break;
    let details: Array<{ field?: string; message?: string }> = [];
    try {
      details = (JSON.parse(response.text) as { error: { details?: typeof details } }).error.details ?? [];
    } catch {
      break;
    }
    let changed = false;
    for (const detail of details) {
      const field = detail.field ?? "";
      if (!field || field === "body" || detail.message === "Unknown field") continue;
      seen.add(field);
      const attempt = attempts.get(field) ?? 0;
      const segments = field.split(".");
      const candidates = candidatesFor(segments.at(-1) ?? "", detail.message ?? "");
      if (attempt >= candidates.length) continue;
      attempts.set(field, attempt + 1);
      skeleton = setAt(skeleton, segments, candidates[attempt] as Json);
      changed = true;
    }
    if (!changed) break;
  }
  const paths = [...seen].map((field) => field.split("."));
  const isContainer = (segments: string[]) =>
    paths.some(
      (other) => other.length > segments.length && segments.every((segment, index) => other[index] === segment),
    );
  return {
    skeleton,
    leaves: paths.filter((segments) => !isContainer(segments)),
    containers: paths.filter(isContainer),
  };
}

/**
 * The known values a route's parameters take: the first set of the shared names' candidates that the route
 * does not answer 404 (asked with the customer's token, the owner of both); a DELETE keeps the first set, so
 * that the question does not delete what it asks about.
 */
async function chooseParams(route: SweepRoute): Promise<Array<Record<string, string>>> {
  const sets = baseParamSets(route.url);
  const shared = paramNames(route.url).filter((name) => name in otherKnownParams);
  if (shared.length === 0 || route.method === "DELETE" || route.isPage) return sets;
  const [first, ...rest] = sets;
  const candidates = [
    first ?? {},
    ...shared.flatMap((name) => (otherKnownParams[name] ?? []).map((value) => ({ ...(first ?? {}), [name]: value }))),
  ];
  for (const candidate of candidates) {
    const [answer] = await sendAll(route, [
      {
        method: route.method,
        path: fillPattern(route.url, candidate),
        token: "customer",
        label: "choosing parameters",
      },
    ]);
    if (answer && answer.status !== 404) return [candidate, ...rest];
  }
  return sets;
}

/** The route's whole battery, payload class by payload class, each class with one of the allowed token kinds. */
async function sweepRoute(route: SweepRoute, routeIndex: number): Promise<void> {
  const names = paramNames(route.url);
  const [firstBase, ...otherBases] = await chooseParams(route);
  const base = firstBase ?? {};
  const basePath = fillPattern(route.url, base);
  const json = { "content-type": "application/json" };

  // Every token kind once; the kinds that get past authentication carry the rest of the battery.
  const baseline = await sendAll(
    route,
    TOKEN_KINDS.map((token) => ({ method: route.method, path: basePath, token, label: "baseline" })),
  );
  const allowed = TOKEN_KINDS.filter((_kind, index) => ![401, 403].includes(baseline[index]?.status ?? 0));
  const kinds = allowed.length > 0 ? allowed : TOKEN_KINDS;
  const tokenFor = (payloadClass: number) => kinds[(routeIndex + payloadClass) % kinds.length] as TokenKind;
  const mainToken = kinds.includes("customer") ? "customer" : (kinds[0] as TokenKind);
  const requests: SweepRequest[] = [];
  // A page's HEAD runs the same not-found handler as its GET, which gets the whole battery.
  if (route.isPage && route.method === "HEAD") return;

  // Class 0: path parameters.
  for (const name of names) {
    const values = name === "*" ? [...PARAM_VALUES, ...TRAVERSAL_VALUES] : PARAM_VALUES;
    for (const value of values) {
      requests.push({
        method: route.method,
        path: fillPattern(route.url, { ...base, [name]: value }),
        token: tokenFor(0),
        label: `parameter ${name}`,
      });
    }
  }

  // Class 1: query strings; the required keys are the ones the route names when it gets none.
  const queryKeys = new Set(["page", "query"]);
  for (const response of baseline) {
    if (response.status !== 422) continue;
    try {
      const details = (JSON.parse(response.text) as { error: { details?: Array<{ field: string }> } }).error.details;
      for (const detail of details ?? []) if (detail.field && detail.field !== "query") queryKeys.add(detail.field);
    } catch {
      // Not a validation reply: nothing to learn.
    }
  }
  const queries = [
    ...[...queryKeys].flatMap((key) => QUERY_VALUES.map((value) => `${key}=${value}`)),
    ...QUERY_STRINGS,
  ];
  // HEAD runs its GET's handler: the query strings that differ in structure are enough for it, as for pages.
  const isShortBattery = route.isPage || route.method === "HEAD";
  for (const query of isShortBattery ? QUERY_STRINGS : queries) {
    requests.push({ method: route.method, path: `${basePath}?${query}`, token: tokenFor(1), label: "query" });
  }

  // Class 2: whole bodies. Routes without a body (GET, HEAD) get the two that once overflowed the stack.
  const bodies = rawBodies(server.config.BODY_LIMIT_BYTES);
  const bodyBattery = hasBody(route.method)
    ? bodies
    : route.method === "GET" && !route.isPage
      ? bodies.filter((body) => body.label.startsWith("deep"))
      : [];
  for (const base of [basePath, ...otherBases.map((set) => fillPattern(route.url, set))]) {
    for (const { label, body, contentType } of bodyBattery) {
      requests.push({
        method: route.method,
        path: base,
        token: tokenFor(2),
        label,
        headers: contentType ? { "content-type": contentType } : {},
        body,
      });
    }
  }
  // Class 4: protocol headers (webhook signatures, tus extensions), on the routes that take a body or are tus's.
  if (hasBody(route.method) || route.method === "HEAD") {
    for (const { label, headers, body } of protocolRequests()) {
      // Webhooks are POSTs; the tus headers go to every method tus answers.
      if (label.startsWith("webhook") && route.method !== "POST") continue;
      requests.push({ method: route.method, path: basePath, token: tokenFor(4), label, headers, body });
    }
  }
  await sendAll(route, requests);

  // Class 3: one field at a time, in a body the route otherwise accepts as far as it could be learnt.
  if (!hasBody(route.method) || route.isPage) return;
  const shape = await discoverBody(route, mainToken, basePath);
  const fieldRequests: SweepRequest[] = [];
  const mutate = (segments: string[], values: Json[], label: string) => {
    for (const value of values) {
      fieldRequests.push({
        method: route.method,
        path: basePath,
        token: mainToken,
        label: `${label} ${segments.join(".")}`,
        headers: json,
        body: JSON.stringify(refreshUnique(setAt(shape.skeleton, segments, value))),
      });
    }
  };
  for (const leaf of shape.leaves) {
    mutate(leaf, FIELD_VALUES, "field");
    // The learnt value made thousands of characters long but still well-formed (an e-mail stays an e-mail):
    // random, so that it does not compress below what an index entry holds.
    const learnt = getAt(shape.skeleton, leaf);
    if (typeof learnt === "string") {
      mutate(leaf, [`${randomBytes(2250).toString("hex")}${learnt}`], "long field");
      // The learnt value with a lone surrogate in it (no UTF-8 form; PostgreSQL refuses it in jsonb): every text
      // field the sweep fills, so the value passes whatever else the route checks.
      mutate(
        leaf,
        LONE_SURROGATES.map((surrogate) => `${learnt}${surrogate}`),
        "lone surrogate in field",
      );
    }
  }
  for (const container of shape.containers) mutate(container, CONTAINER_VALUES, "object");
  await sendAll(route, fieldRequests);
}

/** The route table plus the web app's pages (the not-found handler serves those), writes last, deletes at the end. */
function routesToSweep(): SweepRoute[] {
  const pages = [...Object.values(CLIENT_ROUTES), ...STATIC_PAGES.map((page) => page.path)].flatMap((url) =>
    ["GET", "HEAD"].map((method) => ({ method, url, isPage: true })),
  );
  const table = server.routes.map((route) => ({ ...route, isPage: false }));
  const order = (method: string) => {
    const index = METHOD_ORDER.indexOf(method);
    return index === -1 ? METHOD_ORDER.length : index;
  };
  return [...table, ...pages].sort((left, right) => order(left.method) - order(right.method));
}

describe("bad-input sweep", () => {
  it("answers every route's bad input with a 4xx in the error shape, never a 5xx or a leak", async () => {
    const startedAt = performance.now();
    const routes = routesToSweep();
    // The route table is read, not listed: make sure it is the real one.
    expect(server.routes.length).toBeGreaterThan(20);
    expect(server.routes).toContainEqual({ method: "POST", url: "/oauth/token" });
    for (const [index, route] of routes.entries()) await sweepRoute(route, index);
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    console.log(
      `bad-input sweep: ${sent} requests to ${routes.length} routes (${server.routes.length} in the route table, ${
        routes.length - server.routes.length
      } pages) in ${seconds} s on ${server.database.driver}; ${failures.length} failures`,
    );
    expect(failures.slice(0, 200)).toEqual([]);
  }, 600_000);
});
