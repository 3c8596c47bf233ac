import { describe, expect, it } from "vitest";
import { fillDailySeries, payoutOf } from "./presenters.ts";

describe("fillDailySeries", () => {
  it("fills every day from the first sale to today with zeros", () => {
    const series = fillDailySeries(
      [
        { date: "2026-02-27", earningsCents: 100 },
        { date: "2026-03-02", earningsCents: 50 },
      ],
      new Date("2026-03-03T08:00:00Z"),
    );
    expect(series).toEqual([
      { date: "2026-02-27", earningsCents: 100 },
      { date: "2026-02-28", earningsCents: 0 },
      { date: "2026-03-01", earningsCents: 0 },
      { date: "2026-03-02", earningsCents: 50 },
      { date: "2026-03-03", earningsCents: 0 },
    ]);
  });

  it("is empty without sales", () => {
    expect(fillDailySeries([], new Date())).toEqual([]);
  });
});

describe("payoutOf", () => {
  it("is reversed once refunded, else available after the refund window", () => {
    expect(payoutOf({ reversed: true, windowPassed: true })).toBe("reversed");
    expect(payoutOf({ reversed: false, windowPassed: true })).toBe("available");
    expect(payoutOf({ reversed: false, windowPassed: false })).toBe("pending");
  });
});
