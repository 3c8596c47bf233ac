import { useCallback, useSyncExternalStore } from "react";

/** Tailwind's `md` breakpoint: below it the mobile layouts apply (spec: "Mobile devices get separate layouts"). */
export const DESKTOP_MEDIA_QUERY = "(min-width: 768px)";

/**
 * True while the media query matches; follows changes. Read synchronously on the first render, so a page can
 * render only one of its layouts (and download only that layout's images).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True on desktop layouts (md and up). */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_MEDIA_QUERY);
}
