import { Outlet } from "react-router";
import { NavigationProgress } from "./navigation-progress.tsx";

/**
 * The checkout steps' layout: no navigation bar and no footer. The pages bring their own secure header (the
 * banner) and their `main`, so that the header is a landmark of its own rather than part of the content.
 */
export function BareLayout() {
  return (
    <div className="min-h-dvh bg-neutral-50">
      <NavigationProgress />
      <div className="mx-auto w-full max-w-[1440px]">
        <Outlet />
      </div>
    </div>
  );
}
