import type { DesignReportInput, DesignReportReply } from "@threadfolk/contract/moderation";
import { and, eq, isNotNull } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { designReports, designs } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Actor } from "../../lib/authorize.ts";

/**
 * Files a report of a design (issue 28): anyone may report a published design, guests too; a signed-in
 * reporter is remembered with it. It waits, open, in the operators' queue. A design already taken down can
 * still be reported (the report joins its history); an unknown or unpublished one is a 404.
 */
export async function reportDesign({
  context,
  actor,
  designId,
  input,
}: {
  context: Pick<AppContext, "db">;
  actor: Actor | undefined;
  designId: string;
  input: DesignReportInput;
}): Promise<DesignReportReply> {
  const { db } = context;
  const [design] = await db
    .select({ id: designs.id })
    .from(designs)
    .where(and(eq(designs.id, designId), isNotNull(designs.publishedAt)));
  if (!design) throw AppError.notFound("Design");
  const [report] = await db
    .insert(designReports)
    .values({
      designId: design.id,
      reason: input.reason,
      email: input.email,
      details: input.details,
      reporterUserId: actor?.kind === "user" ? actor.userId : null,
    })
    .returning({ id: designReports.id, reason: designReports.reason, createdAt: designReports.createdAt });
  if (!report) throw new Error("the report was not recorded");
  return {
    data: {
      id: report.id,
      type: "design_report",
      attributes: { reason: report.reason, createdAt: report.createdAt.toISOString() },
    },
  };
}
