import { merchandisingAdminRoutes } from "../merchandising/admin-routes.ts";
import type { AdminArea } from "./admin-plugin.ts";
import { operatorAdminRoutes } from "./admin-routes.ts";

/**
 * Every area of the admin console, registered under /api/v1/admin behind the operator session (admin-plugin.ts).
 * One line per area: add yours.
 */
export const ADMIN_AREAS: AdminArea[] = [
  // The operator's session and the audit log.
  operatorAdminRoutes,
  // Curated collections, the carousel, the sale, promo codes and gift cards (decision 076).
  merchandisingAdminRoutes,
];
