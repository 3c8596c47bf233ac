import { formatCents } from "@threadfolk/contract/money";
import { sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { enqueueEmail } from "../mail/send-email.ts";
import {
  type BrandConfig,
  type EmailMessage,
  escapeHtml,
  renderEmailButton,
  renderEmailFrame,
  renderTextFooter,
} from "../mail/templates.ts";
import { buildOrderUrl, getOrderAccessSecret } from "./order-link.ts";

/** Where a refund went, as the shopper reads it. */
function destination(processor: string, kind: string): string {
  if (processor === "gift_card" || kind === "gift_card") return "gift card";
  return kind === "paypal" ? "PayPal account" : "card";
}

/**
 * 'We refunded …' (issue 28): the shopper's e-mail about a refund an operator made of their order, in full or
 * in part, once the processor took it.
 */
export function renderOrderRefundEmail(options: {
  config: BrandConfig;
  orderId: string;
  orderNumber: string;
  to: string;
  greetingName: string | null;
  amountCents: number;
  whole: boolean;
  destination: string;
  orderUrl: string;
}): EmailMessage {
  const { config, orderNumber } = options;
  const amount = formatCents(options.amountCents);
  const lines = [
    options.greetingName ? `Hi ${options.greetingName},` : "Hi,",
    `We refunded ${amount} to your ${options.destination} for order ${orderNumber}${options.whole ? ": the order is now refunded in full." : "."}`,
    options.destination === "gift card"
      ? "The amount is back on your gift card and ready to use."
      : "Refunds usually show on your statement within 5 to 10 business days.",
  ];
  return {
    kind: "order_refunded",
    orderId: options.orderId,
    to: options.to,
    subject: `${config.BRAND_NAME}: ${amount} refunded for order ${orderNumber}`,
    text: [...lines, "", `View your order: ${options.orderUrl}`, "", ...renderTextFooter(config)].join("\n"),
    html: renderEmailFrame({
      config,
      contentHtml: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}${renderEmailButton("View your order", options.orderUrl)}`,
    }),
  };
}

type RefundRow = {
  order_id: string;
  order_number: string;
  email: string | null;
  user_id: string | null;
  first_name: string | null;
  status: string;
  amount_cents: number;
  processor: string;
  kind: string;
  order_state: string;
};

/** The `send_order_refund_email` job: queues the e-mail of one succeeded refund, once (dedupe key per refund). */
export function createSendOrderRefundEmailHandler(options: {
  db: Database;
  config: Config;
}): JobHandler<"send_order_refund_email"> {
  const { db, config } = options;
  return {
    retry: { maxAttempts: 8, baseDelaySeconds: 30, maxDelaySeconds: 3600, leaseSeconds: 120 },
    async run({ refundId }) {
      const [row] = (
        (await db.execute(sql`select o.id as order_id, o.order_number, o.email, o.user_id,
            coalesce(u.first_name, a.first_name) as first_name, r.status, r.amount_cents, r.processor, p.kind,
            o.state as order_state
          from payment_refunds r join order_payments p on p.id = r.payment_id join orders o on o.id = r.order_id
          left join users u on u.id = o.user_id
          left join order_addresses a on a.order_id = o.id and a.kind = 'shipping'
          where r.id = ${refundId}`)) as unknown as { rows: RefundRow[] }
      ).rows;
      if (!row) return { skipped: "no such refund" };
      if (row.status !== "succeeded") return { skipped: `refund ${row.status}` };
      if (!row.email) return { skipped: "no e-mail address" };
      const secret = await getOrderAccessSecret({ db, config });
      const message = renderOrderRefundEmail({
        config,
        orderId: row.order_id,
        orderNumber: row.order_number,
        to: row.email,
        greetingName: row.first_name,
        amountCents: Number(row.amount_cents),
        whole: row.order_state === "refunded",
        destination: destination(row.processor, row.kind),
        orderUrl: buildOrderUrl({
          config,
          secret,
          order: { id: row.order_id, orderNumber: row.order_number, userId: row.user_id },
        }),
      });
      const jobId = await enqueueEmail({ db, message, dedupeKey: `order_refunded:${refundId}` });
      return { emailJobId: jobId ?? null };
    },
  };
}
