import { and, isNotNull, lte, sql } from "drizzle-orm";
import { designs } from "../../db/schema/index.ts";

/**
 * The one rule for which designs the public sees: active and published (not scheduled for later). Every
 * listing, search, suggestion, sitemap and detail query uses it, so a deactivated design never leaks.
 */
export function isListedDesign() {
  return and(sql`${designs.status} = 'active'`, isNotNull(designs.publishedAt), lte(designs.publishedAt, sql`now()`));
}
