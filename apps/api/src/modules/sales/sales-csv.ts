import { colorDisplayName } from "@threadfolk/contract/colors";
import { ORDER_STATE_NAMES, type PlacedOrderState } from "@threadfolk/contract/orders";
import { SALE_PAYOUT_NAMES, SALES_CSV_COLUMNS } from "@threadfolk/contract/studio-sales";
import { nameGarmentStyle } from "../cart/presenters.ts";
import { payoutOf } from "./presenters.ts";
import type { SaleRow } from "./queries.ts";

/**
 * The Sales CSV export (RFC 4180): a header row, CRLF line ends, every field quoted when it holds a comma, a
 * quote or a line break (quotes doubled). Text cells that a spreadsheet would read as a formula (starting
 * with =, +, -, @, a tab or a carriage return) are prefixed with an apostrophe (OWASP's CSV injection advice):
 * design names are the artists' own text, but an export is opened by whoever downloads it. Money is decimal
 * dollars without a symbol ("12.50"), so spreadsheets read numbers.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell, safe from formula injection. */
export function textCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Cents as a plain decimal: 1250 -> "12.50", -5 -> "-0.05". */
export function decimalDollars(cents: number): string {
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  const rest = String(magnitude % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${whole}.${rest}`;
}

/** One field as CSV: quoted when it has to be. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRow(fields: readonly string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

export function saleCsvFields(row: SaleRow): string[] {
  return [
    row.soldAt.toISOString().slice(0, 10),
    textCell(row.orderNumber),
    textCell(row.designName),
    textCell(nameGarmentStyle({ fit: row.styleFit, displayName: row.styleName })),
    textCell(row.size),
    textCell(colorDisplayName(row.color)),
    String(row.quantity),
    textCell(ORDER_STATE_NAMES[row.orderState as PlacedOrderState] ?? row.orderState),
    decimalDollars(row.earningsCents),
    SALE_PAYOUT_NAMES[payoutOf(row)],
  ];
}

/** The whole export: the header, then one row per sold line, newest first. */
export function renderSalesCsv(rows: readonly SaleRow[]): string {
  return [csvRow(SALES_CSV_COLUMNS), ...rows.map((row) => csvRow(saleCsvFields(row)))].join("");
}

/** `sales-2026-11-23.csv`: the export's file name, dated (UTC). */
export function salesCsvFileName(now: Date): string {
  return `sales-${now.toISOString().slice(0, 10)}.csv`;
}
