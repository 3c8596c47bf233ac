import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designReports, designs, designTakedowns, sellerProfiles, users } from "../../db/schema/index.ts";
import type { ModerationTransaction } from "./audit.ts";

type Executor = Database | ModerationTransaction;

/** The design a moderation action is about, locked for the transaction, with its storefront and owner's e-mail. */
export async function lockDesignForModeration(tx: ModerationTransaction, designId: string) {
  // PostgreSQL: lock in one statement, read in the next (the join below reads committed rows of the others).
  const [locked] = await tx.select({ id: designs.id }).from(designs).where(eq(designs.id, designId)).for("update");
  if (!locked) return undefined;
  const [row] = await tx
    .select({
      id: designs.id,
      displayName: designs.displayName,
      status: designs.status,
      takenDownAt: designs.takenDownAt,
      sellerProfileId: designs.sellerProfileId,
      artistName: sellerProfiles.displayName,
      ownerEmail: users.email,
      ownerFirstName: users.firstName,
    })
    .from(designs)
    .innerJoin(sellerProfiles, eq(sellerProfiles.id, designs.sellerProfileId))
    .leftJoin(users, eq(users.id, sellerProfiles.userId))
    .where(eq(designs.id, designId));
  return row;
}

/** A storefront's suspension state, locked for the transaction. */
export async function lockStorefront(tx: ModerationTransaction, sellerProfileId: string) {
  const [locked] = await tx
    .select({ id: sellerProfiles.id })
    .from(sellerProfiles)
    .where(eq(sellerProfiles.id, sellerProfileId))
    .for("update");
  if (!locked) return undefined;
  const [row] = await tx
    .select({
      id: sellerProfiles.id,
      displayName: sellerProfiles.displayName,
      userId: sellerProfiles.userId,
      suspendedAt: sellerProfiles.suspendedAt,
      suspensionCause: sellerProfiles.suspensionCause,
      suspensionReason: sellerProfiles.suspensionReason,
    })
    .from(sellerProfiles)
    .where(eq(sellerProfiles.id, sellerProfileId));
  return row;
}

/** The storefront's strikes: its intellectual property takedowns that still stand (restoring lifts one). */
export async function countStandingStrikes(db: Executor, sellerProfileId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(designTakedowns)
    .where(
      and(
        eq(designTakedowns.sellerProfileId, sellerProfileId),
        eq(designTakedowns.isStrike, true),
        isNull(designTakedowns.restoredAt),
      ),
    );
  return row?.count ?? 0;
}

/** Sets or lifts a storefront's suspension. */
export async function updateStorefrontSuspension(
  tx: ModerationTransaction,
  sellerProfileId: string,
  suspension: { cause: "strikes" | "operator"; reason: string } | null,
) {
  await tx
    .update(sellerProfiles)
    .set(
      suspension
        ? {
            suspendedAt: sql`now()`,
            suspensionCause: suspension.cause,
            suspensionReason: suspension.reason,
            updatedAt: sql`now()`,
          }
        : { suspendedAt: null, suspensionCause: null, suspensionReason: null, updatedAt: sql`now()` },
    )
    .where(eq(sellerProfiles.id, sellerProfileId));
}

/** Closes the design's open reports (dismissed, or resolved by a takedown); answers the ids closed. */
export async function closeOpenReports(
  tx: ModerationTransaction,
  options: { designId: string; state: "dismissed" | "resolved"; operatorId: string; reportId?: string },
): Promise<string[]> {
  const rows = await tx
    .update(designReports)
    .set({ state: options.state, resolvedAt: sql`now()`, resolvedByOperatorId: options.operatorId })
    .where(
      and(
        eq(designReports.designId, options.designId),
        eq(designReports.state, "open"),
        options.reportId ? eq(designReports.id, options.reportId) : undefined,
      ),
    )
    .returning({ id: designReports.id });
  return rows.map((row) => row.id);
}

/** The takedown of a design that still stands, if any. */
export async function findStandingTakedown(db: Executor, designId: string) {
  const [row] = await db
    .select()
    .from(designTakedowns)
    .where(and(eq(designTakedowns.designId, designId), isNull(designTakedowns.restoredAt)));
  return row;
}
