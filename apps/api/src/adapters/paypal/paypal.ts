/**
 * The PayPal port (decisions 013 and 027): the Orders v2 calls the wallet flow needs, in integer cents. The
 * caller decides on a capture's own status and amount, never on the order's status: PayPal can answer an order
 * COMPLETED whose capture was DECLINED.
 */

export const PAYPAL_CURRENCY = "USD";

/** An order line as PayPal shows it to the payer. */
export type PayPalOrderItem = {
  name: string;
  unitAmountCents: number;
  quantity: number;
};

export type PayPalShipping = {
  fullName: string;
  address1: string;
  address2?: string | null;
  city: string;
  /** Two-letter state code. */
  state: string;
  zip: string;
};

export type CreatePayPalOrderInput = {
  /** Sent as PayPal-Request-Id (1-108 characters): the same id answers the order created first, not a second one. */
  requestId: string;
  /** Our order number: the purchase unit's reference_id and invoice_id. */
  orderNumber: string;
  currency: typeof PAYPAL_CURRENCY;
  items: PayPalOrderItem[];
  /** The sum of unit amount × quantity over the items (PayPal checks it: ITEM_TOTAL_MISMATCH). */
  itemTotalCents: number;
  shippingCents: number;
  taxCents: number;
  discountCents: number;
  shipping: PayPalShipping;
};

export type PayPalOrderStatus = "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED";

export type PayPalCaptureStatus = "COMPLETED" | "DECLINED" | "PARTIALLY_REFUNDED" | "PENDING" | "REFUNDED" | "FAILED";

export type PayPalOrderSummary = { id: string; status: PayPalOrderStatus };

export type PayPalCaptureResult = {
  captureId: string;
  /** What decides the order: COMPLETED -> paid, PENDING -> wait for the webhook, DECLINED/FAILED -> failure. */
  status: PayPalCaptureStatus;
  /** Why a capture is PENDING (e.g. PENDING_REVIEW, ECHECK), as PayPal names it. */
  statusReason: string | null;
  amountCents: number;
  currency: string;
  /** The PayPal order's id and status, for the record only. */
  paypalOrderId: string;
  orderStatus: PayPalOrderStatus;
  /** The purchase unit's invoice_id on the capture (our order number), so the caller can check it is ours. */
  invoiceId: string | null;
};

export type PayPalOrderDetails = {
  id: string;
  status: PayPalOrderStatus;
  referenceId: string | null;
  invoiceId: string | null;
  amountCents: number;
  currency: string;
  /** The purchase unit's captures, oldest first (empty before capture). */
  captures: PayPalCaptureResult[];
};

/** A refund of a capture (Payments v2): several per capture, each at most what is left of it. */
export type PayPalRefundResult = {
  refundId: string;
  status: "COMPLETED" | "PENDING" | "FAILED" | "CANCELLED";
  amountCents: number;
  captureId: string;
};

/** Our carriers (the print shop's and the print provider's names) and PayPal's codes for them (Shipment Tracking). */
export const PAYPAL_CARRIER_CODES = { UPS: "UPS", USPS: "USPS", FedEx: "FEDEX", DHL: "DHL" } as const;

export type ShippingCarrier = keyof typeof PAYPAL_CARRIER_CODES;
export type PayPalCarrier = (typeof PAYPAL_CARRIER_CODES)[ShippingCarrier];

/**
 * PayPal's carrier code for one of our carriers: FedEx is FEDEX; DHL is DHL, the global DHL Express entry (PayPal's
 * list has no US DHL of its own, and its description says to take the global one then).
 */
export function toPayPalCarrier(carrier: ShippingCarrier): PayPalCarrier {
  return PAYPAL_CARRIER_CODES[carrier];
}

/** A parcel's tracking for the capture that paid for its goods. */
export type AddPayPalTrackingInput = {
  /** The capture's id (PayPal's `transaction_id`). */
  captureId: string;
  trackingNumber: string;
  /** PayPal's carrier code (UPS, USPS, FEDEX, DHL … from PayPal's list; `toPayPalCarrier` maps ours). */
  carrier: string;
  status: "SHIPPED" | "DELIVERED";
  /** PayPal e-mails the payer the tracking details (default false: the shop sends its own e-mails). */
  notifyPayer?: boolean;
};

export type VerifyWebhookSignatureInput = {
  /** The notification's HTTP headers (lower- or mixed-case names). */
  headers: Record<string, string | string[] | undefined>;
  /** The notification's body exactly as received: the signature covers these bytes. */
  body: string;
  /** Our webhook's id as PayPal's developer dashboard shows it (PAYPAL_WEBHOOK_ID). */
  webhookId: string;
};

