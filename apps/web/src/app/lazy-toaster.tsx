import { lazy, Suspense, useEffect, useState } from "react";
import { onToasterRequested, requestToaster } from "../lib/toast.ts";
import { useIsDesktop } from "../lib/use-media-query.ts";
import { IDLE_PREFETCH_DELAY_MS, runWhenIdle } from "../lib/when-idle.ts";

const Toaster = lazy(async () => ({ default: (await import("sonner")).Toaster }));

/** The desktop navigation bar's height (72px) and a gap under it. */
const DESKTOP_TOP_OFFSET_PX = 88;
/** The phone navigation bar's height with its search field (112px) and a gap under it. */
const PHONE_TOP_OFFSET_PX = 120;

/**
 * The toast area (coloured theme), mounted when the browser is idle after start-up, so that its live region
 * is in place before the visitor's first action, or earlier if a toast is shown first (decision 011). Toasts
 * never cover the navigation bar (decision 045): they drop in at the top centre just below it (72px on desktop,
 * 112px with the search field on phones). Never at the bottom: on phones that is where the step's main button
 * (Place Order, Continue shopping) sits, and an error toast there took the tap meant for it.
 */
export function LazyToaster() {
  const isDesktop = useIsDesktop();
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => onToasterRequested(() => setIsMounted(true)), []);
  useEffect(() => runWhenIdle(requestToaster, IDLE_PREFETCH_DELAY_MS), []);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        richColors
        closeButton
        position="top-center"
        offset={{ top: isDesktop ? DESKTOP_TOP_OFFSET_PX : PHONE_TOP_OFFSET_PX }}
        mobileOffset={{ top: PHONE_TOP_OFFSET_PX }}
        toastOptions={{ duration: 5000 }}
      />
    </Suspense>
  );
}
