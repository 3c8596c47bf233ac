import { describe, expect, it } from "vitest";
import { initialSelection, toggleSelected } from "./collection-selection.ts";

describe("toggleSelected", () => {
  it("appends a new pick, so the section keeps the order the designs were picked in", () => {
    expect(toggleSelected(["b"], "a")).toEqual(["b", "a"]);
  });

  it("removes a design picked before, keeping the others' order", () => {
    expect(toggleSelected(["a", "b", "c"], "b")).toEqual(["a", "c"]);
  });
});

describe("initialSelection", () => {
  it("keeps a collection's designs in their order, without those the artist no longer lists", () => {
    expect(initialSelection(["c", "a", "x"], new Set(["a", "b", "c"]))).toEqual(["c", "a"]);
    expect(initialSelection(["c", "a"], undefined)).toEqual(["c", "a"]);
  });
});
