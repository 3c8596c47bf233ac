import type { ReactNode } from "react";
import { Spinner } from "../../components/spinner.tsx";
import { useSellerProfile } from "../../features/studio/api/get-seller-profile.ts";
import { NoStorefrontCallout, StudioLoadError } from "../../features/studio/components/studio-states.tsx";

/**
 * The designer's pages are an artist's: a customer without a storefront is offered to open one instead of
 * screens whose every request the API would refuse (403).
 */
export function StorefrontGate({ children }: { children: ReactNode }) {
  const storefront = useSellerProfile({ enabled: true });
  return (
    <div>
      {storefront.isPending ? (
        <Spinner className="py-16" label="Loading your storefront" />
      ) : storefront.isError ? (
        <div className="px-5 md:px-10">
          <StudioLoadError what="Your storefront" onRetry={() => storefront.refetch()} />
        </div>
      ) : storefront.data === null ? (
        <div className="px-5 md:px-10">
          <NoStorefrontCallout />
        </div>
      ) : (
        children
      )}
    </div>
  );
}
