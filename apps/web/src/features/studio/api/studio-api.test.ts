import { STUDIO_API } from "@threadfolk/contract/studio";
import { describe, expect, it } from "vitest";
import { SELLER_PROFILE_PATH } from "./get-seller-profile.ts";
import { salesCsvFileName } from "./sales.ts";

describe("the studio's API paths", () => {
  it("reads the storefront at the contract's path (written out there to keep the menus light)", () => {
    expect(SELLER_PROFILE_PATH).toBe(STUDIO_API.sellerProfile);
  });
});

describe("salesCsvFileName", () => {
  const today = new Date("2026-11-23T10:00:00Z");

  it("names the period and the day", () => {
    expect(salesCsvFileName({ period: "last_30_days", designUuid: undefined }, today)).toBe(
      "threadfolk-sales-last-30-days-2026-11-23.csv",
    );
  });

  it("names the design when the export is for one", () => {
    expect(salesCsvFileName({ period: "all_time", designUuid: "0b9f3c62-3f0e-4c8e-9c43-4f9c2ad1a7b1" }, today)).toBe(
      "threadfolk-sales-all-time-0b9f3c62-2026-11-23.csv",
    );
  });
});
