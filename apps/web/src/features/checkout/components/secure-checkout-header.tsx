import { Link, useLocation, useNavigate } from "react-router";
import { BackIcon, LockIcon, ShieldIcon } from "../../../components/icons/icons.tsx";
import { LogoMark } from "../../../components/logo.tsx";

/**
 * The checkout's bare secure header (spec section 2). Desktop: SECURE CHECKOUT and ENCRYPTED, linking home.
 * Phones: a back button, the secure icon and 'Encrypted'. Back goes to the previous page, or to `backTo` when
 * the step is the first page of the tab (a bookmark, a link from elsewhere): never off the site.
 */
export function SecureCheckoutHeader({ backTo }: { backTo: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router names the entry a tab starts on "default".
  const isFirstPage = location.key === "default";
  return (
    <header className="border-b border-neutral-200 bg-white">
      <div className="hidden h-16 items-center justify-between px-10 md:flex">
        <Link
          to="/"
          className="flex items-center gap-3 rounded focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand"
        >
          <LogoMark className="size-9" />
          <span className="flex items-center gap-2 text-sm font-extrabold tracking-[0.2em] text-neutral-950">
            <LockIcon className="size-4" />
            SECURE CHECKOUT
          </span>
        </Link>
        <Link
          to="/"
          className="flex items-center gap-2 rounded text-xs font-bold tracking-[0.2em] text-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand"
        >
          <ShieldIcon className="size-5" />
          ENCRYPTED
        </Link>
      </div>
      <div className="flex h-14 items-center justify-between px-2 md:hidden">
        <button
          type="button"
          onClick={() => void (isFirstPage ? navigate(backTo) : navigate(-1))}
          aria-label="Back"
          className="flex size-11 items-center justify-center rounded-full text-neutral-900 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand"
        >
          <BackIcon className="size-6" />
        </button>
        <span className="flex items-center gap-1.5 pr-3 text-sm font-bold text-emerald-700">
          <LockIcon className="size-5" aria-label="Secure" role="img" aria-hidden={false} />
          Encrypted
        </span>
      </div>
    </header>
  );
}
