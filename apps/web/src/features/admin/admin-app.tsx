import { type ReactNode, Suspense } from "react";
import { Link, Navigate, useLocation, useRoutes } from "react-router";
import { Spinner } from "../../components/spinner.tsx";
import { AdminLayout } from "./admin-layout.tsx";
import { AdminPageHeading } from "./admin-page-heading.tsx";
import { ADMIN_ROUTES, adminPagePath } from "./admin-routes.tsx";
import { useAdminSession } from "./admin-session.ts";
import { SetupPage } from "./setup/setup-page.tsx";
import { SignInPage } from "./sign-in/sign-in-page.tsx";

/** The console's pages need an operator: anyone else goes to sign-in, and comes back after. */
function RequireOperator({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  const location = useLocation();
  if (session.isPending) return <Spinner label="Checking your session" className="min-h-dvh" />;
  if (session.isError) {
    return (
      <p role="alert" className="p-8 text-center">
        The console could not reach the server. Reload the page to try again.
      </p>
    );
  }
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/admin/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return children;
}

function AdminNotFound() {
  return (
    <>
      <AdminPageHeading title="Page not found" />
      <p>
        This admin page does not exist. <Link to="/admin">Go to the console</Link>.
      </p>
    </>
  );
}

/**
 * The admin console (issue 28): a lazy-loaded area of the web app under /admin, loaded only when an /admin page
 * is opened, so a shopper's first load carries none of it.
 */
export function AdminApp() {
  const [first] = ADMIN_ROUTES;
  // Route objects and useRoutes rather than <Routes>: what the shop's router already ships, nothing more.
  return useRoutes([
    { path: "sign-in", element: <SignInPage /> },
    { path: "setup", element: <SetupPage /> },
    {
      element: (
        <RequireOperator>
          <AdminLayout />
        </RequireOperator>
      ),
      children: [
        { index: true, element: first ? <Navigate to={adminPagePath(first)} replace /> : <AdminNotFound /> },
        ...ADMIN_ROUTES.map(({ path, Component }) => ({
          path: `${path}/*`,
          element: (
            <Suspense fallback={<Spinner label="Loading the page" className="mt-16" />}>
              <Component />
            </Suspense>
          ),
        })),
        { path: "*", element: <AdminNotFound /> },
      ],
    },
  ]);
}

export default AdminApp;
