import { PLACED_ORDER_STATES } from "@threadfolk/contract/orders";
import { describe, expect, it } from "vitest";
import { orderStateBadge } from "./order-state-badge.tsx";

describe("orderStateBadge", () => {
  it("labels states with the contract's names, each with its colours", () => {
    expect(orderStateBadge("payment_pending").label).toBe("Awaiting payment");
    expect(orderStateBadge("partly_shipped").label).toBe("Partly shipped");
    expect(orderStateBadge("fulfilment_failed").label).toBe("Could not be printed");
    for (const state of PLACED_ORDER_STATES) expect(orderStateBadge(state).className).toMatch(/^bg-\S+ text-\S+$/);
  });
});
