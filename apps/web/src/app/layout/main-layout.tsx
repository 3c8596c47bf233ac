import { Outlet } from "react-router";
import { MyProfileGuard } from "../../features/session/components/my-profile-guard.tsx";
import { useAuthActions } from "./auth-actions.ts";
import { Footer } from "./footer.tsx";
import { NavigationBar } from "./navigation-bar.tsx";
import { NavigationProgress } from "./navigation-progress.tsx";

/** The layout of every page except the two checkout steps: navigation bar, content at most 1440px, footer. */
export function MainLayout() {
  const authActions = useAuthActions();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-full bg-neutral-950 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <NavigationBar {...authActions} />
      <NavigationProgress />
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-[1440px] flex-1 focus:outline-none">
        <MyProfileGuard>
          <Outlet />
        </MyProfileGuard>
      </main>
      <Footer />
    </div>
  );
}
