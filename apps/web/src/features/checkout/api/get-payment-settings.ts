import { queryOptions, useQuery } from "@tanstack/react-query";
import { API, apiPath } from "@threadfolk/contract/api-paths";
import type { PaymentSettingsResponse } from "@threadfolk/contract/orders";
import { apiRequest } from "../../../lib/api-client.ts";
import { checkoutKeys } from "./query-keys.ts";

/** `GET /api/v1/payment_settings` (public): which card processor takes the card and how PayPal's buttons load. */
export function getPaymentSettings(signal?: AbortSignal): Promise<PaymentSettingsResponse> {
  return apiRequest<PaymentSettingsResponse>(apiPath(API.paymentSettings), { signal, isPublic: true });
}

export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: checkoutKeys.paymentSettings(),
    queryFn: ({ signal }) => getPaymentSettings(signal),
    // Configuration of the server: it changes only with a restart.
    staleTime: 10 * 60_000,
    refetchOnWindowFocus: false,
  });

/** The payment step's settings (the test processor's notice beside the card fields, PayPal's SDK). */
export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}
