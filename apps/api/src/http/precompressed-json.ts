import { brotliCompressSync, constants } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { weakEtag } from "./conditional-get.ts";

/** Brotli quality of JSON replies, the compress plugin's (app.ts) and the precompressed bodies' alike: cheap on CPU. */
export const JSON_BROTLI_QUALITY = 4;

/** Smaller replies are sent as they are (the compress plugin's threshold too). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * A JSON reply body kept in memory (a cached page) with its brotli form, made on its first request that accepts
 * brotli and then reused, instead of the compress plugin compressing the same text on every request (decision
 * 049). The brotli form is flushed but not finished, so that a per-request tail can follow it uncompressed.
 */
export type PrecompressedJson = { readonly text: string; brotli?: Buffer; etag?: string };

export function precompressedJson(text: string): PrecompressedJson {
  return { text };
}

/** The kept text's weak entity tag, made once (a per-request tail is not part of it). */
export function etagOf(body: PrecompressedJson): string {
  body.etag ??= weakEtag(body.text);
  return body.etag;
}

function brotliPrefix(body: PrecompressedJson): Buffer {
  body.brotli ??= brotliCompressSync(Buffer.from(body.text), {
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body.text),
    },
  });
  return body.brotli;
}

/** The last meta-block of a brotli stream: ISLAST and ISLASTEMPTY set (RFC 7932, section 9.2). */
const LAST_EMPTY_META_BLOCK = Buffer.from([0b11]);
/** The longest tail one uncompressed meta-block of four length nibbles holds. */
const MAX_TAIL_BYTES = 1 << 16;

/**
 * A complete brotli stream of the body's text followed by `tail`: the flushed (byte-aligned) prefix, the tail as
 * an uncompressed meta-block (ISLAST 0, four nibbles of MLEN - 1, ISUNCOMPRESSED 1, padding to the byte, then
 * the bytes), then the last, empty meta-block.
 */
export function brotliWithTail(body: PrecompressedJson, tail: string): Buffer {
  const prefix = brotliPrefix(body);
  const tailBytes = Buffer.from(tail);
  if (tailBytes.length === 0) return Buffer.concat([prefix, LAST_EMPTY_META_BLOCK]);
  if (tailBytes.length > MAX_TAIL_BYTES) throw new Error("brotliWithTail: the tail is longer than one meta-block");
  const header = ((tailBytes.length - 1) << 3) | (1 << 19);
  return Buffer.concat([
    prefix,
    Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]),
    tailBytes,
    LAST_EMPTY_META_BLOCK,
  ]);
}

/** Whether the request's Accept-Encoding accepts `coding` (`br`, `gzip`), without `q=0`. */
export function acceptsEncoding(request: FastifyRequest, coding: "br" | "gzip"): boolean {
  const header = request.headers["accept-encoding"];
  if (typeof header !== "string" || !header.includes(coding)) return false;
  return header.split(",").some((part) => {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    if (name.toLowerCase() !== coding) return false;
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** Whether the request's Accept-Encoding accepts brotli (`br`, without `q=0`). */
export function acceptsBrotli(request: FastifyRequest): boolean {
  return acceptsEncoding(request, "br");
}

/**
 * Sends a kept JSON body followed by `tail` (per-request text that ends it, such as an event id), brotli-encoded
 * from its kept brotli form when the client accepts brotli; otherwise as text (which the compress plugin gzips
 * when the client accepts that).
 */
export function sendPrecompressedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PrecompressedJson,
  tail = "",
): FastifyReply {
  reply.type("application/json; charset=utf-8").header("Vary", "Accept-Encoding");
  if (body.text.length + tail.length < COMPRESS_THRESHOLD_BYTES || !acceptsBrotli(request)) {
    return reply.send(body.text + tail);
  }
  return reply.header("Content-Encoding", "br").send(brotliWithTail(body, tail));
}
