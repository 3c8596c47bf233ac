import { createHash, createHmac } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createStorage } from "./create-storage.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { MediaStorage } from "./storage.ts";

/**
 * The media storage contract: the same cases run against the local implementation (files under a
 * directory) and the S3 one (against a local server that speaks S3's protocol and checks every signature).
 */

const ACCESS_KEY = "TESTACCESSKEY";
const SECRET = "test/secret+key";
const REGION = "eu-test-1";
const BUCKET = "media-bucket";

type Problem = { status: number; code: string };

/**
 * A small S3 server on 127.0.0.1, written here independently of the client under test (the AWS SDK): PutObject,
 * GetObject, HeadObject, DeleteObject and the multipart calls (CreateMultipartUpload, UploadPart,
 * CompleteMultipartUpload, AbortMultipartUpload), path-style, in memory. Every request's SigV4 Authorization header
 * is checked, query string and payload hash included, and S3's own rules for multipart uploads are kept (parts of
 * 5 MiB or more but the last, parts listed in order with the ETags they were given).
 */
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

function verifySignature(request: http.IncomingMessage, body: Buffer): Problem | undefined {
  const authorization = request.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return { status: 400, code: "AuthorizationHeaderMalformed" };
  const [, accessKey, day, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKey !== ACCESS_KEY) return { status: 403, code: "InvalidAccessKeyId" };
  if (region !== REGION) return { status: 400, code: "AuthorizationHeaderMalformed" };
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) return { status: 403, code: "AccessDenied" };
  const names = (signedHeaders as string).split(";");
  for (const required of ["host", "x-amz-content-sha256", "x-amz-date"]) {
    if (!names.includes(required)) return { status: 403, code: "AccessDenied" };
  }
  // The payload is signed by its hash: what arrived must be what was signed.
  const payloadHash = createHash("sha256").update(body).digest("hex");
  if (request.headers["x-amz-content-sha256"] !== payloadHash)
    return { status: 400, code: "XAmzContentSHA256Mismatch" };
  const url = new URL(request.url ?? "/", "http://localhost");
  const canonical = [
    request.method,
    url.pathname,
    canonicalQuery(url),
    names
      .map(
        (name) =>
          `${name}:${String(request.headers[name] ?? "")
            .trim()
            .replace(/\s+/g, " ")}\n`,
      )
      .join(""),
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash("sha256").update(canonical).digest("hex")}`;
  let key: Buffer = createHmac("sha256", `AWS4${SECRET}`)
    .update(day as string)
    .digest();
  for (const part of [region as string, "s3", "aws4_request"]) key = createHmac("sha256", key).update(part).digest();
  const expected = createHmac("sha256", key).update(toSign).digest("hex");
  if (expected !== signature) return { status: 403, code: "SignatureDoesNotMatch" };
  return undefined;
}

const MIN_PART_BYTES = 5 * 1024 * 1024;
const objects = new Map<string, { body: Buffer; contentType: string }>();
const uploads = new Map<
  string,
  { key: string; contentType: string; parts: Map<number, { body: Buffer; etag: string }> }
>();
/** Every request the server accepted: method, path and query, in order. */
const seen: Array<{ method: string; path: string; query: string }> = [];
const seenPaths: string[] = [];
let server: http.Server;
let endpoint: string;
let localRoot: string;

const md5Tag = (body: Buffer) => `"${createHash("md5").update(body).digest("hex")}"`;

function handleS3(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer) {
  const sendXml = (status: number, xml: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { "content-type": "application/xml", ...headers });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>${xml}`);
  };
  const sendError = (status: number, code: string) => {
    if (request.method === "HEAD") {
      response.writeHead(status);
      return response.end();
    }
    sendXml(status, `<Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  };
  const problem = verifySignature(request, body);
  if (problem) return sendError(problem.status, problem.code);
  const url = new URL(request.url ?? "/", "http://localhost");
  seenPaths.push(url.pathname);
  seen.push({ method: request.method ?? "", path: url.pathname, query: url.search });
  const prefix = `/${BUCKET}/`;
  if (!url.pathname.startsWith(prefix)) return sendError(404, "NoSuchBucket");
  const key = decodeURIComponent(url.pathname.slice(prefix.length));
  const uploadId = url.searchParams.get("uploadId");
  const upload = uploadId ? uploads.get(uploadId) : undefined;
  if (uploadId && (!upload || upload.key !== key)) return sendError(404, "NoSuchUpload");
  const object = objects.get(key);
  switch (request.method) {
    case "POST":
      if (url.searchParams.has("uploads")) {
        const id = crypto.randomUUID();
        uploads.set(id, {
          key,
          contentType: String(request.headers["content-type"] ?? "binary/octet-stream"),
          parts: new Map(),
        });
        return sendXml(
          200,
          `<InitiateMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      if (upload && uploadId) {
        const listed = [
          ...body
            .toString()
            .matchAll(
              /<Part>[\s\S]*?<ETag>([^<]+)<\/ETag>[\s\S]*?<PartNumber>(\d+)<\/PartNumber>[\s\S]*?<\/Part>|<Part>[\s\S]*?<PartNumber>(\d+)<\/PartNumber>[\s\S]*?<ETag>([^<]+)<\/ETag>[\s\S]*?<\/Part>/g,
            ),
        ].map((m) => ({
          number: Number(m[2] ?? m[3]),
          etag: (m[1] ?? m[4] ?? "").replace(/&quot;/g, '"'),
        }));
        if (listed.length === 0) return sendError(400, "MalformedXML");
        const pieces: Buffer[] = [];
        for (const [index, entry] of listed.entries()) {
          const part = upload.parts.get(entry.number);
          if (index > 0 && entry.number <= (listed[index - 1]?.number ?? 0)) return sendError(400, "InvalidPartOrder");
          if (!part || part.etag !== entry.etag) return sendError(400, "InvalidPart");
          if (index < listed.length - 1 && part.body.length < MIN_PART_BYTES) return sendError(400, "EntityTooSmall");
          pieces.push(part.body);
        }
        const whole = Buffer.concat(pieces);
        objects.set(key, { body: whole, contentType: upload.contentType });
        uploads.delete(uploadId);
        return sendXml(
          200,
          `<CompleteMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><ETag>"${listed.length}-parts"</ETag></CompleteMultipartUploadResult>`,
        );
      }
      return sendError(400, "InvalidRequest");
    case "PUT": {
      if (upload) {
        const number = Number(url.searchParams.get("partNumber"));
        if (!Number.isInteger(number) || number < 1 || number > 10_000) return sendError(400, "InvalidArgument");
        const etag = md5Tag(body);
        upload.parts.set(number, { body, etag });
        response.writeHead(200, { etag });
        return response.end();
      }
      objects.set(key, { body, contentType: String(request.headers["content-type"] ?? "binary/octet-stream") });
      response.writeHead(200, { etag: md5Tag(body) });
      return response.end();
    }
    case "GET":
    case "HEAD":
      if (!object) return sendError(404, "NoSuchKey");
      response.writeHead(200, { "content-type": object.contentType, "content-length": object.body.length });
      return response.end(request.method === "GET" ? object.body : undefined);
    case "DELETE":
      if (upload && uploadId) uploads.delete(uploadId);
      else objects.delete(key);
      response.writeHead(204);
      return response.end();
    default:
      return sendError(405, "MethodNotAllowed");
  }
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => handleS3(request, response, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  localRoot = await fs.mkdtemp(path.join(os.tmpdir(), "threadfolk-storage-contract-"));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await fs.rm(localRoot, { recursive: true, force: true });
});

