import type { SalesPeriod } from "@threadfolk/contract/studio";
import { SALES_PAGE_SIZE, type SalesResponse, type SalesSummaryResponse } from "@threadfolk/contract/studio-sales";
import type { Database } from "../../db/client.ts";
import { presentPageMeta } from "../discovery/presenters.ts";
import { fillDailySeries, presentSale } from "./presenters.ts";
import { findDailyEarnings, findDesignsWithSales, findSales, findSalesTotals, type SaleRow } from "./queries.ts";

/** Most lines one CSV export carries (newest first); an artist past it narrows the period or the design. */
export const SALES_CSV_MAX_ROWS = 100_000;

/** One page of the artist's sold lines, newest first. */
export async function listSales({
  db,
  artistId,
  period,
  designId,
  page,
}: {
  db: Database;
  artistId: string;
  period: SalesPeriod;
  designId?: string | undefined;
  page: number;
}): Promise<SalesResponse> {
  const perPage = SALES_PAGE_SIZE;
  const { rows, totalCount } = await findSales({
    db,
    filter: { artistId, period, designId },
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  return { data: rows.map(presentSale), meta: presentPageMeta({ totalCount, page, perPage }) };
}

/** The Sales page's totals, daily chart series and design filter. */
export async function getSalesSummary({
  db,
  artistId,
  designId,
  now = new Date(),
}: {
  db: Database;
  artistId: string;
  designId?: string | undefined;
  now?: Date;
}): Promise<SalesSummaryResponse> {
  const totals = await findSalesTotals({ db, artistId, designId });
  const days = await findDailyEarnings({ db, artistId, designId });
  const designs = await findDesignsWithSales({ db, artistId });
  return { data: { totals, series: fillDailySeries(days, now), designs } };
}

/** Every sold line of the filters, for the CSV export. */
export async function findSalesForExport(options: {
  db: Database;
  artistId: string;
  period: SalesPeriod;
  designId?: string | undefined;
}): Promise<SaleRow[]> {
  const { db, artistId, period, designId } = options;
  const { rows } = await findSales({ db, filter: { artistId, period, designId }, limit: SALES_CSV_MAX_ROWS });
  return rows;
}
