/**
 * The payouts port (issue 29, decision 073): one batch of payments to artists' PayPal accounts per payout run,
 * in integer cents. Two implementations: the local payout sandbox (the default: offline, its books in our
 * database, items moving through PayPal's statuses on a clock) and PayPal Payouts (`/v1/payments/payouts`).
 * The caller trusts only what it reads back (`getBatch`, `getItem`), never a webhook's body.
 */

/** PayPal's payout item transaction statuses. */
export const PAYOUT_TRANSACTION_STATUSES = [
  "SUCCESS",
  "FAILED",
  "PENDING",
  "UNCLAIMED",
  "RETURNED",
  "ONHOLD",
  "BLOCKED",
  "REFUNDED",
  "REVERSED",
] as const;
export type PayoutTransactionStatus = (typeof PAYOUT_TRANSACTION_STATUSES)[number];

export type PayoutBatchStatus = "DENIED" | "PENDING" | "PROCESSING" | "SUCCESS" | "CANCELED";

export type CreatePayoutBatchInput = {
  /** Our run's id: PayPal pays a sender_batch_id at most once (30 days); sent as PayPal-Request-Id too. */
  senderBatchId: string;
  emailSubject: string;
  emailMessage: string;
  items: Array<{
    /** Our item's id. */
    senderItemId: string;
    /** The artist's confirmed PayPal e-mail. */
    receiver: string;
    amountCents: number;
    note: string;
  }>;
};

export type PayoutItemResult = {
  payoutItemId: string;
  senderItemId: string;
  status: PayoutTransactionStatus;
  amountCents: number;
  transactionId: string | null;
  /** PayPal's error name (and message) for an item that failed or came back. */
  errorName: string | null;
};

export type PayoutBatchResult = {
  batchId: string;
  senderBatchId: string;
  status: PayoutBatchStatus;
  items: PayoutItemResult[];
};

/** Why the provider refused a call (PayPal's error name and its details' issues). */
export class PayoutsError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorName: string,
    readonly issues: string[],
    /** PayPal's link to the batch an earlier request with the same sender_batch_id created. */
    readonly existingBatchId: string | null = null,
  ) {
    super(`Payouts answered ${httpStatus} ${errorName}${issues.length > 0 ? ` (${issues.join(", ")})` : ""}`);
    this.name = "PayoutsError";
  }
}

export type PayoutsPort = {
  name: "payout_sandbox" | "paypal";
  /**
   * Submits a batch. Exactly once per senderBatchId: a repeat (a retry after a lost reply, a restart after a
   * crash) answers the batch created first and pays nothing again.
   */
  createBatch(input: CreatePayoutBatchInput): Promise<{ batchId: string; status: PayoutBatchStatus }>;
  /** A batch with every item (all pages), as the provider has it now. */
  getBatch(batchId: string): Promise<PayoutBatchResult>;
  getItem(payoutItemId: string): Promise<PayoutItemResult>;
  /** Cancels an UNCLAIMED item: its money comes back (RETURNED). */
  cancelUnclaimedItem(payoutItemId: string): Promise<PayoutItemResult>;
};
