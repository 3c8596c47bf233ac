import { describe, expect, it } from "vitest";
import { deniedStatus } from "../../../test/authorization.ts";
import { type Actor, authorize } from "../../lib/authorize.ts";
import { studioPolicies } from "./policies.ts";

const guest: Actor = { kind: "guest", guestId: "g-1", sessionId: "s-1" };
const customer: Actor = { kind: "user", userId: "u-1", sessionId: "s-2" };
const artistA: Actor = { kind: "user", userId: "u-2", artistId: "a-1", sessionId: "s-3" };
const artistB: Actor = { kind: "user", userId: "u-3", artistId: "a-2", sessionId: "s-4" };
const resource = { id: "d-1", sellerProfileId: "a-1" };

describe("studioPolicies", () => {
  const { readStorefront, openStorefront, updateStorefront, listDrafts, createDraft, ...owned } = studioPolicies;

  it("lets any signed-in customer open, read and change their own storefront; guests get 401", () => {
    for (const rule of [readStorefront, openStorefront, updateStorefront]) {
      for (const actor of [customer, artistA]) expect(deniedStatus(() => authorize(actor, rule))).toBeUndefined();
      expect(deniedStatus(() => authorize(guest, rule))).toBe(401);
      expect(deniedStatus(() => authorize(undefined, rule))).toBe(401);
    }
  });

  it("needs a storefront to list or start drafts: 403 for a customer, 401 for a guest", () => {
    for (const rule of [listDrafts, createDraft]) {
      expect(deniedStatus(() => authorize(artistA, rule))).toBeUndefined();
      expect(deniedStatus(() => authorize(customer, rule))).toBe(403);
      expect(deniedStatus(() => authorize(guest, rule))).toBe(401);
    }
  });

  it.each(Object.entries(owned))("%s: only the owning artist; another artist as if it did not exist", (_name, rule) => {
    expect(deniedStatus(() => authorize(artistA, rule, resource))).toBeUndefined();
    expect(deniedStatus(() => authorize(artistB, rule, resource))).toBe(404);
    expect(deniedStatus(() => authorize(artistA, rule, undefined))).toBe(404);
    expect(deniedStatus(() => authorize(customer, rule, resource))).toBe(403);
    expect(deniedStatus(() => authorize(guest, rule, resource))).toBe(401);
    expect(deniedStatus(() => authorize(undefined, rule, resource))).toBe(401);
  });
});
