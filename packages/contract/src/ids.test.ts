import { describe, expect, it } from "vitest";
import { isUuid, UUID_SOURCE, uuidSchema } from "./ids.ts";

const id = "0b6f7a52-3c1e-4d8a-9f00-1a2b3c4d5e6f";

describe("ids", () => {
  it("recognises a UUID in either case, and nothing around or short of one", () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    for (const value of ["", "not-a-uuid", `${id}0`, ` ${id}`, id.slice(1), id.replaceAll("-", ""), `${id}\n`]) {
      expect(isUuid(value), JSON.stringify(value)).toBe(false);
    }
  });

  it("composes into larger patterns in the canonical lowercase form only", () => {
    const key = new RegExp(`^designs/(${UUID_SOURCE})/artwork\\.png$`);
    expect(key.exec(`designs/${id}/artwork.png`)?.[1]).toBe(id);
    expect(key.test(`designs/${id.toUpperCase()}/artwork.png`)).toBe(false);
  });

  it("validates a request field and lowercases it, naming the field in the message", () => {
    expect(uuidSchema("seller_profile_id").parse(id.toUpperCase())).toBe(id);
    const failure = uuidSchema("seller_profile_id").safeParse("12");
    expect(failure.success).toBe(false);
    expect(failure.error?.issues[0]?.message).toBe("seller_profile_id must be a uuid");
  });
});
