import { describe, expect, it } from "vitest";
import { parseFavoriteDesignUuids } from "./use-favorite-design-uuids.ts";

describe("parseFavoriteDesignUuids", () => {
  it("reads the stored JSON list of uuids", () => {
    expect([...parseFavoriteDesignUuids('["a","b"]')]).toEqual(["a", "b"]);
  });

  it("reads nothing from a missing, damaged or foreign value", () => {
    expect(parseFavoriteDesignUuids("").size).toBe(0);
    expect(parseFavoriteDesignUuids("{not json").size).toBe(0);
    expect(parseFavoriteDesignUuids('{"a":1}').size).toBe(0);
    expect([...parseFavoriteDesignUuids('["a",1,null]')]).toEqual(["a"]);
  });
});
