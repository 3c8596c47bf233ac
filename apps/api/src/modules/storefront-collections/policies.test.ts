import { describe, expect, it } from "vitest";
import { deniedStatus } from "../../../test/authorization.ts";
import { type Actor, authorize } from "../../lib/authorize.ts";
import { storefrontCollectionPolicies } from "./policies.ts";

const guest: Actor = { kind: "guest", guestId: "g", sessionId: "s" };
const customer: Actor = { kind: "user", userId: "u1", sessionId: "s" };
const artistA: Actor = { kind: "user", userId: "u2", artistId: "artist-a", sessionId: "s" };
const artistB: Actor = { kind: "user", userId: "u3", artistId: "artist-b", sessionId: "s" };
const collectionOfA = { sellerProfileId: "artist-a" };

describe("storefrontCollectionPolicies", () => {
  it("lets artists list and create; customers get 403, guests 401", () => {
    for (const rule of [storefrontCollectionPolicies.listCollections, storefrontCollectionPolicies.createCollection]) {
      expect(deniedStatus(() => authorize(artistA, rule))).toBeUndefined();
      expect(deniedStatus(() => authorize(customer, rule))).toBe(403);
      expect(deniedStatus(() => authorize(guest, rule))).toBe(401);
    }
  });

  it("lets only the owning artist read, change or delete a collection", () => {
    const { readCollection, updateCollection, deleteCollection } = storefrontCollectionPolicies;
    for (const rule of [readCollection, updateCollection, deleteCollection]) {
      expect(deniedStatus(() => authorize(artistA, rule, collectionOfA))).toBeUndefined();
      expect(deniedStatus(() => authorize(artistB, rule, collectionOfA))).toBe(404);
      expect(deniedStatus(() => authorize(artistA, rule, undefined))).toBe(404);
      expect(deniedStatus(() => authorize(customer, rule, collectionOfA))).toBe(403);
      expect(deniedStatus(() => authorize(undefined, rule, collectionOfA))).toBe(401);
    }
  });
});
