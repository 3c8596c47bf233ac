/**
 * What the artist is told when a payout comes back, by PayPal's error name (Payouts' item errors). An unknown
 * name gets the general sentence; the name itself stays on the item for support.
 */
const REASONS: Record<string, string> = {
  RECEIVER_UNREGISTERED: "there is no PayPal account for this e-mail, or it was not claimed in time.",
  RECEIVER_UNCONFIRMED: "the PayPal account for this e-mail is not confirmed yet.",
  RECEIVER_ACCOUNT_LOCKED: "the PayPal account for this e-mail is locked or inactive.",
  RECEIVER_ACCOUNT_RESTRICTED: "PayPal blocked the payment to this account.",
  RECEIVER_COUNTRY_NOT_ALLOWED: "PayPal cannot pay an account in this country.",
  REFUNDED_BY_RECEIVER: "the payment was refunded from the receiving PayPal account.",
  PAYMENT_REVERSED: "PayPal reversed the payment.",
  UNCLAIMED_CANCELLED: "it was not claimed within 30 days, so it was cancelled.",
};

export function payoutReasonText(errorName: string | null): string {
  return (errorName && REASONS[errorName]) || "PayPal did not complete the payment.";
}
