import { createHash, createHmac } from "node:crypto";
import type { MediaStorage } from "./storage.ts";

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...) over plain fetch, each request
 * signed with AWS Signature Version 4. A small client of our own: the four object calls we need do not
 * justify the AWS SDK's weight.
 */

export type S3StorageOptions = {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000; defaults to AWS in the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`, MinIO's default) instead of the host name. */
  forcePathStyle?: boolean;
  /** For tests: the clock used in signatures. */
  now?: () => Date;
};

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, slashes kept in paths. */
export function encodeRfc3986(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, "/") : encoded;
}

export type SignedRequest = { url: URL; headers: Record<string, string> };

/** Signs one request with SigV4 (headers: host, x-amz-content-sha256, x-amz-date, plus any given). */
export function signS3Request(options: {
  method: string;
  url: URL;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  body?: Buffer;
  headers?: Record<string, string>;
  date: Date;
}): SignedRequest {
  const { method, url, region, accessKeyId, secretAccessKey, date } = options;
  const amzDate = date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256Hex(options.body ?? "");
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
    host: url.host,
    "x-amz-content-sha256": payloadHash,
    "x-amz-date": amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${String(headers[name]).trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const signedHeaders = names.join(";");
  const query = [...url.searchParams.entries()]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalRequest = [method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), "s3"), "aws4_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  const { host: _host, ...sent } = headers;
  return {
    url,
    headers: {
      ...sent,
      authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    },
  };
}

/** Reads the `<Code>` of an S3 XML error body, for error messages. */
function errorCodeOf(body: string): string {
  return /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? "UnknownError";
}

/** An S3-backed MediaStorage; PUT replaces objects atomically, so concurrent renders of one key are harmless. */
export function createS3Storage(options: S3StorageOptions): MediaStorage {
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const now = options.now ?? (() => new Date());

  const objectUrl = (key: string) => {
    const url = new URL(endpoint.toString());
    const basePath = url.pathname.replace(/\/+$/, "");
    if (options.forcePathStyle) {
      url.pathname = `${basePath}/${encodeRfc3986(options.bucket)}/${encodeRfc3986(key, true)}`;
    } else {
      url.hostname = `${options.bucket}.${url.hostname}`;
      url.pathname = `${basePath}/${encodeRfc3986(key, true)}`;
    }
    return url;
  };

  async function send(method: string, key: string, body?: Buffer, headers?: Record<string, string>) {
    const signed = signS3Request({
      method,
      url: objectUrl(key),
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      body,
      headers,
      date: now(),
    });
    return fetch(signed.url, { method, headers: signed.headers, body: body ? new Uint8Array(body) : undefined });
  }

  async function fail(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => "");
    throw new Error(`S3 ${what} failed: ${response.status} ${errorCodeOf(text)}`);
  }

  return {
    async put(key, body, contentType) {
      const response = await send("PUT", key, body, { "content-type": contentType });
      if (!response.ok) await fail(response, `PUT ${key}`);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return undefined;
      }
      if (!response.ok) return fail(response, `GET ${key}`);
      const body = Buffer.from(await response.arrayBuffer());
      return { body, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
    },
    async exists(key) {
      const response = await send("HEAD", key);
      await response.arrayBuffer();
      if (response.status === 404) return false;
      if (!response.ok) throw new Error(`S3 HEAD ${key} failed: ${response.status}`);
      return true;
    },
    async delete(key) {
      const response = await send("DELETE", key);
      if (!response.ok && response.status !== 404) await fail(response, `DELETE ${key}`);
      await response.arrayBuffer().catch(() => undefined);
    },
  };
}
