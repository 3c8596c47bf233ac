import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designs, sellerProfiles } from "../../db/schema/index.ts";

/**
 * Whether a design was published and is now withdrawn by moderation (issue 28): taken down by an operator, or
 * of a suspended storefront. Its page then says it is no longer available (410) instead of not found.
 */
export async function isDesignWithdrawn({ db, designId }: { db: Database; designId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: designs.id })
    .from(designs)
    .innerJoin(sellerProfiles, eq(sellerProfiles.id, designs.sellerProfileId))
    .where(
      and(
        eq(designs.id, designId),
        isNotNull(designs.publishedAt),
        sql`(${designs.takenDownAt} is not null or ${sellerProfiles.suspendedAt} is not null)`,
      ),
    );
  return row !== undefined;
}
