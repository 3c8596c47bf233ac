import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useId, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { LogoMark } from "../../components/logo.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { appConfig } from "../../lib/config.ts";
import { ADMIN_ROUTES, adminPagePath } from "./admin-routes.tsx";
import { useAdminSession, useAdminSignOut } from "./admin-session.ts";

/**
 * The console's shell (issue 28): a side bar on a desktop (brand, the pages of admin-routes.tsx, the operator's
 * e-mail and 'Sign out'); on a phone a top bar whose 'Menu' button opens the same nav.
 */
export function AdminLayout() {
  const { data: session } = useAdminSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const signOut = useAdminSignOut({ onSignedOut: () => void navigate("/admin/sign-in", { replace: true }) });

  // A page change closes the phone's menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <div className="min-h-dvh bg-neutral-50 text-neutral-950 md:flex">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="relative flex items-center justify-between border-b border-neutral-200 bg-white px-4 py-3 md:sticky md:top-0 md:h-dvh md:w-60 md:shrink-0 md:flex-col md:items-stretch md:justify-start md:border-r md:border-b-0 md:px-0 md:py-0">
        <Link
          to="/admin"
          className="flex items-center gap-2 rounded font-display text-lg font-extrabold whitespace-nowrap md:px-5 md:py-5 md:text-base"
          onClick={() => queryClient.invalidateQueries({ queryKey: ["admin"] })}
        >
          <LogoMark className="size-7" />
          <span>
            {appConfig.brandName} <span className="font-semibold text-neutral-600">admin</span>
          </span>
        </Link>
        <button
          type="button"
          className="rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold md:hidden"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div
          id={navId}
          className={`${menuOpen ? "block" : "hidden"} absolute inset-x-0 top-full z-40 border-b border-neutral-200 bg-white shadow-lg md:static md:flex md:flex-1 md:flex-col md:border-0 md:shadow-none`}
        >
          <nav aria-label="Admin" className="md:flex-1">
            <ul className="space-y-1 p-3">
              {ADMIN_ROUTES.map((page) => (
                <li key={page.path}>
                  <NavLink
                    to={adminPagePath(page)}
                    className={({ isActive }) =>
                      `block rounded-lg px-3 py-2.5 text-[15px] font-semibold ${isActive ? "bg-brand/10 text-brand-dark" : "text-neutral-800 hover:bg-neutral-100"}`
                    }
                  >
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t border-neutral-200 p-4">
            <p className="text-xs text-neutral-600">Signed in as</p>
            <p className="truncate text-sm font-semibold" title={session?.operator.email}>
              {session?.operator.email}
            </p>
            <button
              type="button"
              className="mt-3 w-full rounded-full border border-neutral-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-neutral-50 disabled:text-neutral-500"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 md:px-10 md:py-8">
        <Suspense fallback={<Spinner label="Loading the page" className="mx-auto mt-16" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
