import { lazy, Suspense, useEffect, useState } from "react";
import { onToasterRequested, requestToaster } from "../lib/toast.ts";
import { useIsDesktop } from "../lib/use-media-query.ts";
import { IDLE_PREFETCH_DELAY_MS, runWhenIdle } from "../lib/when-idle.ts";

const Toaster = lazy(async () => ({ default: (await import("sonner")).Toaster }));

/** The desktop navigation bar's height (72px) and a gap under it. */
const DESKTOP_TOP_OFFSET_PX = 88;

/**
 * The toast area (coloured theme), mounted when the browser is idle after start-up, so that its live region
 * is in place before the visitor's first action, or earlier if a toast is shown first (decision 011). Toasts
 * never cover the sticky navigation bar (decision 045): on desktop they drop in at the top centre just below
 * its 72px; on phones, where the bar and its search field fill the top, they rise from the bottom.
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
        position={isDesktop ? "top-center" : "bottom-center"}
        offset={isDesktop ? { top: DESKTOP_TOP_OFFSET_PX } : undefined}
        toastOptions={{ duration: 5000 }}
      />
    </Suspense>
  );
}
