import { z } from "zod";
import { uuidSchema } from "./ids.ts";
import { textSchema } from "./text.ts";
import { emailSchema, passwordSchema } from "./validation.ts";

/**
 * Artist payouts in the studio (issue 29, decision 073): balances, the next payout, the payout history with the
 * sales in each payout, statements, and the payout settings (PayPal e-mail confirmed by a link, a minimum).
 * camelCase here, snake_case on the wire.
 */

/** The least payout an artist may ask for, in cents ($20); they may set it higher, up to PAYOUT_MINIMUM_MAX_CENTS. */
export const PAYOUT_MINIMUM_DEFAULT_CENTS = 2000;
export const PAYOUT_MINIMUM_MAX_CENTS = 1_000_000;
/** Payouts are held this long after the PayPal e-mail is changed (an account-takeover guard). */
export const PAYOUT_EMAIL_CHANGE_HOLD_DAYS = 7;
/** How long the confirmation link of a PayPal e-mail works. */
export const PAYOUT_EMAIL_LINK_HOURS = 48;
export const PAYOUTS_PAGE_SIZE = 24;

export const PAYOUT_MESSAGES = {
  wrongPassword: "The password is not correct",
  minimumTooLow: "The minimum payout is at least $20.00",
  minimumTooHigh: "The minimum payout is at most $10,000.00",
  invalidLink: "This confirmation link is invalid or has expired",
  emailConfirmationSent: "We sent a confirmation link to your PayPal e-mail",
} as const;

const replyText = () => textSchema({ maxLength: 4096 });

/** `PUT /seller_payout_settings/paypal_email`: a new PayPal e-mail (confirmed by the link sent to it). */
export const payPalEmailBodySchema = z.strictObject({
  payoutSettings: z.strictObject({
    paypalEmail: emailSchema,
    /** The artist's password: a change of where money goes is a sensitive action. */
    currentPassword: passwordSchema,
  }),
});

/** `PATCH /seller_payout_settings`: the minimum payout, in cents. */
export const payoutSettingsBodySchema = z.strictObject({
  payoutSettings: z.strictObject({
    minimumPayoutCents: z
      .number({ error: "minimum_payout_cents must be a whole number of cents" })
      .int("minimum_payout_cents must be a whole number of cents")
      .min(PAYOUT_MINIMUM_DEFAULT_CENTS, PAYOUT_MESSAGES.minimumTooLow)
      .max(PAYOUT_MINIMUM_MAX_CENTS, PAYOUT_MESSAGES.minimumTooHigh),
  }),
});

/** `POST /seller_payout_settings/confirm_paypal_email`: the token of the link. */
export const confirmPayPalEmailBodySchema = z.strictObject({
  token: textSchema({ maxLength: 200, error: PAYOUT_MESSAGES.invalidLink }).min(1, PAYOUT_MESSAGES.invalidLink),
});

export const payoutSettingsSchema = z.object({
  /** The confirmed PayPal e-mail payouts go to; null until one is confirmed. */
  paypalEmail: replyText().nullable(),
  /** A new address waiting for its confirmation link to be opened. */
  pendingPaypalEmail: replyText().nullable(),
  minimumPayoutCents: z.number().int(),
  minimumPayout: replyText(),
  /** Payouts are held until then (ISO date-time) after an e-mail change; null when not held. */
  heldUntil: replyText().nullable(),
  /** An operator holds the artist's payouts. */
  onHold: z.boolean(),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;
export const payoutSettingsResponseSchema = z.object({ data: payoutSettingsSchema });

export const balancesSchema = z.object({
  pendingCents: z.number().int(),
  availableCents: z.number().int(),
  inPayoutCents: z.number().int(),
  paidCents: z.number().int(),
  pending: replyText(),
  available: replyText(),
  inPayout: replyText(),
  paid: replyText(),
});

export const payoutSummarySchema = z.object({
  balances: balancesSchema,
  nextPayout: z.object({
    /** The next scheduled run's day (YYYY-MM-DD, UTC). */
    date: replyText(),
    /** What it would pay if it ran now: the available balance when due, else 0. */
    amountCents: z.number().int(),
    amount: replyText(),
    /** Why nothing would be paid (no confirmed e-mail, below the minimum, on hold); null when it would. */
    blockedReason: replyText().nullable(),
  }),
  settings: payoutSettingsSchema,
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;
export const payoutSummaryResponseSchema = z.object({ data: payoutSummarySchema });

export const PAYOUT_STATUSES = [
  "queued",
  "pending",
  "onhold",
  "unclaimed",
  "success",
  "failed",
  "returned",
  "blocked",
  "refunded",
  "reversed",
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The status as the artist reads it. */
export const PAYOUT_STATUS_NAMES: Record<PayoutStatus, string> = {
  queued: "Scheduled",
  pending: "Processing",
  onhold: "Under review",
  unclaimed: "Unclaimed",
  success: "Paid",
  failed: "Failed",
  returned: "Returned",
  blocked: "Blocked",
  refunded: "Refunded",
  reversed: "Reversed",
};

export const payoutSchema = z.object({
  id: replyText(),
  type: z.literal("payout"),
  attributes: z.object({
    createdAt: replyText(),
    status: z.enum(PAYOUT_STATUSES),
    statusName: replyText(),
    /** Why it came back, for the artist; null unless returned, failed, blocked, refunded or reversed. */
    statusReason: replyText().nullable(),
    amountCents: z.number().int(),
    amount: replyText(),
    paypalEmail: replyText(),
    /** The ledger entries it pays: sales and the refunds netted against them. */
    entryCount: z.number().int(),
  }),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutsResponseSchema = z.object({
  data: z.array(payoutSchema),
  meta: z.object({
    page: z.number().int().positive(),
    perPage: z.number().int().positive(),
    totalCount: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative(),
  }),
});
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>;

export const payoutLineSchema = z.object({
  /** The ledger entry's id. */
  entryId: z.number().int(),
  kind: z.enum(["sale", "refund"]),
  orderNumber: replyText(),
  soldAt: replyText(),
  designName: replyText(),
  quantity: z.number().int(),
  earningsCents: z.number().int(),
  earnings: replyText(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;
export const payoutDetailResponseSchema = z.object({
  data: payoutSchema.extend({ lines: z.array(payoutLineSchema) }),
});
export type PayoutDetailResponse = z.infer<typeof payoutDetailResponseSchema>;

export const payoutsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const payoutPathSchema = z.strictObject({ payoutId: uuidSchema("payout_id") });
