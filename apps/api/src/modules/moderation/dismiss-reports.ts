import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { ModerationActor } from "./audit.ts";
import { closeOpenReports, lockDesignForModeration } from "./queries.ts";

/**
 * Dismisses the open reports of a design (all of them, or the one `reportId` names): the design stays as it
 * is and leaves the queue once no open report is left. 404 for an unknown design, 409 when nothing was open.
 */
export async function dismissReports({
  context,
  actor,
  designId,
  reportId,
  reason,
}: {
  context: Pick<AppContext, "db">;
  actor: ModerationActor;
  designId: string;
  reportId?: string;
  reason?: string;
}): Promise<{ dismissedReportIds: string[] }> {
  return context.db.transaction(async (tx) => {
    const design = await lockDesignForModeration(tx, designId);
    if (!design) throw AppError.notFound("Design");
    const dismissedReportIds = await closeOpenReports(tx, {
      designId: design.id,
      state: "dismissed",
      operatorId: actor.operatorId,
      ...(reportId ? { reportId } : {}),
    });
    if (dismissedReportIds.length === 0) throw AppError.conflict("There is no open report to dismiss");
    await actor.record(tx, {
      action: "design_report.dismiss",
      subjectType: "design",
      subjectId: design.id,
      before: { openReportIds: dismissedReportIds },
      after: { dismissedReportIds },
      ...(reason ? { reason } : {}),
    });
    return { dismissedReportIds };
  });
}
