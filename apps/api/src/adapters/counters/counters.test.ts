import { describe, expect, it } from "vitest";
import { describeWindow } from "./counters.ts";

describe("describeWindow", () => {
  it("reads a hit newer than the reading statement's clock (a negative age) as brand new, not as a wait", () => {
    // Six hits, limit ten, no backoff: allowed, whatever the newest hit's age.
    const window = { key: "k", limit: 10, windowSeconds: 600 };
    expect(describeWindow({ options: window, count: 6, oldestAgeMs: 50, newestAgeMs: -3 }).allowed).toBe(true);
    // With a backoff of 2 s after 6 hits, a brand-new hit means the full 2 s, not 2 s plus its "future" age.
    const backedOff = { ...window, backoff: { afterCount: 6, baseSeconds: 2, maxSeconds: 60 } };
    expect(describeWindow({ options: backedOff, count: 6, oldestAgeMs: 50, newestAgeMs: -3000 })).toMatchObject({
      allowed: false,
      retryAfterSeconds: 2,
    });
  });
});
