import type { SalesFilters } from "./api/query-keys.ts";

export type ChartBucket = "day" | "week" | "month";

/** What the earnings chart draws: one point per bucket (its first day, UTC seconds) and the dollars earned in it. */
export type EarningsChartData = { bucket: ChartBucket; times: number[]; dollars: number[]; totalCents: number };

const DAY_MS = 86_400_000;
/** All time is drawn by day up to about a quarter, by week up to two years, by month after that. */
const DAILY_UP_TO_DAYS = 92;
const WEEKLY_UP_TO_DAYS = 730;

function utcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

function parseDay(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/**
 * The first day the period covers (UTC), the same days the API's period filter counts. All time starts at the
 * first sale, and at least 30 days back (a new artist's few days would make each bar as wide as the chart).
 */
export function periodStartDay(period: SalesFilters["period"], today: Date, firstSaleDay: number | undefined): number {
  const todayMs = utcDay(today);
  if (period === "this_month") return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const thirtyDaysBack = todayMs - 29 * DAY_MS;
  if (period === "last_30_days") return thirtyDaysBack;
  return Math.min(firstSaleDay ?? thirtyDaysBack, thirtyDaysBack);
}

/** Half a bucket in seconds: the chart's x range reaches this far past the first and last bars. */
export function halfBucketSeconds(bucket: ChartBucket): number {
  return ({ day: 1, week: 7, month: 30 } as const)[bucket] * 43_200;
}

function bucketStart(dayMs: number, bucket: ChartBucket): number {
  if (bucket === "day") return dayMs;
  const date = new Date(dayMs);
  if (bucket === "month") return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  // Weeks start on Monday.
  const weekday = (date.getUTCDay() + 6) % 7;
  return dayMs - weekday * DAY_MS;
}

function nextBucket(startMs: number, bucket: ChartBucket): number {
  if (bucket === "day") return startMs + DAY_MS;
  if (bucket === "week") return startMs + 7 * DAY_MS;
  const date = new Date(startMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/**
 * The chart's points for a period from the summary's daily series: every bucket from the period's first day to
 * today, empty days included (a day without sales is a zero, not a gap the line jumps over).
 */
export function earningsChartData(
  series: ReadonlyArray<{ date: string; earningsCents: number }>,
  period: SalesFilters["period"],
  today: Date,
): EarningsChartData {
  const byDay = new Map<number, number>();
  let firstSaleDay: number | undefined;
  for (const point of series) {
    const day = parseDay(point.date);
    if (day === undefined) continue;
    byDay.set(day, (byDay.get(day) ?? 0) + point.earningsCents);
    if (point.earningsCents !== 0 && (firstSaleDay === undefined || day < firstSaleDay)) firstSaleDay = day;
  }
  const todayMs = utcDay(today);
  const startDay = periodStartDay(period, today, firstSaleDay);
  const spanDays = Math.round((todayMs - startDay) / DAY_MS) + 1;
  const bucket: ChartBucket =
    period !== "all_time" || spanDays <= DAILY_UP_TO_DAYS ? "day" : spanDays <= WEEKLY_UP_TO_DAYS ? "week" : "month";

  const times: number[] = [];
  const cents: number[] = [];
  for (let start = bucketStart(startDay, bucket); start <= todayMs; start = nextBucket(start, bucket)) {
    times.push(start / 1000);
    cents.push(0);
  }
  let totalCents = 0;
  for (const [day, amount] of byDay) {
    if (day < startDay || day > todayMs) continue;
    const start = bucketStart(day, bucket) / 1000;
    const index = times.indexOf(start);
    if (index === -1) continue;
    cents[index] = (cents[index] ?? 0) + amount;
    totalCents += amount;
  }
  return { bucket, times, dollars: cents.map((value) => value / 100), totalCents };
}
