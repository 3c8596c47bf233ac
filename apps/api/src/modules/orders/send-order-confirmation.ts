import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { purchasePictureUrl } from "../fulfilment/purchase-pictures.ts";
import { enqueueEmail } from "../mail/send-email.ts";
import { findConfirmationOrder } from "./find-confirmation-order.ts";
import { renderOrderConfirmationEmail } from "./order-confirmation-email.ts";
import { buildOrderUrl, getOrderAccessSecret } from "./order-link.ts";

/**
 * Renders the confirmation e-mail of a paid order and queues it as a `send_email` job keyed
 * `order_confirmation:{orderId}`, so it is sent exactly once however often this runs (the job's own dedupe key
 * is the order id; a run repeated after a crash queues nothing more). Returns the e-mail's job id, or null when
 * it was already queued.
 */
export async function sendOrderConfirmation({
  db,
  config,
  orderId,
  emailKey,
}: {
  db: Database;
  config: Config;
  orderId: string;
  /** The e-mail's dedupe key when an operator sends it again (default: `order_confirmation:{orderId}`, once). */
  emailKey?: string;
}): Promise<string | null> {
  const found = await findConfirmationOrder({ db, orderId });
  if (!found) throw new Error(`order ${orderId} does not exist`);
  const { order } = found;
  // An order that was paid (a confirmation sent late still confirms the purchase).
  if (order.paidAt === null) throw new Error(`order ${order.orderNumber} is ${order.state}, not paid`);
  const secret = await getOrderAccessSecret({ db, config });
  const message = renderOrderConfirmationEmail({
    config,
    found,
    orderUrl: buildOrderUrl({ config, secret, order }),
    // The shopper's own purchase, unmarked, at a URL that never expires (decision 067): drawn on first request
    // when the e-mail is opened before the order's print files job has made it.
    imageUrlOf: ({ line }) => purchasePictureUrl(config, line.uuid),
  });
  const jobId = await enqueueEmail({
    db,
    message: { ...message, orderId },
    dedupeKey: emailKey ?? `order_confirmation:${orderId}`,
  });
  return jobId ?? null;
}

/** The `send_order_confirmation` job: enqueued once per paid order (dedupe key: the order id) by the completion. */
export function createSendOrderConfirmationHandler({
  db,
  config,
}: {
  db: Database;
  config: Config;
}): JobHandler<"send_order_confirmation"> {
  return {
    retry: { maxAttempts: 8, baseDelaySeconds: 30, maxDelaySeconds: 3600, leaseSeconds: 120 },
    async run({ orderId, emailKey }) {
      return { emailJobId: await sendOrderConfirmation({ db, config, orderId, ...(emailKey ? { emailKey } : {}) }) };
    },
  };
}
