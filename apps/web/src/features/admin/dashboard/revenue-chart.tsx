import type { AdminDashboard } from "@threadfolk/contract/admin-orders";
import { formatCents } from "@threadfolk/contract/money";
import { useId, useState } from "react";

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 8 };

function shortDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/**
 * Revenue per day over the last 30 days: bars drawn in SVG (no chart library), with each bar's day, revenue and
 * order count as its accessible name and title. A table with the same figures sits behind 'Show as table'.
 */
export function RevenueChart({ series }: { series: AdminDashboard["series"] }) {
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  const max = Math.max(1, ...series.map((day) => day.revenueCents));
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, series.length);
  const barWidth = Math.max(2, slot * 0.7);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const total = series.reduce((sum, day) => sum + day.revenueCents, 0);
  return (
    <figure className="rounded-2xl border border-neutral-200 bg-white p-4 md:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <figcaption id={titleId} className="font-display text-lg font-extrabold text-neutral-950">
          Revenue per day, last 30 days
        </figcaption>
        <button
          type="button"
          className="rounded text-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          aria-expanded={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? "Show as chart" : "Show as table"}
        </button>
      </div>
      {asTable ? (
        <div className="mt-4 max-h-80 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Orders and revenue per day</caption>
            <thead>
              <tr className="border-b border-neutral-200 text-neutral-600">
                <th scope="col" className="py-2 font-semibold">
                  Day
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Orders
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((day) => (
                <tr key={day.day} className="border-b border-neutral-100">
                  <th scope="row" className="py-1.5 font-normal">
                    {shortDay(day.day)}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{day.orders}</td>
                  <td className="py-1.5 text-right tabular-nums">{formatCents(day.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="mt-4 h-auto w-full"
          role="img"
          aria-labelledby={titleId}
          aria-describedby={`${titleId}-summary`}
        >
          <title>Revenue per day, last 30 days</title>
          <desc id={`${titleId}-summary`}>
            {`${formatCents(total)} in total; the highest day ${formatCents(max)}.`}
          </desc>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={HEIGHT - PAD.bottom}
            y2={HEIGHT - PAD.bottom}
            stroke="#d4d4d8"
          />
          {series.map((day, index) => {
            const height = (day.revenueCents / max) * plotHeight;
            const x = PAD.left + index * slot + (slot - barWidth) / 2;
            const label = `${shortDay(day.day)}: ${formatCents(day.revenueCents)}, ${day.orders} ${day.orders === 1 ? "order" : "orders"}`;
            return (
              <g key={day.day}>
                <rect
                  x={x}
                  y={HEIGHT - PAD.bottom - height}
                  width={barWidth}
                  height={Math.max(height, day.revenueCents > 0 ? 1 : 0)}
                  rx={2}
                  className="fill-brand"
                >
                  <title>{label}</title>
                </rect>
                {(index === series.length - 1 || (index % 7 === 0 && index <= series.length - 5)) && (
                  <text
                    x={x + barWidth / 2}
                    y={HEIGHT - 8}
                    textAnchor={index === 0 ? "start" : index === series.length - 1 ? "end" : "middle"}
                    className="fill-neutral-600 text-[13px]"
                  >
                    {shortDay(day.day)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}
