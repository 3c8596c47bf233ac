import { describe, expect, it } from "vitest";
import { OPEN_STOREFRONT_TAB, PROFILE_TABS, profileTabsFor } from "./profile-tabs.ts";

describe("profileTabsFor", () => {
  it("gives an artist the spec's six tabs, in order", () => {
    expect(profileTabsFor(true).map((tab) => tab.label)).toEqual([
      "Sales",
      "My Designs",
      "Orders",
      "Favorite Designs",
      "Followed Artists",
      "Product Designer",
    ]);
  });

  it("keeps the spec's list while it is not known whether the visitor has a storefront", () => {
    expect(profileTabsFor(undefined)).toEqual([...PROFILE_TABS]);
  });

  it("offers a customer without a storefront a way to open one instead of the studio's tabs", () => {
    const tabs = profileTabsFor(false);
    expect(tabs.map((tab) => tab.label)).toEqual([
      "Orders",
      "Favorite Designs",
      "Followed Artists",
      "Open a Storefront",
    ]);
    expect(tabs.at(-1)).toBe(OPEN_STOREFRONT_TAB);
    expect(OPEN_STOREFRONT_TAB.path).toBe("/seller-profile");
  });
});
