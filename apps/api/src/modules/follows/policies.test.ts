import { describe, expect, it } from "vitest";
import { deniedStatus } from "../../../test/authorization.ts";
import { type Actor, authorize } from "../../lib/authorize.ts";
import { followPolicies } from "./policies.ts";

const guest: Actor = { kind: "guest", guestId: "g-1", sessionId: "s-1" };
const customer: Actor = { kind: "user", userId: "u-1", sessionId: "s-2" };
const artist: Actor = { kind: "user", userId: "u-2", artistId: "a-2", sessionId: "s-3" };

describe("followPolicies", () => {
  it.each(Object.entries(followPolicies))("%s: any signed-in customer (artists too), never a guest", (_name, rule) => {
    expect(authorize(customer, rule)).toBe(customer);
    expect(authorize(artist, rule)).toBe(artist);
    expect(deniedStatus(() => authorize(guest, rule))).toBe(401);
    expect(deniedStatus(() => authorize(undefined, rule))).toBe(401);
  });
});
