import { Outlet } from "react-router";
import { NavigationProgress } from "./navigation-progress.tsx";

/** The checkout steps' layout: no navigation bar and no footer; the pages bring their own secure header. */
export function BareLayout() {
  return (
    <div className="min-h-dvh bg-neutral-50">
      <NavigationProgress />
      <main id="main-content" className="mx-auto w-full max-w-[1440px]">
        <Outlet />
      </main>
    </div>
  );
}