function createTestS3Storage(secretAccessKey = SECRET): MediaStorage {
  return createS3Storage({
    endpoint,
    region: REGION,
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY,
    secretAccessKey,
    forcePathStyle: true,
    partSizeBytes: MIN_PART_BYTES,
  });
}

const implementations: Array<{ name: string; create(): MediaStorage }> = [
  { name: "local files", create: () => createLocalStorage(localRoot) },
  { name: "S3", create: () => createTestS3Storage() },
];

describe.each(implementations)("media storage contract: $name", ({ create }) => {
  it("puts, gets, checks, replaces and deletes an object", async () => {
    const storage = create();
    const key = `designs/${crypto.randomUUID()}/mockups/tee-royal_blue-640.webp`;
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 5]);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
    await storage.put(key, body, "image/webp");
    expect(await storage.exists(key)).toBe(true);
    const object = await storage.get(key);
    expect(object?.contentType).toBe("image/webp");
    expect(object?.body.equals(body)).toBe(true);
    await storage.put(key, Buffer.from("replaced"), "image/webp");
    expect((await storage.get(key))?.body.toString()).toBe("replaced");
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
    // Deleting what is not there is not an error.
    await storage.delete(key);
  });

  it("keeps keys apart: deleting one object leaves its neighbours", async () => {
    const storage = create();
    const prefix = `avatars/${crypto.randomUUID()}`;
    await storage.put(`${prefix}/small.png`, Buffer.from("small"), "image/png");
    await storage.put(`${prefix}/large.png`, Buffer.from("large"), "image/png");
    await storage.delete(`${prefix}/small.png`);
    expect(await storage.exists(`${prefix}/small.png`)).toBe(false);
    expect((await storage.get(`${prefix}/large.png`))?.body.toString()).toBe("large");
    expect((await storage.get(`${prefix}/large.png`))?.contentType).toBe("image/png");
  });

  it("stores keys with spaces, brackets and stars", async () => {
    const storage = create();
    const key = `carousels/${crypto.randomUUID()}/summer sale (1)*.png`;
    await storage.put(key, Buffer.from("png"), "image/png");
    expect((await storage.get(key))?.body.toString()).toBe("png");
    expect(await storage.exists(key)).toBe(true);
  });

  it("leaves one whole object when two writers race on a key", async () => {
    const storage = create();
    const key = `designs/${crypto.randomUUID()}/artwork.png`;
    const first = Buffer.alloc(256 * 1024, 1);
    const second = Buffer.alloc(256 * 1024, 2);
    await Promise.all([storage.put(key, first, "image/png"), storage.put(key, second, "image/png")]);
    const stored = (await storage.get(key))?.body;
    expect(stored?.equals(first) || stored?.equals(second)).toBe(true);
  });
});

