import { describe, expect, it } from "vitest";
import { deniedStatus } from "../../../test/authorization.ts";
import { type Actor, authorize } from "../../lib/authorize.ts";
import { salesPolicies } from "./policies.ts";

describe("salesPolicies", () => {
  it("lets artists read their sales; customers get 403, guests and anonymous callers 401", () => {
    const artist: Actor = { kind: "user", userId: "u", artistId: "a", sessionId: "s" };
    const customer: Actor = { kind: "user", userId: "u", sessionId: "s" };
    const guest: Actor = { kind: "guest", guestId: "g", sessionId: "s" };
    for (const rule of Object.values(salesPolicies)) {
      expect(deniedStatus(() => authorize(artist, rule))).toBeUndefined();
      expect(deniedStatus(() => authorize(customer, rule))).toBe(403);
      expect(deniedStatus(() => authorize(guest, rule))).toBe(401);
      expect(deniedStatus(() => authorize(undefined, rule))).toBe(401);
    }
  });
});
