import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { designs, designTakedowns } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { enqueueEmail } from "../mail/send-email.ts";
import type { ModerationActor } from "./audit.ts";
import { renderDesignRestoredEmail, STRIKES_TO_SUSPEND } from "./moderation-emails.ts";
import {
  countStandingStrikes,
  findStandingTakedown,
  lockDesignForModeration,
  lockStorefront,
  updateStorefrontSuspension,
} from "./queries.ts";

export type RestoreResult = {
  /** Whether the takedown was a strike, now lifted (decision 072: restoring lifts the strike). */
  strikeLifted: boolean;
  /** Standing strikes of the storefront afterwards. */
  strikes: number;
  /** Whether lifting the strike lifted a suspension the strikes had caused. */
  storefrontRestored: boolean;
};

/**
 * Restores a taken-down design (a counter-notice honoured, a mistake): it is listed again (unless its artist
 * deactivated it or the storefront stays suspended), its takedown is closed and, an IP one, its strike lifted
 * (decision 072). A storefront the strikes suspended is restored once fewer than three stand; one an operator
 * suspended stays so. The artist is e-mailed.
 */
export async function restoreDesign({
  context,
  actor,
  designId,
  reason,
}: {
  context: Pick<AppContext, "db" | "config">;
  actor: ModerationActor;
  designId: string;
  reason: string;
}): Promise<RestoreResult> {
  const { db, config } = context;
  const result = await db.transaction(async (tx) => {
    const design = await lockDesignForModeration(tx, designId);
    if (!design) throw AppError.notFound("Design");
    const takedown = await findStandingTakedown(tx, design.id);
    if (!design.takenDownAt || !takedown) throw AppError.conflict("This design is not taken down");
    await tx
      .update(designTakedowns)
      .set({ restoredAt: sql`now()`, restoreReason: reason, restoredByOperatorId: actor.operatorId })
      .where(eq(designTakedowns.id, takedown.id));
    await tx.update(designs).set({ takenDownAt: null, updatedAt: sql`now()` }).where(eq(designs.id, design.id));
    await actor.record(tx, {
      action: "design.restore",
      subjectType: "design",
      subjectId: design.id,
      before: { takenDown: true, takedownId: takedown.id, kind: takedown.kind },
      after: { takenDown: false, strikeLifted: takedown.isStrike },
      reason,
    });
    const storefront = await lockStorefront(tx, design.sellerProfileId);
    const strikes = await countStandingStrikes(tx, design.sellerProfileId);
    let storefrontRestored = false;
    if (storefront?.suspendedAt && storefront.suspensionCause === "strikes" && strikes < STRIKES_TO_SUSPEND) {
      await updateStorefrontSuspension(tx, storefront.id, null);
      storefrontRestored = true;
      await actor.record(tx, {
        action: "storefront.restore",
        subjectType: "storefront",
        subjectId: storefront.id,
        before: { suspended: true, cause: "strikes" },
        after: { suspended: false, strikes },
        reason,
      });
    }
    if (design.ownerEmail) {
      await enqueueEmail({
        db: tx,
        message: renderDesignRestoredEmail({
          config,
          to: design.ownerEmail,
          greetingName: design.ownerFirstName ?? design.artistName,
          designName: design.displayName,
          strikeLifted: takedown.isStrike,
          storefrontRestored,
        }),
      });
    }
    return { strikeLifted: takedown.isStrike, strikes, storefrontRestored };
  });
  bumpCatalogueGeneration();
  return result;
}
