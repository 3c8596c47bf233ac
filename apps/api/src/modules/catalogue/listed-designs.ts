import { and, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { designs } from "../../db/schema/index.ts";

/**
 * Whether the design's storefront is suspended (issue 28): a correlated check on the storefront's row, which
 * the partial index `seller_profiles_suspended_idx` answers without reading the unsuspended ones.
 */
export function isStorefrontSuspended() {
  return sql`exists (select 1 from seller_profiles suspended_storefront
    where suspended_storefront.id = ${designs.sellerProfileId} and suspended_storefront.suspended_at is not null)`;
}

/**
 * The one rule for which designs the public sees: active and published (not scheduled for later), not taken
 * down by an operator and not of a suspended storefront (issue 28). Every listing, search, suggestion, sitemap
 * and detail query uses it (the search index loads by the same rule), so a hidden design never leaks.
 */
export function isListedDesign() {
  return and(
    sql`${designs.status} = 'active'`,
    isNull(designs.takenDownAt),
    isNotNull(designs.publishedAt),
    lte(designs.publishedAt, sql`now()`),
    sql`not ${isStorefrontSuspended()}`,
  );
}
