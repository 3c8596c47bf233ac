import { describe, expect, it } from "vitest";
import { describeTaxTableAge } from "./create-tax.ts";

describe("the tax table's age at start", () => {
  const now = new Date("2026-11-28T09:00:00Z");

  it("is told by a production server without a tax service", () => {
    const age = describeTaxTableAge({ NODE_ENV: "production", STRIPE_TAX_SECRET_KEY: undefined }, now);
    // 2025-01-01 to 2026-11-28: 365 + 331 days.
    expect(age).toMatchObject({ oldestAsOf: "2025-01-01", ageDays: 696 });
    expect(age?.message).toContain("696 days old");
  });

  it("is not told with Stripe Tax configured, nor outside production", () => {
    expect(describeTaxTableAge({ NODE_ENV: "production", STRIPE_TAX_SECRET_KEY: "sk_test_123" }, now)).toBeNull();
    expect(describeTaxTableAge({ NODE_ENV: "development", STRIPE_TAX_SECRET_KEY: undefined }, now)).toBeNull();
  });
});
