import { Link, useLocation, useNavigate } from "react-router";
import { BackIcon } from "../../components/icons/icons.tsx";
import { Logo } from "../../components/logo.tsx";
import { SearchWithSuggestions } from "../../features/catalogue/components/search-with-suggestions.tsx";
import { useSignedIn } from "../../features/session/hooks/use-signed-in.ts";
import { appConfig } from "../../lib/config.ts";
import { AccountMenu } from "./account-menu.tsx";
import type { AuthActions } from "./auth-actions.ts";
import { CartButton } from "./cart-button.tsx";

/** True when the browser history has an entry of this app before the current one. */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === "object" && state !== null && "idx" in state && typeof state.idx === "number" && state.idx > 0
  );
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      aria-label="Go back"
      onClick={() => void (canGoBack() ? navigate(-1) : navigate("/"))}
      className="-ml-2 flex size-11 shrink-0 items-center justify-center rounded-full text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand"
    >
      <BackIcon className="size-6" />
    </button>
  );
}

function DesktopNavigation(props: AuthActions & { isSignedIn: boolean }) {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <div className="mx-auto flex h-[72px] max-w-[1440px] items-center gap-6 px-6 lg:gap-10 lg:px-10">
        <Link
          to="/"
          aria-label={`${appConfig.brandName} home`}
          className="shrink-0 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand"
        >
          <Logo />
        </Link>
        <SearchWithSuggestions label="Search for designs" className="mx-auto max-w-2xl flex-1" />
        <div className="ml-auto flex items-center gap-1">
          <AccountMenu variant="desktop" {...props} />
          <CartButton variant="desktop" />
        </div>
      </div>
    </nav>
  );
}

function MobileNavigation(props: AuthActions & { isSignedIn: boolean }) {
  const { pathname } = useLocation();
  // The home page is the root of the app: the back-button variant is for every other page.
  const showBack = pathname !== "/";
  return (
    <nav aria-label="Mobile" className="md:hidden">
      <div className="flex h-14 items-center gap-1 px-4">
        {showBack && <BackButton />}
        <Link
          to="/"
          aria-label={`${appConfig.brandName} home`}
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          <Logo compact />
        </Link>
        <div className="ml-auto flex items-center">
          <AccountMenu variant="mobile" {...props} />
          <CartButton variant="mobile" />
        </div>
      </div>
      <div className="px-4 pb-3">
        <SearchWithSuggestions
          label={`Search ${appConfig.brandName}`}
          placeholder={`Search ${appConfig.brandName}`}
          showButtonText={false}
        />
      </div>
    </nav>
  );
}

/** The navigation bar: its own layout on desktop (md and up) and on mobile; CSS shows one of the two. */
export function NavigationBar(props: AuthActions) {
  const isSignedIn = useSignedIn();
  return (
    <header className="sticky top-0 z-30 border-b border-neutral-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <DesktopNavigation isSignedIn={isSignedIn} {...props} />
      <MobileNavigation isSignedIn={isSignedIn} {...props} />
    </header>
  );
}