describe("S3 storage specifics", () => {
  it("sends path-style requests with keys encoded the way SigV4 canonicalises them", async () => {
    const storage = createTestS3Storage();
    const key = "carousels/summer sale (1)*.png";
    await storage.put(key, Buffer.from("png"), "image/png");
    expect(seenPaths.at(-1)).toBe(`/${BUCKET}/carousels/summer%20sale%20%281%29%2A.png`);
    expect(objects.get(key)?.contentType).toBe("image/png");
  });

  it("uploads a large object in parts, in order, and completes it whole", async () => {
    const storage = createTestS3Storage();
    const key = `uploads/${crypto.randomUUID()}/artwork.png`;
    // Two full 5 MiB parts and a short last one, each byte telling where it belongs.
    const body = Buffer.alloc(2 * MIN_PART_BYTES + 123_457);
    for (let index = 0; index < body.length; index += 4096) body.writeUInt32BE(index, index);
    const before = seen.length;
    await storage.put(key, body, "image/png");
    const calls = seen.slice(before).map((call) => `${call.method} ${call.query.replace(/=[^&]+/g, "")}`);
    expect(calls[0]).toMatch(/^POST \?uploads/);
    expect(calls.filter((call) => call.startsWith("PUT ?partNumber"))).toHaveLength(3);
    expect(calls.at(-1)).toMatch(/^POST \?uploadId/);
    expect(uploads.size).toBe(0);
    const stored = await storage.get(key);
    expect(stored?.contentType).toBe("image/png");
    expect(stored?.body.equals(body)).toBe(true);
  });

  it("sends a small object in one PutObject", async () => {
    const storage = createTestS3Storage();
    const before = seen.length;
    await storage.put(`avatars/${crypto.randomUUID()}.png`, Buffer.alloc(1024, 7), "image/png");
    expect(seen.slice(before).map((call) => call.method)).toEqual(["PUT"]);
    expect(seen.at(-1)?.query).not.toContain("uploadId");
  });

  it("reports a wrong secret as a failed request, never as a missing object", async () => {
    const storage = createTestS3Storage("wrong");
    await expect(storage.put("a.png", Buffer.from("x"), "image/png")).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(storage.get("a.png")).rejects.toThrow(/SignatureDoesNotMatch/);
    await expect(storage.exists("a.png")).rejects.toThrow(/403/);
  });
});

describe("local storage specifics", () => {
  it("is what createStorage picks without a bucket: files under DATA_DIR/media", async () => {
    await createStorage(loadConfig({ DATA_DIR: localRoot })).put("avatars/a.png", Buffer.from("png"), "image/png");
    expect(await fs.readFile(path.join(localRoot, "media", "avatars", "a.png"), "utf8")).toBe("png");
  });

  it("refuses keys that would leave its directory", async () => {
    const storage = createLocalStorage(localRoot);
    await expect(storage.put("../escape.png", Buffer.from("x"), "image/png")).rejects.toThrow(/escapes/);
    await expect(storage.get("../../etc/passwd")).rejects.toThrow(/escapes/);
  });
});
