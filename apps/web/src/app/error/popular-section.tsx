import { PopularDesignsSection } from "../../features/catalogue/components/popular-designs-section.tsx";
import { LazyAuthModal, LazyCollectionsMenu } from "../lazy-overlays.tsx";
import { useErrorPageCardHeart } from "../use-design-card-heart.ts";
import { ErrorBoundary } from "./error-boundary.tsx";
import { PopularCollectionsSection } from "./error-fallback-page.tsx";

function ignoreError(): void {
  // The collection links stand in; the error that brought the visitor here has been reported already.
}

/**
 * The overlays the cards' hearts open (the auth modal, the collections menu): the error page replaces the
 * root that renders them elsewhere. If they fail too, the page stays without them.
 */
function ErrorPageOverlays() {
  return (
    <ErrorBoundary hasError={false} onError={ignoreError} fallback={null}>
      <LazyAuthModal />
      <LazyCollectionsMenu />
    </ErrorBoundary>
  );
}

/**
 * The error page's popular section: the popular designs when they load, the collection links when they do
 * not, and the links again if the cards themselves fail to render (this page must never fail). The hearts work
 * as on every other page.
 */
export function ErrorPagePopularSection() {
  const onHeartClick = useErrorPageCardHeart();
  return (
    <>
      <ErrorBoundary hasError={false} onError={ignoreError} fallback={<PopularCollectionsSection />}>
        <PopularDesignsSection fallback={<PopularCollectionsSection />} onHeartClick={onHeartClick} />
      </ErrorBoundary>
      <ErrorPageOverlays />
    </>
  );
}
