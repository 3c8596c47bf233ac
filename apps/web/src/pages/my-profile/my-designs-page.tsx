import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { Link, useSearchParams } from "react-router";
import { PageHeading } from "../../components/page-heading.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useSellerProfile } from "../../features/studio/api/get-seller-profile.ts";
import type { MyDesignsFilter } from "../../features/studio/api/query-keys.ts";
import { MyDesignsView, parseMyDesignsFilter } from "../../features/studio/components/my-designs-view.tsx";
import { PlusIcon } from "../../features/studio/components/studio-icons.tsx";
import { NoStorefrontCallout, StudioLoadError } from "../../features/studio/components/studio-states.tsx";
import { parsePageParam } from "../../lib/catalogue-paths.ts";
import { useIsDesktop } from "../../lib/use-media-query.ts";

function myDesignsHref(filter: MyDesignsFilter, page: number): string {
  const search = new URLSearchParams();
  if (filter !== "all") search.set("status", filter);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${CLIENT_ROUTES.myDesigns}?${query}` : CLIENT_ROUTES.myDesigns;
}

/** My Designs (`/my-profile/my-designs?status=&page=`, spec section 2). */
export default function MyDesignsPage() {
  const [searchParams] = useSearchParams();
  const filter = parseMyDesignsFilter(searchParams.get("status"));
  const page = parsePageParam(searchParams.get("page")) ?? 1;
  const isDesktop = useIsDesktop();
  const storefront = useSellerProfile({ enabled: true });

  return (
    <div className="pb-16">
      <PageHeading title="My Designs" eyebrow="My Profile">
        {storefront.data && (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Link
              to={CLIENT_ROUTES.productUploadWizard}
              className="inline-flex h-11 items-center gap-1.5 rounded-full bg-brand px-5 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              <PlusIcon className="size-4" />
              New design
            </Link>
            <Link
              to={storefront.data.attributes.storefrontPath}
              className="text-sm font-semibold text-neutral-800 underline-offset-4 hover:text-brand hover:underline"
            >
              View your storefront
            </Link>
          </div>
        )}
      </PageHeading>
      <div className="px-5 md:px-10">
        {storefront.isPending ? (
          <Spinner className="py-16" label="Loading your designs" />
        ) : storefront.isError ? (
          <StudioLoadError what="Your storefront" onRetry={() => storefront.refetch()} />
        ) : storefront.data === null ? (
          <NoStorefrontCallout />
        ) : (
          <MyDesignsView
            filter={filter}
            page={page}
            layout={isDesktop ? "desktop" : "mobile"}
            hrefFor={myDesignsHref}
          />
        )}
      </div>
    </div>
  );
}
