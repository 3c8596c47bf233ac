import { formatCents } from "@threadfolk/contract/money";
import type { PlacedOrderState } from "@threadfolk/contract/orders";
import type { Sale, SalePayoutState } from "@threadfolk/contract/studio-sales";
import { nameGarmentStyle } from "../cart/presenters.ts";
import type { SaleRow } from "./queries.ts";

export function payoutOf(row: Pick<SaleRow, "reversed" | "windowPassed">): SalePayoutState {
  if (row.reversed) return "reversed";
  return row.windowPassed ? "available" : "pending";
}

export function presentSale(row: SaleRow): Sale {
  return {
    id: String(row.id),
    type: "sale",
    attributes: {
      soldAt: row.soldAt.toISOString(),
      orderNumber: row.orderNumber,
      designUuid: row.designId,
      designName: row.designName,
      garmentStyle: nameGarmentStyle({ fit: row.styleFit, displayName: row.styleName }),
      size: row.size,
      color: row.color,
      quantity: row.quantity,
      orderState: row.orderState as PlacedOrderState,
      earningsCents: row.earningsCents,
      earnings: formatCents(row.earningsCents),
      payout: payoutOf(row),
    },
  };
}

/** Every day from the first day with sales to `today` (UTC), days without sales at 0. */
export function fillDailySeries(
  days: ReadonlyArray<{ date: string; earningsCents: number }>,
  today: Date,
): Array<{ date: string; earningsCents: number }> {
  const [first] = days;
  if (!first) return [];
  const byDate = new Map(days.map((day) => [day.date, day.earningsCents]));
  const series: Array<{ date: string; earningsCents: number }> = [];
  const end = today.toISOString().slice(0, 10);
  const last = days[days.length - 1]?.date ?? end;
  for (let at = new Date(`${first.date}T00:00:00Z`); ; at = new Date(at.getTime() + 86_400_000)) {
    const date = at.toISOString().slice(0, 10);
    series.push({ date, earningsCents: byDate.get(date) ?? 0 });
    if (date >= end && date >= last) break;
  }
  return series;
}
