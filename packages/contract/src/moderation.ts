import { z } from "zod";
import { UUID_PATTERN } from "./ids.ts";
import { PLACED_ORDER_STATES } from "./orders.ts";
import { textSchema } from "./text.ts";
import { emailSchema } from "./validation.ts";

/** A record's id in a request: a UUID, lowercased; `message` for anything else. */
const idOf = (message: string) =>
  textSchema({ maxLength: 36, error: message, tooLong: message })
    .regex(UUID_PATTERN, message)
    .transform((value) => value.toLowerCase());

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
    id: textSchema({ maxLength: 36 }),
    type: z.literal("design_report"),
    attributes: z.object({ reason: z.enum(MODERATION_REASONS), createdAt: textSchema({ maxLength: 64 }) }),
  }),
});

export type DesignReportReply = z.infer<typeof designReportReplySchema>;

// ---------------------------------------------------------------------------------------------------------
// The operators' screens (`/api/v1/admin/moderation/...` and `/api/v1/admin/people/...`)

export const OPERATOR_REASON_MAX_LENGTH = 1000;

export const MODERATION_MESSAGES = {
  reasonRequired: "Reason is required",
  reasonLength: `Reason must be at most ${OPERATOR_REASON_MAX_LENGTH} characters`,
  kindRequired: "Choose why the design is taken down",
} as const;

/** The reason an operator types: required for takedowns, restores and suspensions; the artist may read it. */
export const operatorReasonSchema = textSchema({
  maxLength: OPERATOR_REASON_MAX_LENGTH,
  error: MODERATION_MESSAGES.reasonRequired,
  tooLong: MODERATION_MESSAGES.reasonLength,
  trim: true,
}).min(1, MODERATION_MESSAGES.reasonRequired);

export const takeDownBodySchema = z.strictObject({
  kind: z.enum(MODERATION_REASONS, { error: MODERATION_MESSAGES.kindRequired }),
  reason: operatorReasonSchema,
});
export type TakeDownInput = z.infer<typeof takeDownBodySchema>;

export const reasonBodySchema = z.strictObject({ reason: operatorReasonSchema });
export type ReasonInput = z.infer<typeof reasonBodySchema>;

export const dismissReportsBodySchema = z.strictObject({
  reason: textSchema({
    maxLength: OPERATOR_REASON_MAX_LENGTH,
    tooLong: MODERATION_MESSAGES.reasonLength,
    trim: true,
  }).optional(),
  /** One report to dismiss; without it, every open report of the design. */
  reportId: idOf("report_id must be a report id").optional(),
});

export const adminDesignPathSchema = z.strictObject({ id: idOf("id must be a design id") });
export const adminPersonPathSchema = z.strictObject({ id: idOf("id must be a person id") });

export const pageQueryField = z.coerce.number({ error: "page must be a whole number from 1" }).int().min(1).max(10_000);

export const reportQueueQuerySchema = z.strictObject({ page: pageQueryField.optional() });
export const peopleQuerySchema = z.strictObject({
  query: textSchema({ maxLength: 200, label: "query", trim: true }).optional(),
  page: pageQueryField.optional(),
});

const replyText = () => textSchema({ maxLength: 4096 });
const isoTime = () => replyText();

export const queueEntrySchema = z.object({
  designId: textSchema({ maxLength: 36 }),
  designName: replyText(),
  designSlug: replyText(),
  designStatus: z.enum(["active", "deactivated"]),
  takenDown: z.boolean(),
  artistId: textSchema({ maxLength: 36 }),
  artistName: replyText(),
  artistUsername: replyText(),
  strikes: z.number().int().min(0),
  storefrontSuspended: z.boolean(),
  openReportCount: z.number().int().min(1),
  reasons: z.array(z.enum(MODERATION_REASONS)),
  firstReportedAt: isoTime(),
  reports: z.array(
    z.object({
      id: textSchema({ maxLength: 36 }),
      reason: z.enum(MODERATION_REASONS),
      email: replyText(),
      details: replyText(),
      createdAt: isoTime(),
    }),
  ),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

const pageMetaSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

export const reportQueueReplySchema = z.object({ data: z.array(queueEntrySchema), meta: pageMetaSchema });
export type ReportQueueReply = z.infer<typeof reportQueueReplySchema>;

export const takedownReplySchema = z.object({
  data: z.object({
    takedownId: textSchema({ maxLength: 36 }),
    strikes: z.number().int().nullable(),
    storefrontSuspended: z.boolean(),
    resolvedReportIds: z.array(textSchema({ maxLength: 36 })),
  }),
});
export const restoreReplySchema = z.object({
  data: z.object({ strikeLifted: z.boolean(), strikes: z.number().int(), storefrontRestored: z.boolean() }),
});
export const dismissReplySchema = z.object({
  data: z.object({ dismissedReportIds: z.array(textSchema({ maxLength: 36 })) }),
});

export const personSummarySchema = z.object({
  id: textSchema({ maxLength: 36 }),
  email: replyText(),
  firstName: replyText(),
  lastName: replyText(),
  username: replyText(),
  createdAt: isoTime(),
  accountSuspended: z.boolean(),
  storefront: z
    .object({
      id: textSchema({ maxLength: 36 }),
      displayName: replyText(),
      username: replyText(),
      suspended: z.boolean(),
    })
    .nullable(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const peopleReplySchema = z.object({ data: z.array(personSummarySchema), meta: pageMetaSchema });
export type PeopleReply = z.infer<typeof peopleReplySchema>;

export const personDetailSchema = personSummarySchema.extend({
  suspensionReason: replyText().nullable(),
  storefrontSuspension: z
    .object({ cause: z.enum(["strikes", "operator"]), reason: replyText().nullable(), since: isoTime() })
    .nullable(),
  strikes: z.number().int().min(0),
  orders: z.array(
    z.object({
      number: replyText(),
      placedAt: isoTime(),
      totalCents: z.number().int(),
      state: z.enum(PLACED_ORDER_STATES),
    }),
  ),
  designs: z.array(
    z.object({
      id: textSchema({ maxLength: 36 }),
      displayName: replyText(),
      slug: replyText(),
      status: z.enum(["active", "deactivated"]),
      takenDown: z.boolean(),
      publishedAt: isoTime().nullable(),
    }),
  ),
  takedowns: z.array(
    z.object({
      id: textSchema({ maxLength: 36 }),
      designId: textSchema({ maxLength: 36 }),
      designName: replyText(),
      kind: z.enum(MODERATION_REASONS),
      reason: replyText(),
      isStrike: z.boolean(),
      createdAt: isoTime(),
      restoredAt: isoTime().nullable(),
    }),
  ),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;
export const personReplySchema = z.object({ data: personDetailSchema });
export type PersonReply = z.infer<typeof personReplySchema>;
