import { colorDisplayName } from "@threadfolk/contract/colors";
import { sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { nameGarmentStyle } from "../cart/presenters.ts";
import { enqueueEmail } from "../mail/send-email.ts";
import {
  type BrandConfig,
  type EmailMessage,
  escapeHtml,
  renderEmailButton,
  renderEmailFrame,
  renderTextFooter,
} from "../mail/templates.ts";
import { buildOrderUrl, getOrderAccessSecret } from "../orders/order-link.ts";

/**
 * The e-mails of an order's life after payment (issue 27, deliverable 5): 'Your order has shipped' for each
 * parcel (its carrier, tracking link and the items in it), 'Delivered' once every parcel has arrived, and
 * 'Cancelled' when the shopper cancelled in the window. Pictures are the shopper's own purchase, at links that
 * never expire (`pictureUrlOf`).
 */

export type FulfilmentEmailLine = {
  uuid: string;
  designId: string;
  name: string;
  description: string;
  quantity: number;
  color: string;
  styleKey: string;
};

export type FulfilmentEmailKind = "shipped" | "delivered" | "cancelled";

type RenderOptions = {
  config: BrandConfig;
  kind: FulfilmentEmailKind;
  orderNumber: string;
  to: string;
  greetingName: string | null;
  orderUrl: string;
  lines: FulfilmentEmailLine[];
  pictureUrlOf: (line: FulfilmentEmailLine) => string;
  parcel?: { carrier: string; trackingNumber: string; trackingUrl: string; estimatedDeliveryDate: string | null };
  refundCents?: number;
  /** Who cancelled (default: the shopper). */
  cancelledBy?: "shopper" | "operator";
  orderId?: string;
};

const SUBJECTS: Record<FulfilmentEmailKind, (orderNumber: string) => string> = {
  shipped: (orderNumber) => `Your order has shipped (${orderNumber})`,
  delivered: (orderNumber) => `Delivered: your order ${orderNumber}`,
  cancelled: (orderNumber) => `Your order ${orderNumber} has been cancelled`,
};

function longDate(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** Renders one of the three e-mails; every value is escaped in the HTML, the text part says the same. */
export function renderFulfilmentEmail(options: RenderOptions): EmailMessage {
  const { config, kind, orderNumber, lines, parcel } = options;
  const intro =
    kind === "shipped"
      ? `Good news: ${lines.length === 1 ? "an item" : "items"} from order ${orderNumber} ${lines.length === 1 ? "is" : "are"} on the way.`
      : kind === "delivered"
        ? `Your order ${orderNumber} has been delivered. We hope you love it!`
        : options.cancelledBy === "operator"
          ? `We have cancelled your order ${orderNumber}. Nothing was printed, and your refund is on its way to how you paid. Reply to this e-mail if you have any questions.`
          : `Your order ${orderNumber} has been cancelled, as you asked. Nothing was printed, and your refund is on its way to how you paid.`;
  const facts: string[] = [];
  if (parcel) {
    facts.push(`Carrier: ${parcel.carrier}`, `Tracking number: ${parcel.trackingNumber}`);
    if (parcel.estimatedDeliveryDate) facts.push(`Expected: ${longDate(parcel.estimatedDeliveryDate)}`);
  }
  const action = parcel
    ? { label: "Track your parcel", url: parcel.trackingUrl }
    : { label: "View your order", url: options.orderUrl };
  const text = [
    options.greetingName ? `Hi ${options.greetingName},` : "Hi,",
    "",
    intro,
    "",
    ...facts,
    ...(facts.length > 0 ? [""] : []),
    kind === "shipped" ? "In this parcel:" : "Your items:",
    ...lines.map((line) => `  ${line.quantity} x ${line.name}: ${line.description}`),
    "",
    `${action.label}: ${action.url}`,
    ...(parcel ? [`View your order: ${options.orderUrl}`] : []),
    "",
    ...renderTextFooter(config),
  ].join("\n");
  const cell = "padding:8px 0;border-bottom:1px solid #e4e4e7;vertical-align:top";
  const linesHtml = lines
    .map(
      (line) => `<tr>
<td style="${cell};width:88px"><img src="${escapeHtml(options.pictureUrlOf(line))}" width="80" height="80" alt="${escapeHtml(line.name)}" style="display:block;border-radius:4px;background:#f4f4f5;font-size:12px;overflow:hidden"></td>
<td style="${cell};padding-left:12px"><strong>${escapeHtml(line.name)}</strong><br><span style="font-size:14px;color:#52525b">${escapeHtml(line.description)}<br>Quantity ${line.quantity}</span></td>
</tr>`,
    )
    .join("\n");
  const factsHtml = facts.map((fact) => `${escapeHtml(fact)}<br>`).join("");
  const contentHtml = `<p>${escapeHtml(options.greetingName ? `Hi ${options.greetingName},` : "Hi,")}</p>
<p>${escapeHtml(intro)}</p>
${factsHtml ? `<p style="font-size:14px;color:#3f3f46">${factsHtml}</p>` : ""}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${linesHtml}</table>
${renderEmailButton(action.label, action.url)}
${parcel ? `<p style="font-size:14px"><a href="${escapeHtml(options.orderUrl)}">View your order</a></p>` : ""}`;
  return {
    kind: `order_${kind}`,
    to: options.to,
    subject: SUBJECTS[kind](orderNumber),
    text,
    html: renderEmailFrame({ config, contentHtml }),
    ...(options.orderId ? { orderId: options.orderId } : {}),
  };
}

type OrderRow = {
  id: string;
  order_number: string;
  email: string | null;
  user_id: string | null;
  first_name: string | null;
};

/**
 * The `send_fulfilment_email` job: renders the e-mail from the order's records and queues it once (the e-mail's
 * dedupe key names the parcel or the order and the kind).
 */
export function createSendFulfilmentEmailHandler(options: {
  db: Database;
  config: Config;
  pictureUrlOf: (line: FulfilmentEmailLine) => string;
}): JobHandler<"send_fulfilment_email"> {
  const { db, config, pictureUrlOf } = options;
  return {
    retry: { maxAttempts: 8, baseDelaySeconds: 30, maxDelaySeconds: 3600, leaseSeconds: 120 },
    async run({ kind, orderId, shipmentId, cancelledBy, emailKey }) {
      const result = (await db.execute(sql`select o.id, o.order_number, o.email, o.user_id,
          coalesce(u.first_name, a.first_name) as first_name
        from orders o left join users u on u.id = o.user_id
        left join order_addresses a on a.order_id = o.id and a.kind = 'shipping'
        where o.id = ${orderId}`)) as unknown as { rows: OrderRow[] };
      const [order] = result.rows;
      if (!order?.email) return { skipped: "no e-mail address" };
      const lineRows = (await db.execute(sql`select l.uuid::text as uuid, d.id::text as design_id,
          d.display_name as design_name, g.key as style_key, g.display_name as style_name, g.fit as style_fit,
          l.color, l.size, coalesce(si.quantity, l.quantity) as quantity
        from order_line_items l
        join seller_design_product_variants v on v.id = l.seller_design_product_variant_id
        join designs d on d.id = v.design_id
        join garment_styles g on g.id = v.garment_style_id
        left join order_shipment_items si on si.order_line_item_id = l.id and si.shipment_id = ${shipmentId ?? null}::uuid
        where l.order_id = ${orderId} and (${shipmentId ?? null}::uuid is null or si.shipment_id is not null)
        order by l.id`)) as unknown as {
        rows: Array<{
          uuid: string;
          design_id: string;
          design_name: string;
          style_key: string;
          style_name: string;
          style_fit: "Men" | "Women" | "Unisex";
          color: string;
          size: string;
          quantity: number;
        }>;
      };
      const lines: FulfilmentEmailLine[] = lineRows.rows.map((row) => ({
        uuid: row.uuid,
        designId: row.design_id,
        name: row.design_name,
        description: `${nameGarmentStyle({ displayName: row.style_name, fit: row.style_fit })} · ${colorDisplayName(row.color)} · Size ${row.size}`,
        quantity: Number(row.quantity),
        color: row.color,
        styleKey: row.style_key,
      }));
      let parcel: RenderOptions["parcel"];
      if (shipmentId) {
        const parcels = (await db.execute(sql`select carrier, tracking_number, tracking_url,
            to_char(estimated_delivery_at at time zone 'UTC', 'YYYY-MM-DD') as estimated
          from order_shipments where id = ${shipmentId}`)) as unknown as {
          rows: Array<{ carrier: string; tracking_number: string; tracking_url: string; estimated: string | null }>;
        };
        const [row] = parcels.rows;
        if (!row) return { skipped: "no such parcel" };
        parcel = {
          carrier: row.carrier,
          trackingNumber: row.tracking_number,
          trackingUrl: row.tracking_url,
          estimatedDeliveryDate: row.estimated,
        };
      }
      const secret = await getOrderAccessSecret({ db, config });
      const message = renderFulfilmentEmail({
        config,
        kind,
        orderNumber: order.order_number,
        to: order.email,
        greetingName: order.first_name,
        orderUrl: buildOrderUrl({
          config,
          secret,
          order: { id: order.id, orderNumber: order.order_number, userId: order.user_id },
        }),
        lines,
        pictureUrlOf,
        orderId: order.id,
        ...(parcel ? { parcel } : {}),
        ...(cancelledBy ? { cancelledBy } : {}),
      });
      const jobId = await enqueueEmail({
        db,
        message,
        dedupeKey: emailKey ?? `order_${kind}:${shipmentId ?? orderId}`,
      });
      return { emailJobId: jobId ?? null };
    },
  };
}
