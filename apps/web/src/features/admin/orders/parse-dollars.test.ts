import { describe, expect, it } from "vitest";
import { parseDollars } from "./order-action-dialogs.tsx";

describe("an amount typed in dollars", () => {
  it("reads dollars and cents, with or without the sign", () => {
    expect(parseDollars("12.5")).toBe(1250);
    expect(parseDollars(" $3.07 ")).toBe(307);
    expect(parseDollars("40")).toBe(4000);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "abc", "1.234", "-2", "1,000", "1e3"]) expect(parseDollars(text), text).toBeUndefined();
  });
});