/** Why PayPal refused a call, with its `details[].issue` codes (e.g. INSTRUMENT_DECLINED, ORDER_NOT_APPROVED). */
export class PayPalError extends Error {
  constructor(
    readonly httpStatus: number,
    /** PayPal's error name: UNPROCESSABLE_ENTITY, INVALID_REQUEST, RESOURCE_NOT_FOUND … */
    readonly errorName: string,
    readonly issues: string[],
    readonly debugId: string | null,
  ) {
    super(`PayPal answered ${httpStatus} ${errorName}${issues.length > 0 ? ` (${issues.join(", ")})` : ""}`);
    this.name = "PayPalError";
  }

  hasIssue(issue: string): boolean {
    return this.issues.includes(issue);
  }

  /** The payer's funding source failed: the buttons must restart so the payer can choose another one. */
  get isInstrumentDeclined(): boolean {
    return this.hasIssue("INSTRUMENT_DECLINED");
  }
}

export type PayPalGateway = {
  /** `paypal` for the real API, `paypal_sandbox` when it talks to the in-app sandbox. */
  name: "paypal" | "paypal_sandbox";
  createOrder(input: CreatePayPalOrderInput): Promise<PayPalOrderSummary>;
  /**
   * Captures an approved order and answers the capture. A repeated call (a double click, a retry after a lost
   * reply) answers the order's existing capture instead of failing with ORDER_ALREADY_CAPTURED.
   * Throws a PayPalError for other refusals (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED …).
   */
  captureOrder(input: {
    paypalOrderId: string;
    /** PayPal-Request-Id (1-108 characters); keep one per PayPal order so a retry replays PayPal's answer. */
    requestId: string;
  }): Promise<PayPalCaptureResult>;
  getOrder(paypalOrderId: string): Promise<PayPalOrderDetails>;
  getCapture(captureId: string): Promise<PayPalCaptureResult>;
  /**
   * Refunds part or all of a capture (`POST /v2/payments/captures/{id}/refund`). Throws a PayPalError for
   * PayPal's refusals (REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED, REFUND_NOT_ALLOWED …).
   */
  refundCapture(input: {
    captureId: string;
    /** What to give back, in cents: at most the capture's amount less its earlier refunds (REFUND_AMOUNT_EXCEEDED). */
    amountCents: number;
    /** Sent as PayPal-Request-Id: the same id answers the refund made first, never a second one. */
    requestId: string;
    /** Shown to the payer in PayPal's history and e-mails (1-255 characters). */
    noteToPayer?: string;
  }): Promise<PayPalRefundResult>;
  /** A refund as PayPal has it now (`GET /v2/payments/refunds/{id}`): a PENDING one may have completed since. */
  getRefund(refundId: string): Promise<PayPalRefundResult>;
  /** Asks PayPal whether a webhook notification is authentic; false for a forged or altered one. */
  verifyWebhookSignature(input: VerifyWebhookSignatureInput): Promise<boolean>;
  /**
   * Adds a parcel's carrier and tracking number to a capture (`POST /v1/shipping/trackers-batch`), as PayPal's
   * seller protection asks. Idempotent: when PayPal has that capture's tracker for the number already (a retry,
   * a second call), nothing fails and its status is brought to `status` (`PUT /v1/shipping/trackers/{id}`).
   * Throws a PayPalError when PayPal does not add it (an unknown capture: RESOURCE_NOT_FOUND).
   */
  addTracking(input: AddPayPalTrackingInput): Promise<void>;
};

const VALUE_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Integer cents as PayPal's decimal string ("1250" -> "12.50"), exactly, without floats. */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`Not a non-negative whole number of cents: ${cents}`);
  const whole = Math.trunc(cents / 100);
  const fraction = cents % 100;
  return `${whole}.${String(fraction).padStart(2, "0")}`;
}

/** PayPal's decimal string as integer cents ("12.5" -> 1250); refuses more than two decimals or a sign. */
export function valueToCents(value: string): number {
  const match = VALUE_PATTERN.exec(value);
  if (!match) throw new RangeError(`Not a USD amount: ${JSON.stringify(value)}`);
  const [, whole = "", fraction = ""] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Amount too large: ${value}`);
  return Number(cents);
}

/** The sum over the items of unit amount × quantity, in cents (what PayPal compares item_total with). */
export function itemTotalCents(items: readonly PayPalOrderItem[]): number {
  let total = 0n;
  for (const item of items) total += BigInt(item.unitAmountCents) * BigInt(item.quantity);
  return Number(total);
}

/** The order's amount: items + shipping + tax - discount (PayPal refuses any other total: AMOUNT_MISMATCH). */
export function orderTotalCents(
  input: Pick<CreatePayPalOrderInput, "itemTotalCents" | "shippingCents" | "taxCents" | "discountCents">,
): number {
  return input.itemTotalCents + input.shippingCents + input.taxCents - input.discountCents;
}
