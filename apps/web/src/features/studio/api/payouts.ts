import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type {
  PayoutDetailResponse,
  PayoutSettings,
  PayoutSummary,
  PayoutsResponse,
} from "@threadfolk/contract/studio-payouts";
import { ApiError, apiRequest, ensureAccessToken, renewRejectedAccessToken } from "../../../lib/api-client.ts";
import { studioKeys } from "./query-keys.ts";

/** Balances, the next payout and the payout settings (issue 29). */
export function usePayoutSummary() {
  return useQuery({
    queryKey: studioKeys.payoutSummary(),
    queryFn: ({ signal }) => apiRequest<{ data: PayoutSummary }>(API.payoutSummary.path, { signal }),
    staleTime: 0,
  });
}

/** A page of the artist's payouts, newest first. */
export function usePayouts(page: number) {
  return useQuery({
    queryKey: studioKeys.payoutList(page),
    queryFn: ({ signal }) => apiRequest<PayoutsResponse>(API.payouts.path, { params: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One payout with the sales it pays (loaded when the artist opens it). */
export function usePayout(payoutId: string, enabled: boolean) {
  return useQuery({
    queryKey: studioKeys.payout(payoutId),
    queryFn: ({ signal }) => apiRequest<PayoutDetailResponse>(apiPath(API.payout, { payout_id: payoutId }), { signal }),
    enabled,
  });
}

/** Asks for payouts to go to a PayPal e-mail: the password, then a link sent to that address. */
export function useChangePayPalEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { paypalEmail: string; currentPassword: string }) =>
      apiRequest<{ data: PayoutSettings }>(API.changePayPalEmail.path, {
        method: "PUT",
        body: { payoutSettings: input },
      }),
    meta: { isExpectedError: () => true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.payouts() }),
  });
}

/** Sets the minimum payout (cents). */
export function useUpdateMinimumPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minimumPayoutCents: number) =>
      apiRequest<{ data: PayoutSettings }>(API.updatePayoutSettings.path, {
        method: "PATCH",
        body: { payoutSettings: { minimumPayoutCents } },
      }),
    meta: { isExpectedError: () => true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.payouts() }),
  });
}

/** Confirms a PayPal e-mail with its link's token (no sign-in needed: the link proves the mailbox). */
export function useConfirmPayPalEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ data: PayoutSettings }>(API.confirmPayPalEmail.path, { method: "POST", body: { token } }),
    meta: { isExpectedError: () => true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.payouts() }),
  });
}

/** Downloads a payout's statement (CSV or PDF) with the bearer token, through a temporary object URL. */
export async function downloadPayoutStatement(payoutId: string, format: "csv" | "pdf"): Promise<void> {
  const url = apiPath(format === "csv" ? API.payoutStatementCsv : API.payoutStatementPdf, { payout_id: payoutId });
  const send = (token: string) => fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const token = await ensureAccessToken();
  let response = await send(token);
  if (response.status === 401) response = await send(await renewRejectedAccessToken(token));
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: "export_failed",
      message: `Download failed (${response.status})`,
    });
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `statement.${format}`;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}
