import { type ReactNode, useCallback, useState } from "react";
import { useLocation } from "react-router";
import { trackEvent } from "../../lib/analytics.ts";
import { ErrorBoundary } from "./error-boundary.tsx";
import { ErrorFallbackPage } from "./error-fallback-page.tsx";
import { ErrorPagePopularSection } from "./popular-section.tsx";

/** Reports a render error with its message, route and time (spec section 8: an 'Errors' analytics event). */
function reportRenderError(error: unknown, route: string): void {
  const message = error instanceof Error ? error.message : String(error);
  const date = new Date().toISOString();
  console.error("Render error", { message, route, date }, error);
  trackEvent("Render Error", "Errors", { message, route, date });
}

/**
 * Wraps the whole app in the error boundary. The error belongs to the location where it happened, so moving
 * to another location turns `hasError` from true to false and the boundary shows the app again.
 */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [errorLocationKey, setErrorLocationKey] = useState<string | null>(null);
  const hasError = errorLocationKey !== null && errorLocationKey === location.key;

  const handleError = useCallback(
    (error: unknown) => {
      setErrorLocationKey(location.key);
      reportRenderError(error, `${location.pathname}${location.search}`);
    },
    [location.key, location.pathname, location.search],
  );

  return (
    <ErrorBoundary
      hasError={hasError}
      onError={handleError}
      fallback={<ErrorFallbackPage popularSection={<ErrorPagePopularSection />} />}
    >
      {children}
    </ErrorBoundary>
  );
}
