import { describe, expect, it } from "vitest";
import type { HitOptions, RateLimitCounters, RateLimitResult } from "../../adapters/counters/counters.ts";
import { enforceLimit, RateLimitError } from "./enforce-rate-limit.ts";

/** Counters that answer from a script and record every question they are asked. */
function scriptedCounters(answers: RateLimitResult[]) {
  const asked: HitOptions[] = [];
  const counters: RateLimitCounters = {
    name: "database",
    async hit(options) {
      asked.push(options);
      const answer = answers.shift();
      if (!answer) throw new Error("no answer left");
      return answer;
    },
    peek: () => Promise.reject(new Error("not used")),
    release: () => Promise.reject(new Error("not used")),
    reset: () => Promise.reject(new Error("not used")),
    close: async () => undefined,
  };
  return { counters, asked };
}

describe("enforceLimit", () => {
  it("remembers a refusal until its Retry-After, asking the shared counters nothing meanwhile", async () => {
    const { counters, asked } = scriptedCounters([
      { allowed: true, count: 1, retryAfterSeconds: 10, hitId: "a" },
      { allowed: false, count: 1, retryAfterSeconds: 7 },
      { allowed: true, count: 1, retryAfterSeconds: 10, hitId: "b" },
    ]);
    let clock = 1_000_000;
    const enforce = (key = "search:ip:198.51.100.1") =>
      enforceLimit({ rateLimiter: counters, key, limit: 1, windowSeconds: 10, now: () => clock });
    await enforce();
    await expect(enforce()).rejects.toMatchObject({ retryAfterSeconds: 7 });
    expect(asked).toHaveLength(2);
    clock += 2_500;
    const remembered = await enforce().catch((error: unknown) => error);
    expect(remembered).toBeInstanceOf(RateLimitError);
    expect((remembered as RateLimitError).retryAfterSeconds).toBe(5);
    expect((remembered as RateLimitError).headers).toEqual({ "Retry-After": "5" });
    expect(asked).toHaveLength(2);
    clock += 4_500;
    await enforce();
    expect(asked).toHaveLength(3);
  });

  it("keeps the refusals of one key from touching another", async () => {
    const { counters, asked } = scriptedCounters([
      { allowed: false, count: 1, retryAfterSeconds: 30 },
      { allowed: true, count: 1, retryAfterSeconds: 30, hitId: "c" },
    ]);
    const enforce = (key: string) => enforceLimit({ rateLimiter: counters, key, limit: 1, windowSeconds: 30 });
    await expect(enforce("search:ip:one")).rejects.toBeInstanceOf(RateLimitError);
    await enforce("search:ip:two");
    expect(asked.map((options) => options.key)).toEqual(["search:ip:one", "search:ip:two"]);
  });
});
