import { lazy, Suspense, useEffect, useState } from "react";
import { onToasterRequested, requestToaster } from "../lib/toast.ts";
import { IDLE_PREFETCH_DELAY_MS, runWhenIdle } from "../lib/when-idle.ts";

const Toaster = lazy(async () => ({ default: (await import("sonner")).Toaster }));

/**
 * The toast area (coloured theme), mounted when the browser is idle after start-up, so that its live region
 * is in place before the visitor's first action, or earlier if a toast is shown first (decision 011).
 */
export function LazyToaster() {
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => onToasterRequested(() => setIsMounted(true)), []);
  useEffect(() => runWhenIdle(requestToaster, IDLE_PREFETCH_DELAY_MS), []);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster richColors closeButton position="top-center" toastOptions={{ duration: 5000 }} />
    </Suspense>
  );
}
