import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { STUDIO_API } from "@threadfolk/contract/studio";
import type { SalesResponse, SalesSummaryResponse } from "@threadfolk/contract/studio-sales";
import { ApiError, apiRequest, ensureAccessToken, renewRejectedAccessToken } from "../../../lib/api-client.ts";
import { type SalesFilters, studioKeys } from "./query-keys.ts";

export const salesQueryOptions = (filters: SalesFilters, page: number) =>
  queryOptions({
    queryKey: studioKeys.salesList(filters, page),
    queryFn: ({ signal }) =>
      apiRequest<SalesResponse>(STUDIO_API.sales, {
        params: { period: filters.period, designUuid: filters.designUuid, page },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** One page of the sold lines for the filters. */
export function useSales(filters: SalesFilters, page: number) {
  return useQuery(salesQueryOptions(filters, page));
}

/** The totals, the daily series for the chart and the designs with sales (for one design, or all). */
export function useSalesSummary(designUuid: string | undefined) {
  return useQuery({
    queryKey: studioKeys.salesSummary(designUuid),
    queryFn: ({ signal }) =>
      apiRequest<SalesSummaryResponse>(STUDIO_API.salesSummary, { params: { designUuid }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The export's file name: `threadfolk-sales-{period}[-{design}]-{YYYY-MM-DD}.csv`. */
export function salesCsvFileName(filters: SalesFilters, today: Date): string {
  const day = today.toISOString().slice(0, 10);
  const design = filters.designUuid ? `-${filters.designUuid.slice(0, 8)}` : "";
  return `threadfolk-sales-${filters.period.replaceAll("_", "-")}${design}-${day}.csv`;
}

/**
 * Downloads the sold lines as CSV: fetched with the bearer token (a plain link cannot carry it), then saved
 * through a temporary object URL.
 */
export async function downloadSalesCsv(filters: SalesFilters): Promise<void> {
  const search = new URLSearchParams({ period: filters.period });
  if (filters.designUuid) search.set("design_uuid", filters.designUuid);
  const url = `${STUDIO_API.salesCsv}?${search.toString()}`;
  const send = (token: string) => fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: "text/csv" } });
  const token = await ensureAccessToken();
  let response = await send(token);
  // One refresh and one retry, as the API client does for JSON calls.
  if (response.status === 401) response = await send(await renewRejectedAccessToken(token));
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: "export_failed",
      message: `Export failed (${response.status})`,
    });
  }
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = objectUrl;
  link.download = salesCsvFileName(filters, new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}
