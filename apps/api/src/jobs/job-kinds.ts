import { z } from "zod";

/**
 * Every kind of background job and the shape of its payload (checked when enqueued and again when run).
 * To add a kind: add its schema here, then its handler to the registry in app.ts (the type checker asks
 * for it); enqueue it with `enqueueJob(tx, kind, payload)`.
 */
export const jobKinds = {
  /** One rendered e-mail for the mail adapter (modules/mail/send-email.ts). `kind` says what it is for. */
  send_email: z.object({
    kind: z.string().min(1),
    to: z.string().min(1),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    /** The order an e-mail is about (the operators' order page lists the e-mails sent for it). */
    orderId: z.uuid().optional(),
  }),
  /** Stored analytics events of one client, for the configured tracker (modules/analytics). */
  forward_analytics_events: z.object({ eventIds: z.array(z.uuid()).min(1).max(25) }),
  /**
   * An order payment whose outcome is unknown (the processor's reply was lost, or the process died between the
   * charge and its commit): retrieve it by its idempotency key, then complete the order or give the money back
   * (modules/orders/reconcile-payment.ts). Enqueued with the attempt, due a little after it.
   */
  reconcile_order_payment: z.object({ paymentId: z.uuid() }),
  /** The order confirmation e-mail of a paid order, once (modules/orders; dedupe key: the order id). */
  send_order_confirmation: z.object({
    orderId: z.uuid(),
    /** The e-mail's own dedupe key when an operator sends it again (default: once per order). */
    emailKey: z.string().min(1).max(200).optional(),
  }),
  /** 'We refunded …': a refund an operator made of a paid order, once it succeeded (modules/orders; key: its id). */
  send_order_refund_email: z.object({ refundId: z.uuid() }),
  /** The earnings ledger entries of a paid order's lines, once (modules/earnings; dedupe key: the order id). */
  record_order_earnings: z.object({ orderId: z.uuid() }),
  /** A verified PayPal capture notification, once per event id (modules/orders/paypal-webhooks.ts). */
  process_paypal_webhook: z.object({
    eventId: z.string().min(1).max(255),
    eventType: z.string().min(1).max(100),
    captureId: z.string().min(1).max(64),
    /** For PAYMENT.CAPTURE.REFUNDED: the refund (the notification's resource); its capture is `captureId`. */
    refundId: z.string().min(1).max(64).optional(),
  }),
  /** A recorded refund of a paid order carried out through its processor (modules/orders; dedupe key: its id). */
  execute_order_refund: z.object({ refundId: z.uuid() }),
  /** The reversing earnings entries of a refunded order, once (modules/earnings; dedupe key: the order id). */
  reverse_order_earnings: z.object({ orderId: z.uuid() }),
  /**
   * Every mockup of a published design at one artwork version (each offered colour x offered style's garment,
   * the default first), skipped once the version moved on (modules/studio/render-design-job.ts; dedupe key:
   * `{designId}:{artworkVersion}`). Its result records the progress the studio polls.
   */
  render_design_mockups: z.object({ designId: z.uuid(), artworkVersion: z.number().int().min(1) }),
  /** The checks and conversion of an upload whose bytes are all in (modules/uploads; dedupe key: the upload id). */
  process_upload: z.object({ uploadId: z.uuid() }),
  /**
   * The print files of a paid order's lines, its packing slip and its lines' e-mail pictures, each made once and
   * kept (modules/fulfilment/render-order-print-files.ts; dedupe key: the order id). Enqueued with
   * `enqueueOrderPrintFiles` when the order is paid.
   */
  render_order_print_files: z.object({ orderId: z.uuid() }),
  /**
   * A paid order's fulfilment record, its print files and its submission when the cancellation window closes
   * (modules/fulfilment; dedupe key: the order id). Queued by completeOrder.
   */
  start_order_fulfilment: z.object({ orderId: z.uuid() }),
  /** Sends a paid order to the print provider, exactly once (modules/fulfilment; dedupe key: the order id). */
  submit_order_fulfilment: z.object({ orderId: z.uuid() }),
  /** Reads order `externalId` back from its print provider and applies what changed (a webhook, a print shop step). */
  sync_order_fulfilment: z.object({ externalId: z.string().min(1).max(64), eventType: z.string().max(100) }),
  /** The local print shop's clock: moves one of its orders on when its next step is due (adapters/fulfilment). */
  advance_print_shop_order: z.object({ printShopOrderId: z.uuid() }),
  /** 'Your order has shipped' (per parcel), 'Delivered' and 'Cancelled' e-mails (modules/fulfilment; dedupe key per event). */
  send_fulfilment_email: z.object({
    kind: z.enum(["shipped", "delivered", "cancelled"]),
    orderId: z.uuid(),
    shipmentId: z.uuid().optional(),
    /** Who cancelled (the 'Cancelled' e-mail says 'as you asked' only to a shopper who did). */
    cancelledBy: z.enum(["shopper", "operator"]).optional(),
    /** The e-mail's own dedupe key when an operator sends it again (default: once per parcel or order). */
    emailKey: z.string().min(1).max(200).optional(),
  }),
  /** Carries a parcel's carrier and tracking number to the PayPal capture of its order (dedupe key: the parcel id). */
  add_paypal_tracking: z.object({ shipmentId: z.uuid() }),
  /** The safety net of fulfilment: due submissions, submissions cut short, orders not heard of lately. */
  reconcile_fulfilments: z.object({}),
  /** Sends a recorded payout run's batch through the payouts port, exactly once (modules/payouts; dedupe key: the run id). */
  submit_payout_run: z.object({ runId: z.uuid() }),
  /** Reads one payout item back from the provider after its webhook and applies its status (dedupe key: the event id). */
  sync_payout_item: z.object({ payoutItemId: z.string().min(1).max(64) }),
  /** The payouts safety net: submits open runs, reads submitted batches back, returns long-unclaimed items. */
  sync_payout_runs: z.object({}),
  /** Makes the month's payout run on PAYOUT_RUN_DAY (or later in the month, once), checked hourly. */
  schedule_payout_run: z.object({}),
  /** The hourly clean-up of dead sessions, tokens, counters, finished jobs and old analytics (modules/housekeeping). */
  purge_stale_rows: z.object({}),
} satisfies Record<string, z.ZodType<Record<string, unknown>>>;

export type JobKind = keyof typeof jobKinds;

/**
 * The CPU-heavy kinds (decision 056): they run in the heavy lane (jobs/job-lanes.ts), apart from the e-mail,
 * payments and ledger kinds, and their work goes to the heavy work pool's child processes (lib/heavy-pool.ts)
 * under its time and memory limits.
 */
export const HEAVY_JOB_KINDS: ReadonlySet<JobKind> = new Set<JobKind>([
  "process_upload",
  "render_design_mockups",
  "render_order_print_files",
]);

/**
 * The heavy kinds with lanes of their own (decision 075): an order's print files never wait behind an artist's
 * mockups or upload checks, and several orders' files are drawn at once (PRINT_FILE_LANES), so a burst of orders
 * reaches the print provider in seconds.
 */
export const PRINT_JOB_KINDS: ReadonlySet<JobKind> = new Set<JobKind>(["render_order_print_files"]);
export type JobPayload<K extends JobKind> = z.infer<(typeof jobKinds)[K]>;

/** Kinds whose payload is empty: the ones that can run on a schedule. */
export type ScheduledJobKind = { [K in JobKind]: Record<string, never> extends JobPayload<K> ? K : never }[JobKind];
