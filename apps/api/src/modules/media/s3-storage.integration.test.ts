import { createHash, createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "./s3-storage.ts";

const ACCESS_KEY = "TESTACCESSKEY";
const SECRET = "test/secret+key";
const REGION = "eu-test-1";
const BUCKET = "media-bucket";

type Problem = { status: number; code: string };

/**
 * A small S3 server on 127.0.0.1: PUT, GET, HEAD and DELETE object (path-style), in memory, checking each
 * request's SigV4 Authorization header (written here independently of the client under test).
 */
function verifySignature(request: http.IncomingMessage, body: Buffer): Problem | undefined {
  const authorization = request.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
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
  const payloadHash = createHash("sha256").update(body).digest("hex");
  if (request.headers["x-amz-content-sha256"] !== payloadHash)
    return { status: 400, code: "XAmzContentSHA256Mismatch" };
  const url = new URL(request.url ?? "/", "http://localhost");
  const canonical = [
    request.method,
    url.pathname,
    "",
    names.map((name) => `${name}:${String(request.headers[name] ?? "").trim()}\n`).join(""),
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

const objects = new Map<string, { body: Buffer; contentType: string }>();
const seenPaths: string[] = [];
let server: http.Server;
let endpoint: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const problem = verifySignature(request, body);
      const sendError = (status: number, code: string) => {
        response.writeHead(status, { "content-type": "application/xml" });
        response.end(
          request.method === "HEAD" ? undefined : `<?xml version="1.0"?><Error><Code>${code}</Code></Error>`,
        );
      };
      if (problem) return sendError(problem.status, problem.code);
      const path = new URL(request.url ?? "/", "http://localhost").pathname;
      seenPaths.push(path);
      const prefix = `/${BUCKET}/`;
      if (!path.startsWith(prefix)) return sendError(404, "NoSuchBucket");
      const key = decodeURIComponent(path.slice(prefix.length));
      const object = objects.get(key);
      switch (request.method) {
        case "PUT":
          objects.set(key, { body, contentType: String(request.headers["content-type"] ?? "binary/octet-stream") });
          response.writeHead(200, { etag: '"x"' });
          return response.end();
        case "GET":
        case "HEAD":
          if (!object) return sendError(404, "NoSuchKey");
          response.writeHead(200, { "content-type": object.contentType, "content-length": object.body.length });
          return response.end(request.method === "GET" ? object.body : undefined);
        case "DELETE":
          objects.delete(key);
          response.writeHead(204);
          return response.end();
        default:
          return sendError(405, "MethodNotAllowed");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("createS3Storage", () => {
  it("puts, gets, checks and deletes objects with signed requests", async () => {
    const storage = createS3Storage({
      endpoint,
      region: REGION,
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
      forcePathStyle: true,
    });
    const key = "designs/0b9f1c7e-3c1a-4a51-9d6e-2f7f3f0c9a10/mockups/tee-royal_blue-640.webp";
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 5]);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
    await storage.put(key, body, "image/webp");
    expect(objects.get(key)?.contentType).toBe("image/webp");
    expect(await storage.exists(key)).toBe(true);
    const object = await storage.get(key);
    expect(object?.contentType).toBe("image/webp");
    expect(object?.body.equals(body)).toBe(true);
    await storage.put(key, Buffer.from("replaced"), "text/plain");
    expect((await storage.get(key))?.body.toString()).toBe("replaced");
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key);
    expect(seenPaths).toContain(`/${BUCKET}/${key}`);
  });

  it("encodes unusual key characters the way SigV4 canonicalises them", async () => {
    const storage = createS3Storage({
      endpoint,
      region: REGION,
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
      forcePathStyle: true,
    });
    const key = "carousels/summer sale (1)*.png";
    await storage.put(key, Buffer.from("png"), "image/png");
    expect((await storage.get(key))?.body.toString()).toBe("png");
    expect(seenPaths.at(-1)).toBe(`/${BUCKET}/carousels/summer%20sale%20%281%29%2A.png`);
  });

  it("reports a wrong secret as a failed request, never as a missing object", async () => {
    const storage = createS3Storage({
      endpoint,
      region: REGION,
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: "wrong",
      forcePathStyle: true,
    });
    await expect(storage.put("a.png", Buffer.from("x"), "image/png")).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(storage.get("a.png")).rejects.toThrow(/SignatureDoesNotMatch/);
    await expect(storage.exists("a.png")).rejects.toThrow(/403/);
  });
});
