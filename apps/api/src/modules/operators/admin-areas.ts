import { adminOrderRoutes } from "../admin-orders/admin-routes.ts";
import { merchandisingAdminRoutes } from "../merchandising/admin-routes.ts";
import { moderationAdminRoutes, peopleAdminRoutes } from "../moderation/admin-routes.ts";
import type { AdminArea } from "./admin-plugin.ts";
import { operatorAdminRoutes } from "./admin-routes.ts";

/**
 * Every area of the admin console, registered under /api/v1/admin behind the operator session (admin-plugin.ts).
 * One line per area: add yours.
 */
export const ADMIN_AREAS: AdminArea[] = [
  // Orders and the dashboard (modules/admin-orders, decision 074).
  adminOrderRoutes,
  // The operator's session and the audit log.
  operatorAdminRoutes,
  // Moderation: the reports queue, takedowns, restores, dismissals (modules/moderation).
  moderationAdminRoutes,
  // People: customers and artists, their orders, designs and strikes; suspensions.
  peopleAdminRoutes,
  // Curated collections, the carousel, the sale, promo codes and gift cards (decision 076).
  merchandisingAdminRoutes,
];
