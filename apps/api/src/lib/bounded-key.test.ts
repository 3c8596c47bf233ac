import { describe, expect, it } from "vitest";
import { boundKeyPart, MAX_KEY_PART_LENGTH } from "./bounded-key.ts";

describe("boundKeyPart", () => {
  it("keeps short values readable", () => {
    expect(boundKeyPart("203.0.113.7")).toBe("203.0.113.7");
    expect(boundKeyPart("a".repeat(MAX_KEY_PART_LENGTH))).toBe("a".repeat(MAX_KEY_PART_LENGTH));
  });

  it("replaces longer values by a fixed-length digest that still tells them apart", () => {
    const long = boundKeyPart("a".repeat(3000));
    expect(long).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(boundKeyPart("a".repeat(3000))).toBe(long);
    expect(boundKeyPart(`${"a".repeat(2999)}b`)).not.toBe(long);
  });
});
