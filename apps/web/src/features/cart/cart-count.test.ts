import { EMPTY_CART_SEARCH_TERMS } from "@threadfolk/contract/constants";
import { describe, expect, it } from "vitest";
import { normalizeCartCount, parseCartCount, pickEmptyCartSearchTerm } from "./cart-count.ts";

describe("parseCartCount", () => {
  it("treats missing, empty, zero and junk as an empty cart", () => {
    expect(parseCartCount(undefined)).toBe(0);
    expect(parseCartCount("")).toBe(0);
    expect(parseCartCount("0")).toBe(0);
    expect(parseCartCount("abc")).toBe(0);
    expect(parseCartCount("-2")).toBe(0);
  });

  it("reads a positive count", () => {
    expect(parseCartCount("3")).toBe(3);
    expect(parseCartCount(" 12 ")).toBe(12);
  });
});

describe("pickEmptyCartSearchTerm", () => {
  it("covers every term of the list, first to last", () => {
    expect(pickEmptyCartSearchTerm(() => 0)).toBe(EMPTY_CART_SEARCH_TERMS[0]);
    expect(pickEmptyCartSearchTerm(() => 0.9999)).toBe(EMPTY_CART_SEARCH_TERMS.at(-1));
    expect(pickEmptyCartSearchTerm(() => 1)).toBe(EMPTY_CART_SEARCH_TERMS.at(-1));
  });
});

describe("normalizeCartCount", () => {
  it("stores whole counts from 0 up (an optimistic count taken back below 0 is 0)", () => {
    expect(normalizeCartCount(3)).toBe(3);
    expect(normalizeCartCount(-2)).toBe(0);
    expect(normalizeCartCount(2.7)).toBe(2);
    expect(normalizeCartCount(Number.NaN)).toBe(0);
  });
});
