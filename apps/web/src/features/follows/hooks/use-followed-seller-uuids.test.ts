import { describe, expect, it } from "vitest";
import { parseFollowedSellerUuids } from "./use-followed-seller-uuids.ts";

describe("parseFollowedSellerUuids", () => {
  it("reads the stored JSON list, lower-cased", () => {
    expect([...parseFollowedSellerUuids('["0B7C7A52-5C1F-4C9E-9B0C-5A7E0E0D1C2A"]')]).toEqual([
      "0b7c7a52-5c1f-4c9e-9b0c-5a7e0e0d1c2a",
    ]);
  });

  it("reads a missing or damaged value as empty", () => {
    expect(parseFollowedSellerUuids("").size).toBe(0);
    expect(parseFollowedSellerUuids("{not json").size).toBe(0);
    expect(parseFollowedSellerUuids('{"a":1}').size).toBe(0);
    expect([...parseFollowedSellerUuids('["a", 3, null]')]).toEqual(["a"]);
  });
});
