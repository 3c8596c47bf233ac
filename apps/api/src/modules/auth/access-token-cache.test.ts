import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/authorize.ts";
import { createAccessTokenCache } from "./access-token-cache.ts";

const guest: Actor = { kind: "guest", guestId: "g1", sessionId: "s1" };

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("the access-token cache", () => {
  it("keeps a valid lookup for its time-to-live, and not past the token's own time left", () => {
    const time = clock();
    const cache = createAccessTokenCache({ ttlMs: 5000, maxEntries: 10, now: time.now });
    cache.set("long", guest, cache.generation(), 60_000);
    cache.set("short", guest, cache.generation(), 1000);
    expect(cache.get("long")).toEqual(guest);
    expect(cache.get("short")).toEqual(guest);
    time.advance(1000);
    expect(cache.get("short")).toBeUndefined();
    expect(cache.get("long")).toEqual(guest);
    time.advance(4000);
    expect(cache.get("long")).toBeUndefined();
  });

  it("keeps nothing when the token has no time left, or when the cache is off", () => {
    const cache = createAccessTokenCache({ ttlMs: 5000, maxEntries: 10 });
    cache.set("expired", guest, cache.generation(), 0);
    expect(cache.get("expired")).toBeUndefined();
    const off = createAccessTokenCache({ ttlMs: 0, maxEntries: 10 });
    off.set("token", guest, off.generation(), 60_000);
    expect(off.get("token")).toBeUndefined();
  });

  it("forgets everything on an access change, and does not keep a lookup begun before it", () => {
    const cache = createAccessTokenCache({ ttlMs: 5000, maxEntries: 10 });
    cache.set("a", guest, cache.generation(), 60_000);
    const startedBefore = cache.generation();
    cache.forgetAll();
    expect(cache.get("a")).toBeUndefined();
    // A lookup that read the database before the revocation committed must not bring the old answer back.
    cache.set("b", guest, startedBefore, 60_000);
    expect(cache.get("b")).toBeUndefined();
    cache.set("b", guest, cache.generation(), 60_000);
    expect(cache.get("b")).toEqual(guest);
  });

  it("serves nothing while it is not trusted (another instance's changes might be missed)", () => {
    const cache = createAccessTokenCache({ ttlMs: 5000, maxEntries: 10 });
    cache.set("a", guest, cache.generation(), 60_000);
    cache.setTrusted(false);
    expect(cache.get("a")).toBeUndefined();
    cache.set("b", guest, cache.generation(), 60_000);
    cache.setTrusted(true);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeUndefined();
  });

  it("holds at most maxEntries, dropping the oldest first", () => {
    const cache = createAccessTokenCache({ ttlMs: 5000, maxEntries: 2 });
    for (const key of ["a", "b", "c"]) cache.set(key, guest, cache.generation(), 60_000);
    expect(cache.size()).toBe(2);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("c")).toEqual(guest);
  });
});
