import { describe, expect, it } from "vitest";
import { countdownParts } from "./use-countdown.ts";

describe("countdownParts", () => {
  it("splits the time left into days, hours, minutes and seconds", () => {
    const now = Date.UTC(2026, 10, 21, 0, 0, 0);
    const end = now + ((6 * 24 + 5) * 3600 + 7 * 60 + 9) * 1000 + 999;
    expect(countdownParts(end, now)).toEqual({ days: 6, hours: 5, minutes: 7, seconds: 9 });
  });

  it("stops at zero once the end has passed", () => {
    expect(countdownParts(1000, 5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
