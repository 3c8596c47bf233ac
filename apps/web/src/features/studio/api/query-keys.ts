import type { SalesPeriod } from "@threadfolk/contract/studio";
import type { MyDesignsFilter } from "@threadfolk/contract/studio-sales";

export type { MyDesignsFilter };
export type SalesFilters = { period: SalesPeriod; designUuid: string | undefined };

/** Every studio query key, from one factory. */
export const studioKeys = {
  all: ["studio"] as const,
  /** The caller's storefront (null when they have none): the menus and tabs read it too. */
  sellerProfile: () => [...studioKeys.all, "seller-profile"] as const,
  myDesigns: () => [...studioKeys.all, "my-designs"] as const,
  myDesignsList: (status: MyDesignsFilter, page: number) => [...studioKeys.myDesigns(), status, page] as const,
  collections: () => [...studioKeys.all, "collections"] as const,
  sales: () => [...studioKeys.all, "sales"] as const,
  salesList: (filters: SalesFilters, page: number) =>
    [...studioKeys.sales(), "list", filters.period, filters.designUuid ?? "", page] as const,
  salesSummary: (designUuid: string | undefined) => [...studioKeys.sales(), "summary", designUuid ?? ""] as const,
  payouts: () => [...studioKeys.all, "payouts"] as const,
  payoutSummary: () => [...studioKeys.payouts(), "summary"] as const,
  payoutList: (page: number) => [...studioKeys.payouts(), "list", page] as const,
  payout: (payoutId: string) => [...studioKeys.payouts(), "detail", payoutId] as const,
};
