import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A weak entity tag of a reply body, made from its uncompressed text: the br, gzip and identity forms of one body
 * share it (weak, as RFC 9110 section 8.8.1 allows for representations that differ only in their coding).
 */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * Whether `If-None-Match` names `etag` (or is `*`), compared weakly as RFC 9110 section 13.1.2 says for GET and
 * HEAD: `W/"x"` matches `"x"`.
 */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (typeof header !== "string" || header.length === 0) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.startsWith("W/") ? etag.slice(2) : etag;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return (tag.startsWith("W/") ? tag.slice(2) : tag) === opaque;
  });
}

/**
 * Sets the reply's ETag and, when the request already holds that version, answers 304 Not Modified with no body.
 * True when it answered; the caller then sends nothing else.
 */
export function answerNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header("ETag", etag);
  if (!matchesIfNoneMatch(request, etag)) return false;
  // A 304 carries no body, and so no content type, length or coding.
  reply.removeHeader("Content-Type");
  reply.removeHeader("Content-Encoding");
  reply.code(304).send();
  return true;
}
