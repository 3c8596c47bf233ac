import { describe, expect, it } from "vitest";
import { deniedStatus } from "../../../test/authorization.ts";
import { type Actor, authorize } from "../../lib/authorize.ts";
import { cartPolicies, ownsOrder } from "./policies.ts";

const guest: Actor = { kind: "guest", guestId: "g-1", sessionId: "s-1" };
const otherGuest: Actor = { kind: "guest", guestId: "g-2", sessionId: "s-2" };
// The customer guest g-1 became on signing in: the guest's cart is not theirs by that link.
const customer: Actor = { kind: "user", userId: "u-1", guestId: "g-1", sessionId: "s-3" };
const otherCustomer: Actor = { kind: "user", userId: "u-2", artistId: "a-2", sessionId: "s-4" };

const guestLine = { id: 1, order: { userId: null, guestId: "g-1", state: "cart" } };
const customerLine = { id: 2, order: { userId: "u-1", guestId: null, state: "cart" } };
const placedLine = { id: 3, order: { userId: "u-1", guestId: null, state: "paid" } };

describe("cartPolicies", () => {
  it("lets any token read and fill its own cart, and nobody without one", () => {
    for (const rule of [cartPolicies.readCart, cartPolicies.addLine]) {
      for (const actor of [guest, customer, otherCustomer]) {
        expect(deniedStatus(() => authorize(actor, rule))).toBeUndefined();
      }
      expect(deniedStatus(() => authorize(undefined, rule))).toBe(401);
    }
  });

  it.each([
    ["updateLine", cartPolicies.updateLine],
    ["deleteLine", cartPolicies.deleteLine],
  ])("%s: only the owner of the open cart; everyone else as if the line did not exist", (_name, rule) => {
    expect(deniedStatus(() => authorize(guest, rule, guestLine))).toBeUndefined();
    expect(deniedStatus(() => authorize(customer, rule, customerLine))).toBeUndefined();
    // Guest vs guest, customer vs guest (even the customer that guest became), guest vs customer, customer vs customer.
    expect(deniedStatus(() => authorize(otherGuest, rule, guestLine))).toBe(404);
    expect(deniedStatus(() => authorize(customer, rule, guestLine))).toBe(404);
    expect(deniedStatus(() => authorize(guest, rule, customerLine))).toBe(404);
    expect(deniedStatus(() => authorize(otherCustomer, rule, customerLine))).toBe(404);
    // A placed order's lines are not the cart's to change.
    expect(deniedStatus(() => authorize(customer, rule, placedLine))).toBe(404);
    expect(deniedStatus(() => authorize(guest, rule, undefined))).toBe(404);
    expect(deniedStatus(() => authorize(undefined, rule, guestLine))).toBe(401);
  });

  it("owns an order by user id for customers and by guest id for guests", () => {
    expect(ownsOrder(customer, { userId: "u-1", guestId: null })).toBe(true);
    expect(ownsOrder(customer, { userId: null, guestId: "g-1" })).toBe(false);
    expect(ownsOrder(guest, { userId: null, guestId: "g-1" })).toBe(true);
    expect(ownsOrder(guest, { userId: "u-1", guestId: null })).toBe(false);
  });
});
