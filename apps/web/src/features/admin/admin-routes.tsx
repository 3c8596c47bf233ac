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
];

/** The absolute path of an admin page. */
export function adminPagePath(page: Pick<AdminPage, "path">): string {
  return `/admin/${page.path}`;
}
