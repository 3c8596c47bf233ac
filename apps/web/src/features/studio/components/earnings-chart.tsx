import "uplot/dist/uPlot.min.css";
import { formatCents } from "@threadfolk/contract/money";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import { type EarningsChartData, halfBucketSeconds } from "../sales-chart-series.ts";

const BRAND = "#d7263d";
const HEIGHT_DESKTOP = 260;
const HEIGHT_MOBILE = 200;

const BUCKET_DATE: Record<EarningsChartData["bucket"], Intl.DateTimeFormatOptions> = {
  day: { month: "short", day: "numeric", timeZone: "UTC" },
  week: { month: "short", day: "numeric", timeZone: "UTC" },
  month: { month: "short", year: "numeric", timeZone: "UTC" },
};

function dateLabel(seconds: number, bucket: EarningsChartData["bucket"]): string {
  const text = new Date(seconds * 1000).toLocaleDateString("en-US", BUCKET_DATE[bucket]);
  return bucket === "week" ? `Week of ${text}` : text;
}

function dollars(value: number | null | undefined): string {
  return value === null || value === undefined ? "–" : formatCents(Math.round(value * 100));
}

function chartOptions(data: EarningsChartData, width: number, height: number): uPlot.Options {
  return {
    width,
    height,
    padding: [12, 12, 0, 4],
    // Dates are UTC days (the ledger's), not the browser's local midnight.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
    cursor: { y: false, points: { size: 8, fill: BRAND } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    legend: { show: true, live: true },
    scales: {
      // Half a bucket either side of the first and last bars (uPlot's own range would pad a short series by years).
      x: {
        time: true,
        range: (_self, min, max) => [min - halfBucketSeconds(data.bucket), max + halfBucketSeconds(data.bucket)],
      },
      y: { range: (_self, _min, max) => [0, max > 0 ? max * 1.1 : 10] },
    },
    axes: [
      {
        stroke: "#525252",
        grid: { show: false },
        ticks: { stroke: "#d4d4d4" },
        font: "12px system-ui, sans-serif",
      },
      {
        stroke: "#525252",
        grid: { stroke: "#e5e5e5", width: 1 },
        ticks: { show: false },
        font: "12px system-ui, sans-serif",
        size: 56,
        values: (_self, splits) =>
          splits.map((value) => `$${value >= 1000 ? `${Math.round(value / 100) / 10}k` : value}`),
      },
    ],
    series: [
      { label: "Date", value: (_self, seconds) => (seconds === null ? "–" : dateLabel(seconds, data.bucket)) },
      {
        label: "Earnings",
        stroke: BRAND,
        width: data.times.length > 1 ? 0 : 1,
        fill: `${BRAND}cc`,
        value: (_self, value) => dollars(value),
        paths: uPlot.paths.bars?.({ size: [0.7, 28, 2], radius: 0.15 }),
        points: { show: false },
      },
    ],
  };
}

/**
 * The earnings chart (uPlot, in its own chunk: the Sales page loads it after the totals and the table). Bars per
 * day, week or month; the legend shows the bar under the pointer; the chart follows its container's width.
 */
export default function EarningsChart({ data, compact }: { data: EarningsChartData; compact: boolean }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | undefined>(undefined);
  const height = compact ? HEIGHT_MOBILE : HEIGHT_DESKTOP;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = new uPlot(
      chartOptions(data, Math.max(container.clientWidth, 200), height),
      [data.times, data.dollars],
      container,
    );
    chartRef.current = chart;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0 && width !== chart.width) chart.setSize({ width, height });
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.destroy();
      chartRef.current = undefined;
    };
  }, [data, height]);

  const label = `Earnings by ${data.bucket}: ${formatCents(data.totalCents)} in all`;
  return <div ref={containerRef} role="img" aria-label={label} className="earnings-chart w-full min-w-0" />;
}
