import { describe, expect, it } from "vitest";
import { isNestedDeeperThan } from "./request-limits.ts";

describe("isNestedDeeperThan", () => {
  it("counts objects and arrays alike", () => {
    expect(isNestedDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(isNestedDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(isNestedDeeperThan("1", 0)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(isNestedDeeperThan(`{"a":"${"[".repeat(100)}"}`, 1)).toBe(false);
    expect(isNestedDeeperThan(`{"a":"\\"[[[[\\\\"}`, 1)).toBe(false);
    expect(isNestedDeeperThan(`{"a":"\\\\",  "b":[[1]]}`, 2)).toBe(true);
  });

  it("finds thousands of levels in one pass without recursing", () => {
    expect(isNestedDeeperThan("[".repeat(1_000_000), 32)).toBe(true);
  });
});
