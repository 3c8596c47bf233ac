import { describe, expect, it } from "vitest";
import { deniedStatus } from "../../../test/authorization.ts";
import { type Actor, authorize } from "../../lib/authorize.ts";
import { favoritePolicies } from "./policies.ts";

const guest: Actor = { kind: "guest", guestId: "g-1", sessionId: "s-1" };
const owner: Actor = { kind: "user", userId: "u-1", sessionId: "s-2" };
const other: Actor = { kind: "user", userId: "u-2", artistId: "a-2", sessionId: "s-3" };
const collection = { id: 7, userId: "u-1", displayName: "Tees" };

describe("favoritePolicies", () => {
  const { listCollections, createCollection, listLikedDesigns, ...onCollection } = favoritePolicies;

  it("lets any signed-in customer list and create their own, and nobody else", () => {
    for (const rule of [listCollections, createCollection, listLikedDesigns]) {
      expect(deniedStatus(() => authorize(owner, rule))).toBeUndefined();
      expect(deniedStatus(() => authorize(other, rule))).toBeUndefined();
      expect(deniedStatus(() => authorize(guest, rule))).toBe(401);
      expect(deniedStatus(() => authorize(undefined, rule))).toBe(401);
    }
  });

  it.each(Object.entries(onCollection))("%s: only the owner; everyone else as if it did not exist", (_name, rule) => {
    expect(deniedStatus(() => authorize(owner, rule, collection))).toBeUndefined();
    // Reads and writes alike: another customer gets the 404 of a missing collection, not a 403.
    expect(deniedStatus(() => authorize(other, rule, collection))).toBe(404);
    expect(deniedStatus(() => authorize(owner, rule, undefined))).toBe(404);
    expect(deniedStatus(() => authorize(guest, rule, collection))).toBe(401);
    expect(deniedStatus(() => authorize(undefined, rule, collection))).toBe(401);
  });
});
