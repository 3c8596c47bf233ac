import { brotliDecompressSync } from "node:zlib";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { acceptsBrotli, brotliWithTail, precompressedJson } from "./precompressed-json.ts";

const withAccept = (value: string | undefined) => ({ headers: { "accept-encoding": value } }) as FastifyRequest;

describe("brotliWithTail", () => {
  it("decodes to the kept text followed by each tail, compressing the text once", () => {
    const body = precompressedJson(`{"cards":[${'{"name":"Space Cat","price":"$24.00"},'.repeat(200)}{}]`);
    const first = brotliDecompressSync(brotliWithTail(body, ',"event_id":"a"}')).toString();
    const kept = body.brotli;
    const second = brotliDecompressSync(brotliWithTail(body, ',"event_id":"b"}')).toString();
    expect(body.brotli).toBe(kept);
    expect(JSON.parse(first).event_id).toBe("a");
    expect(JSON.parse(second).event_id).toBe("b");
    expect(second).toBe(`${body.text},"event_id":"b"}`);
  });

  it("ends a stream without a tail, and carries a tail of many kilobytes and of multi-byte characters", () => {
    const body = precompressedJson('{"a":1}');
    expect(brotliDecompressSync(brotliWithTail(body, "")).toString()).toBe('{"a":1}');
    const long = `,"b":"${"é".repeat(20_000)}"}`;
    expect(brotliDecompressSync(brotliWithTail(precompressedJson('{"a":1'), long)).toString()).toBe(`{"a":1${long}`);
  });
});

describe("acceptsBrotli", () => {
  it("reads br from Accept-Encoding, unless its quality is zero", () => {
    expect(acceptsBrotli(withAccept("gzip, deflate, br"))).toBe(true);
    expect(acceptsBrotli(withAccept("br;q=0.5, gzip"))).toBe(true);
    expect(acceptsBrotli(withAccept("gzip, br;q=0"))).toBe(false);
    expect(acceptsBrotli(withAccept("gzip, brotli"))).toBe(false);
    expect(acceptsBrotli(withAccept(undefined))).toBe(false);
  });
});
