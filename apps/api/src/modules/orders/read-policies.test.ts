import { describe, expect, it } from "vitest";
import { deniedStatus } from "../../../test/authorization.ts";
import { type Actor, authorize } from "../../lib/authorize.ts";
import { orderReadPolicies } from "./read-policies.ts";

const guest: Actor = { kind: "guest", guestId: "g-1", sessionId: "s-1" };
// The customer guest g-1 became on signing in.
const customer: Actor = { kind: "user", userId: "u-1", guestId: "g-1", sessionId: "s-2" };
const otherCustomer: Actor = { kind: "user", userId: "u-2", sessionId: "s-3" };

const customerOrder = { userId: "u-1", guestId: null, state: "paid" };
const guestOrder = { userId: null, guestId: "g-1", state: "paid" };

const read = (actor: Actor | undefined, order: typeof customerOrder | typeof guestOrder, hasValidLinkToken = false) =>
  deniedStatus(() => authorize(actor, orderReadPolicies.readOrder, { order, hasValidLinkToken }));

describe("orderReadPolicies", () => {
  it("lists orders for signed-in customers only", () => {
    expect(deniedStatus(() => authorize(customer, orderReadPolicies.listOrders))).toBeUndefined();
    expect(deniedStatus(() => authorize(guest, orderReadPolicies.listOrders))).toBe(401);
    expect(deniedStatus(() => authorize(undefined, orderReadPolicies.listOrders))).toBe(401);
  });

  it("lets a customer read their own order, signed in, and nobody else", () => {
    expect(read(customer, customerOrder)).toBeUndefined();
    expect(read(otherCustomer, customerOrder)).toBe(404);
    expect(read(guest, customerOrder)).toBe(404);
    // A link token is for guests' orders: it never opens a customer's.
    expect(read(guest, customerOrder, true)).toBe(404);
    expect(read(undefined, customerOrder)).toBe(401);
  });

  it("opens a guest's order with its signed link only, even to the guest who placed it", () => {
    expect(read(guest, guestOrder, true)).toBeUndefined();
    expect(read(otherCustomer, guestOrder, true)).toBeUndefined();
    expect(read(guest, guestOrder)).toBe(404);
    expect(read(customer, guestOrder)).toBe(404);
  });

  it("never shows a cart as an order", () => {
    expect(read(customer, { ...customerOrder, state: "cart" })).toBe(404);
    expect(read(guest, { ...guestOrder, state: "cart" }, true)).toBe(404);
  });
});
