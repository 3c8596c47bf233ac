import type { ModerationReason } from "@threadfolk/contract/moderation";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { designs, designTakedowns } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { enqueueEmail } from "../mail/send-email.ts";
import type { ModerationActor } from "./audit.ts";
import { renderTakedownEmail, STRIKES_TO_SUSPEND } from "./moderation-emails.ts";
import {
  closeOpenReports,
  countStandingStrikes,
  lockDesignForModeration,
  lockStorefront,
  updateStorefrontSuspension,
} from "./queries.ts";

export type TakedownResult = {
  takedownId: string;
  /** Standing strikes of the storefront after this takedown (an IP takedown only), else null. */
  strikes: number | null;
  /** Whether this takedown suspended the storefront (its third strike). */
  storefrontSuspended: boolean;
  /** The open reports of the design this takedown resolved. */
  resolvedReportIds: string[];
};

/** The reason a storefront suspended by strikes gives (the audit log's and the studio banner's words). */
export const STRIKES_SUSPENSION_REASON = `${STRIKES_TO_SUSPEND} intellectual property strikes (repeat-infringer policy)`;

/**
 * Takes a design down (issue 28): it leaves every public listing at once (`isListedDesign` reads
 * `taken_down_at`), carts show its lines unavailable and placing an order with it is refused, as for a design
 * its artist deactivated. Its open reports are resolved; an intellectual property takedown is a strike, and the
 * third standing strike suspends the storefront. The artist is e-mailed the reason. One transaction: the
 * change, the e-mail's job and the audit entries commit together.
 */
export async function takeDownDesign({
  context,
  actor,
  designId,
  kind,
  reason,
}: {
  context: Pick<AppContext, "db" | "config">;
  actor: ModerationActor;
  designId: string;
  kind: ModerationReason;
  reason: string;
}): Promise<TakedownResult> {
  const { db, config } = context;
  const result = await db.transaction(async (tx) => {
    const design = await lockDesignForModeration(tx, designId);
    if (!design) throw AppError.notFound("Design");
    if (design.takenDownAt) throw AppError.conflict("This design is already taken down");
    const isStrike = kind === "intellectual_property";
    await tx.update(designs).set({ takenDownAt: sql`now()`, updatedAt: sql`now()` }).where(eq(designs.id, design.id));
    const [takedown] = await tx
      .insert(designTakedowns)
      .values({
        designId: design.id,
        sellerProfileId: design.sellerProfileId,
        kind,
        reason,
        isStrike,
        operatorId: actor.operatorId,
      })
      .returning({ id: designTakedowns.id });
    if (!takedown) throw new Error("the takedown was not recorded");
    const resolvedReportIds = await closeOpenReports(tx, {
      designId: design.id,
      state: "resolved",
      operatorId: actor.operatorId,
    });
    await actor.record(tx, {
      action: "design.take_down",
      subjectType: "design",
      subjectId: design.id,
      before: { takenDown: false, status: design.status },
      after: { takenDown: true, kind, isStrike, takedownId: takedown.id, resolvedReportIds },
      reason,
    });

    let strikes: number | null = null;
    let storefrontSuspended = false;
    if (isStrike) {
      const storefront = await lockStorefront(tx, design.sellerProfileId);
      strikes = await countStandingStrikes(tx, design.sellerProfileId);
      if (storefront && !storefront.suspendedAt && strikes >= STRIKES_TO_SUSPEND) {
        await updateStorefrontSuspension(tx, storefront.id, { cause: "strikes", reason: STRIKES_SUSPENSION_REASON });
        storefrontSuspended = true;
        await actor.record(tx, {
          action: "storefront.suspend",
          subjectType: "storefront",
          subjectId: storefront.id,
          before: { suspended: false },
          after: { suspended: true, cause: "strikes", strikes },
          reason: STRIKES_SUSPENSION_REASON,
        });
      }
    }
    if (design.ownerEmail) {
      await enqueueEmail({
        db: tx,
        message: renderTakedownEmail({
          config,
          to: design.ownerEmail,
          greetingName: design.ownerFirstName ?? design.artistName,
          designName: design.displayName,
          kind,
          reason,
          strikes,
          storefrontSuspended,
        }),
      });
    }
    return { takedownId: takedown.id, strikes, storefrontSuspended, resolvedReportIds };
  });
  // Search pages, the home payload and the search index let go of it at once (decision 047).
  bumpCatalogueGeneration();
  return result;
}
