import { COLOR_HEX, colorDisplayName, resolveColor } from "@threadfolk/contract/colors";
import { formatCents } from "@threadfolk/contract/money";
import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import {
  EARNINGS_HOLD_DAYS_AFTER_DELIVERY,
  SALES_PERIOD_NAMES,
  SALES_PERIODS,
  type SalesPeriod,
} from "@threadfolk/contract/studio";
import {
  SALE_PAYOUT_NAMES,
  type Sale,
  type SalePayoutState,
  type SalesSummary,
} from "@threadfolk/contract/studio-sales";
import { lazy, Suspense, useId, useMemo, useState } from "react";
import { OrderStateBadge } from "../../../components/order-state-badge.tsx";
import { Pagination } from "../../../components/pagination.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { generalErrorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import type { SalesFilters } from "../api/query-keys.ts";
import { downloadSalesCsv, useSales, useSalesSummary } from "../api/sales.ts";
import { earningsChartData } from "../sales-chart-series.ts";
import { DownloadIcon } from "./studio-icons.tsx";
import { StudioCallout, StudioLoadError } from "./studio-states.tsx";

// uPlot and its stylesheet load only when the chart is drawn (the Sales page, with sales to show).
const EarningsChart = lazy(() => import("./earnings-chart.tsx"));

/** The period named in the URL (`?period=`), all time for anything else. */
export function parseSalesPeriod(value: string | null): SalesPeriod {
  return SALES_PERIODS.find((period) => period === value) ?? "all_time";
}

const PAYOUT_BADGE: Record<SalePayoutState, { label: string; className: string }> = {
  pending: { label: SALE_PAYOUT_NAMES.pending, className: "bg-amber-100 text-amber-900" },
  available: { label: SALE_PAYOUT_NAMES.available, className: "bg-emerald-100 text-emerald-900" },
  reversed: { label: SALE_PAYOUT_NAMES.reversed, className: "bg-neutral-200 text-neutral-700" },
};

function formatSaleDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

function ColorName({ color }: { color: string }) {
  const resolved = resolveColor(color);
  return (
    <span className="inline-flex items-center gap-1.5">
      {resolved && (
        <span
          aria-hidden="true"
          className="size-3 shrink-0 rounded-full ring-1 ring-neutral-900/20"
          style={{ backgroundColor: COLOR_HEX[resolved] }}
        />
      )}
      {colorDisplayName(color)}
    </span>
  );
}

function PayoutBadge({ payout }: { payout: SalePayoutState }) {
  const badge = PAYOUT_BADGE[payout];
  return (
    <span className={`inline-flex h-6 items-center rounded-full px-2 text-xs font-bold ${badge.className}`}>
      {badge.label}
    </span>
  );
}

