import { describe, expect, it } from "vitest";
import { slugify } from "./slugify.ts";

describe("slugify", () => {
  it("makes URL-safe slugs", () => {
    expect(slugify("Schrödinger's Cat")).toBe("schrodinger-s-cat");
    expect(slugify("There's No Place Like 127.0.0.1")).toBe("there-s-no-place-like-127-0-0-1");
    expect(slugify("★★★")).toBe("design");
  });

  it("keeps at most 80 characters and never ends on a dash", () => {
    const slug = slugify(`${"a".repeat(79)} tail`);
    expect(slug).toBe("a".repeat(79));
    expect(slugify("word ".repeat(40))).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slugify("word ".repeat(40)).length).toBeLessThanOrEqual(80);
  });
});
