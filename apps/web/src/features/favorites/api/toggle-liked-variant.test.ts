import { describe, expect, it } from "vitest";
import { toggleToastText } from "./toggle-liked-variant.ts";

const base = {
  sellerDesignName: "Cosmic Cat",
  collectionName: "Summer",
  customerProfileDesignCollectionId: 3,
  favoriteDesignUuids: [],
};

describe("toggleToastText", () => {
  it("says what was added, with the heart (spec section 8)", () => {
    expect(toggleToastText({ ...base, addedOrRemoved: "added" })).toBe("Added Cosmic Cat to Summer ❤️");
  });

  it("says what was removed, with 'from' rather than the spec's typo", () => {
    expect(toggleToastText({ ...base, addedOrRemoved: "removed" })).toBe("Removed Cosmic Cat from Summer 😢");
  });
});
