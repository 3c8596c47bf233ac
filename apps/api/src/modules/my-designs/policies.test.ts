import { describe, expect, it } from "vitest";
import { deniedStatus } from "../../../test/authorization.ts";
import type { Actor } from "../../lib/authorize.ts";
import { authorize } from "../../lib/authorize.ts";
import { myDesignPolicies } from "./policies.ts";

const guest: Actor = { kind: "guest", guestId: "g", sessionId: "s" };
const customer: Actor = { kind: "user", userId: "u1", sessionId: "s" };
const artistA: Actor = { kind: "user", userId: "u2", artistId: "artist-a", sessionId: "s" };
const artistB: Actor = { kind: "user", userId: "u3", artistId: "artist-b", sessionId: "s" };
const designOfA = { sellerProfileId: "artist-a" };

describe("myDesignPolicies", () => {
  it("lets artists list their designs; customers get 403, guests 401", () => {
    expect(deniedStatus(() => authorize(artistA, myDesignPolicies.listDesigns))).toBeUndefined();
    expect(deniedStatus(() => authorize(customer, myDesignPolicies.listDesigns))).toBe(403);
    expect(deniedStatus(() => authorize(guest, myDesignPolicies.listDesigns))).toBe(401);
    expect(deniedStatus(() => authorize(undefined, myDesignPolicies.listDesigns))).toBe(401);
  });

  it("lets only the design's artist deactivate or reactivate it (404 for another artist)", () => {
    for (const rule of [myDesignPolicies.deactivateDesign, myDesignPolicies.reactivateDesign]) {
      expect(deniedStatus(() => authorize(artistA, rule, designOfA))).toBeUndefined();
      expect(deniedStatus(() => authorize(artistB, rule, designOfA))).toBe(404);
      expect(deniedStatus(() => authorize(artistA, rule, undefined))).toBe(404);
      expect(deniedStatus(() => authorize(customer, rule, designOfA))).toBe(403);
      expect(deniedStatus(() => authorize(guest, rule, designOfA))).toBe(401);
    }
  });
});
