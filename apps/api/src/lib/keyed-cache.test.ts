import { afterEach, describe, expect, it, vi } from "vitest";
import { createKeyedCache } from "./keyed-cache.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("createKeyedCache", () => {
  it("keeps a value per key until it expires", async () => {
    vi.useFakeTimers();
    const cache = createKeyedCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const load = vi.fn(async () => 7);
    expect(await cache("a", load)).toBe(7);
    expect(await cache("a", load)).toBe(7);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache("b", async () => 9)).toBe(9);
    vi.advanceTimersByTime(1001);
    expect(await cache("a", async () => 8)).toBe(8);
  });

  it("shares one load between concurrent misses and caches nothing when the TTL is 0", async () => {
    const cache = createKeyedCache<number>({ ttlMs: 0, maxEntries: 10 });
    let calls = 0;
    const load = async () => {
      calls += 1;
      return calls;
    };
    const [first, second] = await Promise.all([cache("a", load), cache("a", load)]);
    expect([first, second]).toEqual([1, 1]);
    expect(await cache("a", load)).toBe(2);
  });

  it("drops the oldest entries beyond its size and forgets failed loads", async () => {
    const cache = createKeyedCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await cache("a", async () => "a1");
    await cache("b", async () => "b1");
    await cache("c", async () => "c1");
    expect(await cache("a", async () => "a2")).toBe("a2");
    expect(await cache("c", async () => "c2")).toBe("c1");
    await expect(cache("d", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache("d", async () => "d1")).toBe("d1");
  });
});
