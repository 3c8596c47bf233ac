import { describe, expect, it } from "vitest";
import { paginationItems } from "./pagination.tsx";

describe("paginationItems", () => {
  it("shows every page when there are few", () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps first, last and two either side, with gaps for the rest", () => {
    expect(paginationItems(1, 18)).toEqual([1, 2, 3, "gap", 18]);
    expect(paginationItems(9, 18)).toEqual([1, "gap", 7, 8, 9, 10, 11, "gap", 18]);
    expect(paginationItems(18, 18)).toEqual([1, "gap", 16, 17, 18]);
  });

  it("fills a gap of one page with the page itself", () => {
    expect(paginationItems(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 10]);
  });
});
