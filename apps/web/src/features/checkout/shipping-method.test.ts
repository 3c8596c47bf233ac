import { describe, expect, it } from "vitest";
import { offeredShippingOptions, shownShippingMethod } from "./shipping-method.ts";

const ALL_OFFERED = {
  shippingCosts: {
    standard: { displayCost: "$5.00", costInCents: 500 },
    expedited: { displayCost: "$9.00", costInCents: 900 },
    express: { displayCost: "$15.00", costInCents: 1500 },
  },
  selectedShippingServiceKey: "expedited",
};

describe("offeredShippingOptions", () => {
  it("lists the offered options in the contract's order with price and delivery estimate", () => {
    expect(offeredShippingOptions(ALL_OFFERED)).toEqual([
      {
        key: "standard",
        displayName: "Standard",
        deliveryEstimate: "7-12 business days",
        displayCost: "$5.00",
        costInCents: 500,
      },
      {
        key: "expedited",
        displayName: "Expedited",
        deliveryEstimate: "6-8 business days",
        displayCost: "$9.00",
        costInCents: 900,
      },
      {
        key: "express",
        displayName: "Express",
        deliveryEstimate: "4-6 business days",
        displayCost: "$15.00",
        costInCents: 1500,
      },
    ]);
  });

  it("leaves out options the server does not offer and any priced at zero cents", () => {
    const keys = offeredShippingOptions({
      shippingCosts: { standard: { displayCost: "$0.00", costInCents: 0 }, express: ALL_OFFERED.shippingCosts.express },
      selectedShippingServiceKey: null,
    }).map((option) => option.key);
    expect(keys).toEqual(["express"]);
  });
});

describe("shownShippingMethod (spec section 4)", () => {
  it("is the chosen method when it is a known, offered key", () => {
    expect(shownShippingMethod("express", ALL_OFFERED)).toBe("express");
  });

  it("otherwise the cart's selected key", () => {
    expect(shownShippingMethod(undefined, ALL_OFFERED)).toBe("expedited");
    expect(shownShippingMethod("overnight", ALL_OFFERED)).toBe("expedited");
    const withoutStandard = { ...ALL_OFFERED, shippingCosts: { ...ALL_OFFERED.shippingCosts, standard: undefined } };
    expect(shownShippingMethod("standard", withoutStandard)).toBe("expedited");
  });

  it("otherwise the first offered option", () => {
    expect(shownShippingMethod(null, { ...ALL_OFFERED, selectedShippingServiceKey: null })).toBe("standard");
    expect(
      shownShippingMethod(null, {
        shippingCosts: { express: ALL_OFFERED.shippingCosts.express },
        selectedShippingServiceKey: "standard",
      }),
    ).toBe("express");
  });

  it("is null when nothing is offered", () => {
    expect(shownShippingMethod("standard", { shippingCosts: {}, selectedShippingServiceKey: "standard" })).toBeNull();
  });
});
