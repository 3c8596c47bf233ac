import type { MyDesignStatus } from "./studio-wire.ts";

export type MyDesignsFilter = MyDesignStatus | "all";
export type SalesFilters = { period: "this_month" | "last_30_days" | "all_time"; designUuid: string | undefined };

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
};
