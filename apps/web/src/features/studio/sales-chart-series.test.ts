import { describe, expect, it } from "vitest";
import { earningsChartData, periodStartDay } from "./sales-chart-series.ts";

const TODAY = new Date("2026-11-23T15:00:00Z");
const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

describe("periodStartDay", () => {
  it("starts this month on the 1st and the last 30 days 29 days before today (UTC)", () => {
    expect(periodStartDay("this_month", TODAY, undefined)).toBe(Date.parse("2026-11-01T00:00:00Z"));
    expect(periodStartDay("last_30_days", TODAY, undefined)).toBe(Date.parse("2026-10-25T00:00:00Z"));
  });
});

describe("earningsChartData", () => {
  const series = [
    { date: "2026-10-20", earningsCents: 500 },
    { date: "2026-11-02", earningsCents: 1250 },
    { date: "2026-11-02", earningsCents: -250 },
    { date: "2026-11-23", earningsCents: 700 },
  ];

  it("has one point per day of this month, empty days as zeros, and only this month's sales", () => {
    const chart = earningsChartData(series, "this_month", TODAY);
    expect(chart.bucket).toBe("day");
    expect(chart.times).toHaveLength(23);
    expect(chart.times[0]).toBe(seconds("2026-11-01"));
    expect(chart.times.at(-1)).toBe(seconds("2026-11-23"));
    expect(chart.dollars[1]).toBe(10);
    expect(chart.dollars[2]).toBe(0);
    expect(chart.dollars.at(-1)).toBe(7);
    expect(chart.totalCents).toBe(1700);
  });

  it("covers 30 days for the last 30 days", () => {
    const chart = earningsChartData(series, "last_30_days", TODAY);
    expect(chart.times).toHaveLength(30);
    expect(chart.totalCents).toBe(1700);
  });

  it("draws all time from the first sale, by day while short", () => {
    const chart = earningsChartData(series, "all_time", TODAY);
    expect(chart.bucket).toBe("day");
    expect(chart.times[0]).toBe(seconds("2026-10-20"));
    expect(chart.totalCents).toBe(2200);
  });

  it("groups a long history by week (Mondays), then by month", () => {
    const weekly = earningsChartData(
      [
        { date: "2026-03-04", earningsCents: 100 },
        { date: "2026-03-08", earningsCents: 200 },
      ],
      "all_time",
      TODAY,
    );
    expect(weekly.bucket).toBe("week");
    // 2026-03-04 is a Wednesday: its week starts on Monday 2026-03-02, and Sunday the 8th is in it.
    expect(weekly.times[0]).toBe(seconds("2026-03-02"));
    expect(weekly.dollars[0]).toBe(3);

    const monthly = earningsChartData([{ date: "2023-05-17", earningsCents: 900 }], "all_time", TODAY);
    expect(monthly.bucket).toBe("month");
    expect(monthly.times[0]).toBe(seconds("2023-05-01"));
    expect(monthly.times.at(-1)).toBe(seconds("2026-11-01"));
    expect(monthly.dollars[0]).toBe(9);
  });

  it("shows at least the last 30 days of all time, so a new artist's first sales are not one wide bar", () => {
    const chart = earningsChartData([{ date: "2026-11-23", earningsCents: 1000 }], "all_time", TODAY);
    expect(chart.times).toHaveLength(30);
    expect(chart.times[0]).toBe(seconds("2026-10-25"));
    expect(chart.dollars.at(-1)).toBe(10);
    expect(earningsChartData([], "all_time", TODAY).totalCents).toBe(0);
  });
});
