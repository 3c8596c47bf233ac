import { formatCents } from "@threadfolk/contract/money";
import {
  PAYOUT_STATUS_NAMES,
  type Payout,
  type PayoutLine,
  type PayoutSettings,
  type PayoutSummary,
} from "@threadfolk/contract/studio-payouts";
import type { ArtistPayoutRow, PayoutLineRow, PayoutSummaryFigures } from "./artist-payouts.ts";
import { payoutReasonText } from "./payout-reasons.ts";
import type { PayoutSettingsRow } from "./payout-settings.ts";

export function presentPayoutSettings(row: PayoutSettingsRow): PayoutSettings {
  return {
    paypalEmail: row.paypalEmail,
    pendingPaypalEmail: row.pendingPaypalEmail,
    minimumPayoutCents: row.minimumPayoutCents,
    minimumPayout: formatCents(row.minimumPayoutCents),
    heldUntil: row.heldUntil && row.heldUntil > new Date() ? row.heldUntil.toISOString() : null,
    onHold: row.operatorHoldReason !== null,
  };
}

export function presentPayoutSummary(figures: PayoutSummaryFigures): PayoutSummary {
  const { balances, nextPayout } = figures;
  return {
    balances: {
      pendingCents: balances.pendingCents,
      availableCents: balances.availableCents,
      inPayoutCents: balances.inPayoutCents,
      paidCents: balances.paidCents,
      pending: formatCents(balances.pendingCents),
      available: formatCents(balances.availableCents),
      inPayout: formatCents(balances.inPayoutCents),
      paid: formatCents(balances.paidCents),
    },
    nextPayout: {
      date: nextPayout.date.toISOString().slice(0, 10),
      amountCents: nextPayout.amountCents,
      amount: formatCents(nextPayout.amountCents),
      blockedReason: nextPayout.blockedReason,
    },
    settings: presentPayoutSettings(figures.settings),
  };
}

const RELEASED = new Set(["failed", "returned", "blocked", "refunded", "reversed"]);

export function presentPayout(row: ArtistPayoutRow): Payout {
  return {
    id: row.id,
    type: "payout",
    attributes: {
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      statusName: PAYOUT_STATUS_NAMES[row.status],
      statusReason: RELEASED.has(row.status) ? payoutReasonText(row.statusReason) : null,
      amountCents: row.amountCents,
      amount: formatCents(row.amountCents),
      paypalEmail: row.receiverEmail,
      entryCount: row.entryCount,
    },
  };
}

export function presentPayoutLine(row: PayoutLineRow): PayoutLine {
  return {
    entryId: row.entryId,
    kind: row.kind,
    orderNumber: row.orderNumber,
    soldAt: row.soldAt.toISOString(),
    designName: row.designName,
    quantity: row.quantity,
    earningsCents: row.earningsCents,
    earnings: formatCents(row.earningsCents),
  };
}
