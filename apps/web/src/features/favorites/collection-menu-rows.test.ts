import type { CustomerProfileDesignCollection } from "@threadfolk/contract/favorites";
import { describe, expect, it } from "vitest";
import { collectionMenuRows } from "./collection-menu-rows.ts";

function collection(
  id: number,
  displayName: string,
  { isDefault = false, liked = [] as number[] } = {},
): CustomerProfileDesignCollection {
  return {
    id,
    type: "customer_profile_design_collection",
    attributes: { displayName, likedDefaultVariantIds: liked, isDefault, designCount: liked.length },
  };
}

const names = (rows: ReturnType<typeof collectionMenuRows>) => rows.map((row) => row.name);

describe("collection menu rows", () => {
  it("offers the default 'Favorites' to a customer without collections", () => {
    expect(collectionMenuRows([], 7)).toEqual([
      { key: "default", collectionId: null, name: "Favorites", isLiked: false },
    ]);
  });

  it("keeps offering 'Favorites' after the customer's first own list is created", () => {
    const rows = collectionMenuRows([collection(3, "Summer")], 7);
    expect(names(rows)).toEqual(["Favorites", "Summer"]);
    expect(rows[0]?.collectionId).toBeNull();
  });

  it("shows the server's default collection once it exists, and no second 'Favorites'", () => {
    const rows = collectionMenuRows(
      [collection(1, "Favorites", { isDefault: true, liked: [7] }), collection(3, "Summer")],
      7,
    );
    expect(names(rows)).toEqual(["Favorites", "Summer"]);
    expect(rows[0]).toMatchObject({ collectionId: 1, isLiked: true });
  });

  it("counts a list named like the default as the default (the server files the favorite there)", () => {
    expect(names(collectionMenuRows([collection(4, " favorites ")], 7))).toEqual([" favorites "]);
  });

  it("marks a list liked only when it holds the card's default variant", () => {
    const rows = collectionMenuRows([collection(3, "Summer", { liked: [8] })], 7);
    expect(rows.map((row) => row.isLiked)).toEqual([false, false]);
    expect(collectionMenuRows([collection(3, "Summer", { liked: [8] })], null)[1]?.isLiked).toBe(false);
  });
});
