import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ADMIN_API } from "@threadfolk/contract/admin-api-paths";
import { apiPath } from "@threadfolk/contract/api-paths";
import type {
  CarouselReply,
  CodeRedemptionReply,
  CuratedCollectionReply,
  MarketplaceSaleReply,
  MerchandisingDesign,
  PromoCodeReply,
} from "@threadfolk/contract/merchandising";
import { adminFetch } from "../admin-api.ts";

/**
 * The merchandising screens' calls (issue 28, decision 076): one query per list, and mutations that put the
 * server's answer straight into the list's cache (every change answers the whole changed record).
 */

export const merchandisingKeys = {
  all: ["admin", "merchandising"] as const,
  collections: () => [...merchandisingKeys.all, "collections"] as const,
  designs: (query: string) => [...merchandisingKeys.all, "designs", query] as const,
  carousel: () => [...merchandisingKeys.all, "carousel"] as const,
  sales: () => [...merchandisingKeys.all, "sales"] as const,
  codes: (kind: "codes" | "gift_cards") => [...merchandisingKeys.all, "codes", kind] as const,
  redemptions: (code: string) => [...merchandisingKeys.all, "redemptions", code] as const,
};

export function useCollections() {
  return useQuery({
    queryKey: merchandisingKeys.collections(),
    queryFn: () => adminFetch<{ data: CuratedCollectionReply[] }>(apiPath(ADMIN_API.adminCollections)),
  });
}

export function useDesignSearch(query: string) {
  return useQuery({
    queryKey: merchandisingKeys.designs(query),
    queryFn: () =>
      adminFetch<{ data: MerchandisingDesign[] }>(apiPath(ADMIN_API.adminMerchandisingDesigns), { query: { query } }),
    enabled: query.trim().length > 0,
  });
}

export function useCarousel() {
  return useQuery({
    queryKey: merchandisingKeys.carousel(),
    queryFn: () => adminFetch<CarouselReply>(apiPath(ADMIN_API.adminCarousel)),
  });
}

export function useSales() {
  return useQuery({
    queryKey: merchandisingKeys.sales(),
    queryFn: () => adminFetch<{ data: MarketplaceSaleReply[] }>(apiPath(ADMIN_API.adminSales)),
  });
}

export function usePromoCodes(kind: "codes" | "gift_cards") {
  return useQuery({
    queryKey: merchandisingKeys.codes(kind),
    queryFn: () => adminFetch<{ data: PromoCodeReply[] }>(apiPath(ADMIN_API.adminPromoCodes), { query: { kind } }),
  });
}

export function useRedemptions(code: string | null) {
  return useQuery({
    queryKey: merchandisingKeys.redemptions(code ?? ""),
    queryFn: () =>
      adminFetch<{ data: CodeRedemptionReply[] }>(apiPath(ADMIN_API.adminPromoCodeRedemptions, { code: code ?? "" })),
    enabled: code !== null,
  });
}

/** A change of one collection: the answer replaces it in the list. */
export function useCollectionChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { path: string; method: string; body?: unknown }) =>
      adminFetch<{ data: CuratedCollectionReply }>(request.path, { method: request.method, body: request.body ?? {} }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<{ data: CuratedCollectionReply[] }>(merchandisingKeys.collections(), (list) =>
        list ? { data: list.data.map((item) => (item.id === data.id ? data : item)) } : list,
      );
    },
  });
}

/** A change of the carousel: the answer is the whole carousel. */
export function useCarouselChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { path: string; method: string; body?: unknown }) =>
      adminFetch<CarouselReply>(request.path, { method: request.method, body: request.body ?? {} }),
    onSuccess: (carousel) => queryClient.setQueryData(merchandisingKeys.carousel(), carousel),
  });
}

/** A change of a sale or a code: the lists are read again. */
export function useMerchandisingChange<Reply>(invalidate: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { path: string; method: string; body?: unknown }) =>
      adminFetch<Reply>(request.path, { method: request.method, body: request.body ?? {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidate }),
  });
}

/** The API's field messages by field (snake_case as sent), for messages under the fields. */
export function fieldErrors(error: unknown): Record<string, string> {
  const details = (error as { details?: Array<{ field: string; message: string }> } | null)?.details ?? [];
  return Object.fromEntries(details.map((detail) => [detail.field, detail.message]));
}

export const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export const formatCents = (cents: number) => dollars.format(cents / 100);
export const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
