import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * The admin console's pages (issue 28), in nav order: `path` under /admin, the nav label, and the page's component,
 * loaded only when the page is opened. `/admin` itself goes to the first page. Add yours here; put its files in
 * `features/admin/<area>/`.
 */
export type AdminPage = {
  /** Relative to /admin, without a leading slash: `orders`, `audit-log`. */
  path: string;
  label: string;
  Component: LazyExoticComponent<ComponentType>;
};

export const ADMIN_ROUTES: AdminPage[] = [
  // The console's home (issue 28, decision 074): the figures and what needs attention; then the orders.
  { path: "dashboard", label: "Dashboard", Component: lazy(() => import("./dashboard/dashboard-page.tsx")) },
  { path: "orders", label: "Orders", Component: lazy(() => import("./orders/orders-area.tsx")) },
  {
    path: "merchandising",
    label: "Merchandising",
    Component: lazy(async () => ({
      default: (await import("./merchandising/merchandising-page.tsx")).MerchandisingPage,
    })),
  },
  {
    path: "audit-log",
    label: "Audit log",
    Component: lazy(async () => ({ default: (await import("./audit-log/audit-log-page.tsx")).AuditLogPage })),
  },
  {
    path: "moderation",
    label: "Moderation",
    Component: lazy(async () => ({ default: (await import("./moderation/moderation-page.tsx")).ModerationPage })),
  },
  {
    path: "people",
    label: "People",
    Component: lazy(async () => ({ default: (await import("./people/people-page.tsx")).PeoplePage })),
  },
];

/** The absolute path of an admin page. */
export function adminPagePath(page: Pick<AdminPage, "path">): string {
  return `/admin/${page.path}`;
}
