import { describe, expect, it } from "vitest";
import { OPEN_STOREFRONT_TAB, PROFILE_TABS, profileTabsFor, STOREFRONT_SETTINGS_TAB } from "./profile-tabs.ts";

const SPEC_TABS = ["Sales", "My Designs", "Orders", "Favorite Designs", "Followed Artists", "Product Designer"];

describe("profileTabsFor", () => {
  it("gives an artist the spec's six tabs, in order, then their storefront's settings", () => {
    const tabs = profileTabsFor(true);
    expect(tabs.map((tab) => tab.label)).toEqual([...SPEC_TABS, "Storefront"]);
    expect(tabs.at(-1)).toBe(STOREFRONT_SETTINGS_TAB);
  });

  it("keeps the spec's list alone while it is not known whether the visitor has a storefront", () => {
    expect(profileTabsFor(undefined)).toEqual([...PROFILE_TABS]);
  });

  it("keeps the spec's six for a customer without a storefront and adds the way to open one", () => {
    const tabs = profileTabsFor(false);
    expect(tabs.map((tab) => tab.label)).toEqual([...SPEC_TABS, "Open a Storefront"]);
    expect(tabs.at(-1)).toBe(OPEN_STOREFRONT_TAB);
    expect(OPEN_STOREFRONT_TAB.path).toBe("/seller-profile");
  });
});
