import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { useNavigate, useSearchParams } from "react-router";
import { PageHeading } from "../../components/page-heading.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useSellerProfile } from "../../features/studio/api/get-seller-profile.ts";
import type { SalesFilters } from "../../features/studio/api/query-keys.ts";
import { PayoutsPanel } from "../../features/studio/components/payouts-panel.tsx";
import { parseSalesPeriod, SalesView } from "../../features/studio/components/sales-view.tsx";
import { NoStorefrontCallout, StudioLoadError } from "../../features/studio/components/studio-states.tsx";
import { parsePageParam } from "../../lib/catalogue-paths.ts";
import { useIsDesktop } from "../../lib/use-media-query.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function salesHref(filters: SalesFilters, page: number): string {
  const search = new URLSearchParams();
  if (filters.period !== "all_time") search.set("period", filters.period);
  if (filters.designUuid) search.set("design", filters.designUuid);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${CLIENT_ROUTES.sellerOrders}?${query}` : CLIENT_ROUTES.sellerOrders;
}

/** Sales (`/my-profile/seller-orders?period=&design=&page=`, spec section 2): the artist's earnings. */
export default function SellerOrdersPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const design = searchParams.get("design");
  const filters: SalesFilters = {
    period: parseSalesPeriod(searchParams.get("period")),
    designUuid: design && UUID_PATTERN.test(design) ? design.toLowerCase() : undefined,
  };
  const page = parsePageParam(searchParams.get("page")) ?? 1;
  const isDesktop = useIsDesktop();
  const storefront = useSellerProfile({ enabled: true });

  return (
    <div className="pb-16">
      <PageHeading title="Sales" eyebrow="My Profile">
        <p className="mt-3 max-w-2xl text-neutral-600">Every item sold from your storefront, and what you earned.</p>
      </PageHeading>
      <div className="px-5 md:px-10">
        {storefront.isPending ? (
          <Spinner className="py-16" label="Loading your sales" />
        ) : storefront.isError ? (
          <StudioLoadError what="Your storefront" onRetry={() => storefront.refetch()} />
        ) : storefront.data === null ? (
          <NoStorefrontCallout />
        ) : (
          <div className="space-y-12">
            <PayoutsPanel />
            <SalesView
              filters={filters}
              page={page}
              layout={isDesktop ? "desktop" : "mobile"}
              hrefFor={salesHref}
              onFiltersChange={(next) => void navigate(salesHref(next, 1), { replace: true })}
            />
          </div>
        )}
      </div>
    </div>
  );
}
