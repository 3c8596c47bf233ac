import { PopularDesignsSection } from "../../features/catalogue/components/popular-designs-section.tsx";
import { ErrorBoundary } from "./error-boundary.tsx";
import { PopularCollectionsSection } from "./error-fallback-page.tsx";

function ignoreError(): void {
  // The collection links stand in; the error that brought the visitor here has been reported already.
}

/**
 * The error page's popular section: the popular designs when they load, the collection links when they do
 * not, and the links again if the cards themselves fail to render (this page must never fail).
 */
export function ErrorPagePopularSection() {
  return (
    <ErrorBoundary hasError={false} onError={ignoreError} fallback={<PopularCollectionsSection />}>
      <PopularDesignsSection fallback={<PopularCollectionsSection />} />
    </ErrorBoundary>
  );
}
