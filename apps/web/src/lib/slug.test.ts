import { describe, expect, it } from "vitest";
import { humanizeSlug } from "./slug.ts";

describe("humanizeSlug", () => {
  it("splits on dashes and underscores and capitalises each word", () => {
    expect(humanizeSlug("cosmic-cat_tee")).toBe("Cosmic Cat Tee");
    expect(humanizeSlug("--a--b--")).toBe("A B");
  });
});