function Totals({ totals }: { totals: SalesSummary["totals"] }) {
  const cards = [
    { label: SALES_PERIOD_NAMES.this_month, cents: totals.thisMonthCents },
    { label: SALES_PERIOD_NAMES.last_30_days, cents: totals.last30DaysCents },
    { label: SALES_PERIOD_NAMES.all_time, cents: totals.allTimeCents },
  ];
  return (
    <section aria-label="Earnings totals" className="space-y-3">
      <dl className="grid grid-cols-3 gap-2 md:gap-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl bg-neutral-50 px-3 py-3 md:px-5 md:py-4">
            <dt className="text-xs font-semibold text-neutral-600 md:text-sm">{card.label}</dt>
            <dd className="mt-1 font-display text-lg font-extrabold tracking-tight text-neutral-950 tabular-nums md:text-3xl">
              {formatCents(card.cents)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-x-6 gap-y-1 px-1 text-sm text-neutral-700">
        <p className="text-neutral-500">
          Earnings become available {EARNINGS_HOLD_DAYS_AFTER_DELIVERY} days after the order is delivered.
        </p>
      </div>
    </section>
  );
}

function SalesTable({ sales }: { sales: Sale[] }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="border-b border-neutral-200 text-xs font-bold tracking-wide text-neutral-600 uppercase">
        <tr>
          <th scope="col" className="py-2 pr-3">
            Date
          </th>
          <th scope="col" className="py-2 pr-3">
            Design
          </th>
          <th scope="col" className="py-2 pr-3">
            Style
          </th>
          <th scope="col" className="py-2 pr-3">
            Size
          </th>
          <th scope="col" className="py-2 pr-3">
            Colour
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            Qty
          </th>
          <th scope="col" className="py-2 pr-3">
            Order status
          </th>
          <th scope="col" className="py-2 text-right">
            Earnings
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100">
        {sales.map(({ id, attributes: sale }) => (
          <tr key={id} className="align-top">
            <td className="py-2.5 pr-3 whitespace-nowrap text-neutral-700">
              <time dateTime={sale.soldAt}>{formatSaleDate(sale.soldAt)}</time>
            </td>
            <td className="max-w-56 py-2.5 pr-3 font-semibold text-neutral-900">
              <span className="line-clamp-2">{sale.designName}</span>
              <span className="block text-xs font-normal text-neutral-500">{sale.orderNumber}</span>
            </td>
            <td className="py-2.5 pr-3 text-neutral-700">{sale.garmentStyle}</td>
            <td className="py-2.5 pr-3 text-neutral-700">{sale.size}</td>
            <td className="py-2.5 pr-3 whitespace-nowrap text-neutral-700">
              <ColorName color={sale.color} />
            </td>
            <td className="py-2.5 pr-3 text-right tabular-nums">{sale.quantity}</td>
            <td className="py-2.5 pr-3">
              <OrderStateBadge state={sale.orderState} compact />
            </td>
            <td className="py-2.5 text-right whitespace-nowrap">
              <span className="block font-bold text-neutral-950 tabular-nums">{sale.earnings}</span>
              <PayoutBadge payout={sale.payout} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phones: each sold line as a stacked row (the table's columns as labelled facts). */
function SalesRows({ sales }: { sales: Sale[] }) {
  return (
    <ul className="divide-y divide-neutral-100" aria-label="Sold lines">
      {sales.map(({ id, attributes: sale }) => (
        <li key={id} className="py-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-semibold text-neutral-900">{sale.designName}</p>
              <p className="text-xs text-neutral-500">
                <time dateTime={sale.soldAt}>{formatSaleDate(sale.soldAt)}</time> · {sale.orderNumber}
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className="font-bold text-neutral-950 tabular-nums">{sale.earnings}</p>
              <PayoutBadge payout={sale.payout} />
            </div>
          </div>
          <dl className="mt-1.5 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-neutral-700">
            <div className="flex gap-1">
              <dt className="sr-only">Style</dt>
              <dd>{sale.garmentStyle}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-neutral-500">Size</dt>
              <dd>{sale.size}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="sr-only">Colour</dt>
              <dd>
                <ColorName color={sale.color} />
              </dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-neutral-500">Qty</dt>
              <dd>{sale.quantity}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="sr-only">Order status</dt>
              <dd>
                <OrderStateBadge state={sale.orderState} compact />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

type SalesViewProps = {
  filters: SalesFilters;
  page: number;
  layout: "desktop" | "mobile";
  /** The URL of filters and a page (the page keeps them in its search parameters). */
  hrefFor: (filters: SalesFilters, page: number) => string;
  onFiltersChange: (filters: SalesFilters) => void;
};

/**
 * Sales: totals (this month, last 30 days, all time; pending and available), the earnings chart, filters by
 * period and design, the sold lines a page at a time, and the CSV export.
 */
export function SalesView({ filters, page, layout, hrefFor, onFiltersChange }: SalesViewProps) {
  const summary = useSalesSummary(filters.designUuid);
  const sales = useSales(filters, page);
  const [isExporting, setIsExporting] = useState(false);
  const periodId = useId();
  const designId = useId();
  const series = summary.data?.data.series;
  const chart = useMemo(
    () => (series ? earningsChartData(series, filters.period, new Date()) : undefined),
    [series, filters.period],
  );

  if (summary.isPending) return <Spinner className="py-16" label="Loading your sales" />;
  if (summary.isError) return <StudioLoadError what="Your sales" onRetry={() => summary.refetch()} />;

  const { totals, designs } = summary.data.data;
  // No design has ever sold (the summary lists every design with a sold line, refunded ones included).
  if (designs.length === 0 && totals.allTimeCents === 0 && filters.designUuid === undefined) {
    return (
      <StudioCallout
        title="No sales yet"
        action={{ label: "Open the Product Designer", to: CLIENT_ROUTES.productUploadWizard }}
      >
        When shoppers buy your designs, every sold item shows up here with your earnings. The more designs in your
        storefront, the more there is to find: publish your next one.
      </StudioCallout>
    );
  }

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      await downloadSalesCsv(filters);
    } catch {
      toast.error(generalErrorMessage());
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <div className="space-y-8">
      <Totals totals={totals} />

      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="grid grid-cols-2 gap-3 md:flex md:gap-4">
          <div>
            <label htmlFor={periodId} className="mb-1 block text-xs font-bold tracking-wide text-neutral-600 uppercase">
              Period
            </label>
            <select
              id={periodId}
              value={filters.period}
              onChange={(event) => onFiltersChange({ ...filters, period: parseSalesPeriod(event.target.value) })}
              className="h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-base md:w-48 md:text-[15px]"
            >
              {SALES_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {SALES_PERIOD_NAMES[period]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={designId} className="mb-1 block text-xs font-bold tracking-wide text-neutral-600 uppercase">
              Design
            </label>
            <select
              id={designId}
              value={filters.designUuid ?? ""}
              onChange={(event) => onFiltersChange({ ...filters, designUuid: event.target.value || undefined })}
              className="h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-base md:w-64 md:text-[15px]"
            >
              <option value="">All designs</option>
              {designs.map((design) => (
                <option key={design.uuid} value={design.uuid}>
                  {design.displayName}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button
          type="button"
          onClick={() => void exportCsv()}
          disabled={isExporting}
          aria-busy={isExporting || undefined}
          className="inline-flex h-11 items-center justify-center gap-2 rounded-full border border-neutral-300 bg-white px-5 text-sm font-bold text-neutral-900 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60"
        >
          <DownloadIcon className="size-4" />
          {isExporting ? "Exporting…" : "Export CSV"}
        </button>
      </div>

      {chart && (
        <section aria-labelledby="earnings-chart" className="rounded-2xl ring-1 ring-neutral-900/10 p-3 md:p-5">
          <h2 id="earnings-chart" className="mb-2 font-display text-lg font-extrabold tracking-tight text-neutral-950">
            Earnings, {SALES_PERIOD_NAMES[filters.period].toLowerCase()}
          </h2>
          <div className={layout === "mobile" ? "min-h-[232px]" : "min-h-[292px]"}>
            <Suspense fallback={<Spinner className="py-16" label="Loading the chart" />}>
              <EarningsChart data={chart} compact={layout === "mobile"} />
            </Suspense>
          </div>
        </section>
      )}

      <section aria-label="Sold items">
        <h2 className="mb-3 font-display text-lg font-extrabold tracking-tight text-neutral-950">
          Sold items
          {sales.data && (
            <span className="ml-2 text-sm font-semibold text-neutral-500">
              {sales.data.meta.totalCount}
              <span className="sr-only"> in all</span>
            </span>
          )}
        </h2>
        {sales.isPending ? (
          <Spinner className="py-10" label="Loading your sold items" />
        ) : sales.isError ? (
          <StudioLoadError what="Your sold items" onRetry={() => sales.refetch()} />
        ) : sales.data.data.length === 0 ? (
          <p className="rounded-2xl bg-neutral-50 px-5 py-8 text-neutral-700">No sales for these filters.</p>
        ) : (
          <div className={sales.isPlaceholderData ? "opacity-60" : undefined}>
            {layout === "desktop" ? <SalesTable sales={sales.data.data} /> : <SalesRows sales={sales.data.data} />}
            <Pagination
              page={page}
              totalPages={sales.data.meta.totalPages}
              hrefForPage={(target) => hrefFor(filters, target)}
            />
          </div>
        )}
      </section>
    </div>
  );
}
