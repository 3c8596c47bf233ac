import { z } from "zod";
import { textSchema } from "./text.ts";
import { emailSchema } from "./validation.ts";

/**
 * Moderation (issue 28): what a shopper sends with 'Report this design', and the reasons an operator takes a
 * design down for. The admin screens' schemas are here too, so the server and the web read one list.
 */

/** The three reasons of a report (and of a takedown), in the order the dialog offers them. */
export const MODERATION_REASONS = ["intellectual_property", "offensive", "other"] as const;
export type ModerationReason = (typeof MODERATION_REASONS)[number];

export const MODERATION_REASON_LABELS: Record<ModerationReason, string> = {
  intellectual_property: "Intellectual property",
  offensive: "Offensive",
  other: "Other",
};

export const REPORT_DETAILS_MAX_LENGTH = 2000;

export const REPORT_MESSAGES = {
  reasonRequired: "Reason is required",
  detailsRequired: "Details are required",
  detailsLength: `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters`,
} as const;

/** The report form: a reason, where to answer the reporter, and what is wrong (spec section 5's style of messages). */
export const designReportSchema = z.strictObject({
  reason: z.enum(MODERATION_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  email: emailSchema,
  details: textSchema({
    maxLength: REPORT_DETAILS_MAX_LENGTH,
    error: REPORT_MESSAGES.detailsRequired,
    tooLong: REPORT_MESSAGES.detailsLength,
    trim: true,
  }).min(1, REPORT_MESSAGES.detailsRequired),
});

export type DesignReportInput = z.infer<typeof designReportSchema>;

/** `POST /api/v1/designs/{uuid}/reports`: the form's fields as they are. */
export const createDesignReportBodySchema = designReportSchema;

/** The 201 of a report: its id (what the reporter can quote), nothing about other reports. */
export const designReportReplySchema = z.object({
  data: z.object({
    id: z.uuid(),
    type: z.literal("design_report"),
    attributes: z.object({ reason: z.enum(MODERATION_REASONS), createdAt: z.iso.datetime({ offset: true }) }),
  }),
});

export type DesignReportReply = z.infer<typeof designReportReplySchema>;
