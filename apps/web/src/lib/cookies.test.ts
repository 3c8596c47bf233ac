import { describe, expect, it } from "vitest";
import { parseCookie, serializeCookie } from "./cookies.ts";

describe("parseCookie", () => {
  it("finds a cookie among others and decodes it", () => {
    expect(parseCookie("a=1; shoppingCartCount=3; b=x%20y", "shoppingCartCount")).toBe("3");
    expect(parseCookie("a=1; b=x%20y", "b")).toBe("x y");
  });

  it("does not match on a name prefix and answers undefined when absent", () => {
    expect(parseCookie("xshoppingCartCount=4", "shoppingCartCount")).toBeUndefined();
    expect(parseCookie("", "shoppingCartCount")).toBeUndefined();
  });

  it("keeps an empty value empty", () => {
    expect(parseCookie("shoppingCartCount=", "shoppingCartCount")).toBe("");
  });
});

describe("serializeCookie", () => {
  it("sets a site-wide, encoded cookie that parseCookie reads back", () => {
    const assignment = serializeCookie("shoppingCartCount", "3 items", { maxAgeSeconds: 60 });
    expect(assignment).toBe("shoppingCartCount=3%20items; Path=/; Max-Age=60; SameSite=Lax");
    expect(parseCookie(assignment.split(";")[0] ?? "", "shoppingCartCount")).toBe("3 items");
  });
});
