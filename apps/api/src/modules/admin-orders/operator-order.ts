import { colorDisplayName } from "@threadfolk/contract/colors";
import type { PlacedOrderState } from "@threadfolk/contract/orders";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { nameGarmentStyle } from "../cart/presenters.ts";
import type { Executor } from "../cart/queries.ts";
import { estimateDeliveryDate, findOrderFulfilment, presentShipments } from "../fulfilment/order-fulfilment-view.ts";
import { getPrintFileSecret, signPrintFileUrl } from "../fulfilment/print-file-urls.ts";
import { fulfilmentExternalId } from "../fulfilment/submit-order.ts";
import { PAID_STATES } from "../orders/order-states.ts";
import { findOrderIdByNumber, RESENDABLE_EMAILS, type ResendableEmail } from "./order-actions.ts";

/**
 * The order as operators see it (issue 28): its lines with their print files (signed links), payments, refunds,
 * the print provider's order, parcels, timeline, the e-mails sent about it (the `send_email` jobs that name it,
 * kept FINISHED_JOB_RETENTION_DAYS), notes, and which actions it allows now. No card number, password or token:
 * a card shows as brand and last four, as on the shopper's own page.
 */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

async function rows<Row>(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

type OrderRow = {
  id: string;
  order_number: string;
  state: PlacedOrderState;
  email: string | null;
  user_id: string | null;
  guest_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  selected_shipping_service_key: string | null;
  item_total_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  gift_card_cents: number;
  promo_code: string | null;
  placed_at: Date | string;
  paid_at: Date | string | null;
  delivered_at: Date | string | null;
};

type AddressRow = {
  kind: "shipping" | "billing";
  first_name: string;
  last_name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
};

type LineRow = {
  id: number;
  uuid: string;
  design_id: string;
  design_name: string;
  style_name: string;
  style_fit: "Men" | "Women" | "Unisex";
  color: string;
  size: string;
  quantity: number;
  unit_price_cents: number | null;
  unit_sale_price_cents: number | null;
  artwork_version: number | null;
  storage_key: string | null;
  width_px: number | null;
  height_px: number | null;
  dpi: number | null;
};

type PaymentRow = {
  id: string;
  kind: string;
  status: string;
  amount_cents: number;
  processor: string;
  processor_reference: string | null;
  card_brand: string | null;
  card_last4: string | null;
  decline_code: string | null;
  message: string | null;
  created_at: Date | string;
};

type RefundRow = {
  id: string;
  amount_cents: number;
  status: string;
  processor: string;
  reason: string;
  actor: string;
  line_ids: number[] | null;
  processor_refund_id: string | null;
  message: string | null;
  created_at: Date | string;
};

type FulfilmentRow = {
  provider: string | null;
  status: string;
  submission: number;
  provider_order_id: string | null;
  reason: string | null;
  attempts: number;
  submit_after: Date | string;
  submitted_at: Date | string | null;
  synced_at: Date | string | null;
};

type EmailRow = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
};

/** The keys an order's e-mails were queued under before they named the order in their payload. */
async function emailKeysOf(db: Executor, orderId: string): Promise<string[]> {
  const [shipments, payments, refunds] = await Promise.all([
    rows<{ id: string }>(db, sql`select id from order_shipments where order_id = ${orderId}`),
    rows<{ id: string }>(db, sql`select id from order_payments where order_id = ${orderId}`),
    rows<{ id: string }>(db, sql`select id from payment_refunds where order_id = ${orderId}`),
  ]);
  return [
    `order_confirmation:${orderId}`,
    `order_delivered:${orderId}`,
    `order_cancelled:${orderId}`,
    ...shipments.map((row) => `order_shipped:${row.id}`),
    ...payments.map((row) => `payment_refunded:${row.id}`),
    ...refunds.map((row) => `order_refunded:${row.id}`),
  ];
}

/** The whole order for an operator, by its number (404 when there is none). */
export async function readOperatorOrder(options: {
  context: Pick<AppContext, "db" | "config">;
  orderNumber: string;
  now?: Date;
}) {
  const { context } = options;
  const { db, config } = context;
  const orderId = await findOrderIdByNumber(db, options.orderNumber);
  const [order] = await rows<OrderRow>(
    db,
    sql`select o.id, o.order_number, o.state, o.email, o.user_id, o.guest_id,
        u.first_name || ' ' || u.last_name as customer_name, u.email as customer_email,
        o.selected_shipping_service_key, o.item_total_cents, o.discount_cents, o.shipping_cents, o.tax_cents,
        o.total_cents, o.gift_card_cents, o.promo_code, o.placed_at, o.paid_at, o.delivered_at
      from orders o left join users u on u.id = o.user_id where o.id = ${orderId}`,
  );
  if (!order) throw new Error(`order ${orderId} vanished`);
  const emailKeys = await emailKeysOf(db, orderId);
  const [addresses, lines, payments, refunds, fulfilmentRows, timeline, emails, notes, slip, view] = await Promise.all([
    rows<AddressRow>(
      db,
      sql`select kind, first_name, last_name, address1, address2, city, state, zip from order_addresses
        where order_id = ${orderId}`,
    ),
    rows<LineRow>(
      db,
      sql`select l.id, l.uuid::text as uuid, d.id::text as design_id, d.display_name as design_name,
          g.display_name as style_name, g.fit as style_fit, l.color, l.size, l.quantity, l.unit_price_cents,
          l.unit_sale_price_cents, l.artwork_version, f.storage_key, f.width_px, f.height_px, f.dpi
        from order_line_items l
        join seller_design_product_variants v on v.id = l.seller_design_product_variant_id
        join designs d on d.id = v.design_id
        join garment_styles g on g.id = v.garment_style_id
        left join order_print_files f on f.order_line_item_id = l.id
        where l.order_id = ${orderId} order by l.id`,
    ),
    rows<PaymentRow>(
      db,
      sql`select id, kind, status, amount_cents, processor, processor_reference, card_brand, card_last4,
          decline_code, message, created_at
        from order_payments where order_id = ${orderId} order by created_at`,
    ),
    rows<RefundRow>(
      db,
      sql`select id, amount_cents, status, processor, reason, actor, line_ids, processor_refund_id, message, created_at
        from payment_refunds where order_id = ${orderId} order by created_at, request_key`,
    ),
    rows<FulfilmentRow>(
      db,
      sql`select provider, status, submission, provider_order_id, reason, attempts, submit_after, submitted_at,
          synced_at
        from order_fulfilments where order_id = ${orderId}`,
    ),
    rows<{ from_state: string | null; state: string; actor: string | null; reason: string | null; created_at: string }>(
      db,
      sql`select from_state, state, actor, reason, created_at from order_state_changes where order_id = ${orderId}
        order by created_at, id`,
    ),
    rows<EmailRow>(
      db,
      sql`select id, payload->>'kind' as kind, payload->>'to' as to, payload->>'subject' as subject, status, attempts,
          last_error, created_at, completed_at
        from jobs where kind = 'send_email'
          and ((payload->>'orderId') = ${orderId}::text or dedupe_key in (${sql.join(
            emailKeys.map((key) => sql`${key}`),
            sql`, `,
          )}))
        order by created_at`,
    ),
    rows<{ id: number; operator_id: string; body: string; created_at: Date | string }>(
      db,
      sql`select id, operator_id, body, created_at from order_notes where order_id = ${orderId} order by created_at, id`,
    ),
    rows<{ storage_key: string }>(db, sql`select storage_key from order_packing_slips where order_id = ${orderId}`),
    findOrderFulfilment(db, orderId),
  ]);
  const secret = await getPrintFileSecret({ db, config });
  const link = (key: string) => signPrintFileUrl({ config, secret, key });
  const [fulfilment] = fulfilmentRows;
  const paidAt = order.paid_at ? new Date(order.paid_at) : null;
  const refundedLineIds = new Set(
    refunds.filter((refund) => refund.status !== "failed").flatMap((refund) => (refund.line_ids ?? []).map(Number)),
  );
  const claimed = refunds
    .filter((refund) => refund.status !== "failed")
    .reduce((sum, refund) => sum + Number(refund.amount_cents), 0);
  const refundable =
    ((PAID_STATES as readonly string[]).includes(order.state) || ["on_hold", "cancelled"].includes(order.state)) &&
    payments.some((payment) => payment.status === "succeeded");
  const expected = estimateDeliveryDate({
    state: order.state,
    paidAt,
    shippingServiceKey: order.selected_shipping_service_key,
    view,
    cancelWindowSeconds: config.ORDER_CANCEL_SECONDS,
  });
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const open = ["paid", "in_production", "partly_shipped", "shipped", "on_hold"].includes(order.state);
  const notSent = fulfilment === undefined || fulfilment.status === "waiting";
  const heldBeforeSending =
    fulfilment?.status === "on_hold" && fulfilment.provider === null && fulfilment.provider_order_id === null;
  const resendable: ResendableEmail[] = RESENDABLE_EMAILS.filter((kind) =>
    kind === "confirmation"
      ? paidAt !== null
      : kind === "shipped"
        ? view.shipments.length > 0
        : order.delivered_at !== null,
  );
  const address = (kind: "shipping" | "billing") => {
    const row = addresses.find((candidate) => candidate.kind === kind);
    return row
      ? {
          firstName: row.first_name,
          lastName: row.last_name,
          address1: row.address1,
          address2: row.address2,
          city: row.city,
          state: row.state,
          zip: row.zip,
        }
      : null;
  };
  return {
    id: order.id,
    orderNumber: order.order_number,
    state: order.state,
    email: order.email,
    customer: order.user_id
      ? { kind: "customer" as const, userId: order.user_id, name: order.customer_name, email: order.customer_email }
      : { kind: "guest" as const, userId: null, name: null, email: null },
    placedAt: iso(order.placed_at) as string,
    paidAt: iso(order.paid_at),
    deliveredAt: iso(order.delivered_at),
    shippingServiceKey: order.selected_shipping_service_key,
    expectedDeliveryDate: expected,
    late: open && expected !== null && expected < today,
    amounts: {
      itemTotalCents: Number(order.item_total_cents),
      discountCents: Number(order.discount_cents),
      shippingCents: Number(order.shipping_cents),
      taxCents: Number(order.tax_cents),
      totalCents: Number(order.total_cents),
      giftCardCents: Number(order.gift_card_cents),
      refundedCents: refunds
        .filter((refund) => refund.status === "succeeded")
        .reduce((sum, refund) => sum + Number(refund.amount_cents), 0),
      refundableCents: refundable ? Math.max(0, Number(order.total_cents) - claimed) : 0,
    },
    promoCode: order.promo_code,
    shippingAddress: address("shipping"),
    billingAddress: address("billing"),
    lines: lines.map((line) => {
      const unit = Number(line.unit_sale_price_cents ?? line.unit_price_cents ?? 0);
      return {
        id: Number(line.id),
        uuid: line.uuid,
        designId: line.design_id,
        name: line.design_name,
        description: `${nameGarmentStyle({ displayName: line.style_name, fit: line.style_fit })} · ${colorDisplayName(line.color)} · Size ${line.size}`,
        quantity: Number(line.quantity),
        unitPriceCents: Number(line.unit_price_cents ?? 0),
        unitSalePriceCents: line.unit_sale_price_cents === null ? null : Number(line.unit_sale_price_cents),
        lineTotalCents: unit * Number(line.quantity),
        artworkVersion: line.artwork_version === null ? null : Number(line.artwork_version),
        refunded: refundedLineIds.has(Number(line.id)),
        printFile:
          line.storage_key && line.width_px && line.height_px && line.dpi
            ? {
                url: link(line.storage_key),
                widthPx: Number(line.width_px),
                heightPx: Number(line.height_px),
                dpi: Number(line.dpi),
              }
            : null,
      };
    }),
    packingSlipUrl: slip[0] ? link(slip[0].storage_key) : null,
    payments: payments.map((payment) => ({
      id: payment.id,
      kind: payment.kind,
      status: payment.status,
      amountCents: Number(payment.amount_cents),
      processor: payment.processor,
      processorReference: payment.processor_reference,
      cardBrand: payment.card_brand,
      cardLast4: payment.card_last4,
      declineCode: payment.decline_code,
      message: payment.message,
      createdAt: iso(payment.created_at) as string,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amountCents: Number(refund.amount_cents),
      status: refund.status,
      processor: refund.processor,
      reason: refund.reason,
      actor: refund.actor,
      lineIds: (refund.line_ids ?? []).map(Number),
      processorRefundId: refund.processor_refund_id,
      message: refund.message,
      createdAt: iso(refund.created_at) as string,
    })),
    fulfilment: fulfilment
      ? {
          provider: fulfilment.provider,
          status: fulfilment.status,
          submission: Number(fulfilment.submission),
          externalId: fulfilmentExternalId(order.order_number, Number(fulfilment.submission)),
          providerOrderId: fulfilment.provider_order_id,
          reason: fulfilment.reason,
          attempts: Number(fulfilment.attempts),
          submitAfter: iso(fulfilment.submit_after) as string,
          submittedAt: iso(fulfilment.submitted_at),
          syncedAt: iso(fulfilment.synced_at),
        }
      : null,
    shipments: presentShipments(view),
    timeline: timeline.map((entry) => ({
      fromState: entry.from_state,
      state: entry.state,
      actor: entry.actor,
      reason: entry.reason,
      at: iso(entry.created_at) as string,
    })),
    emails: emails.map((email) => ({
      id: email.id,
      kind: email.kind,
      to: email.to,
      subject: email.subject,
      status: email.status,
      attempts: Number(email.attempts),
      lastError: email.last_error,
      queuedAt: iso(email.created_at) as string,
      sentAt: email.status === "succeeded" ? iso(email.completed_at) : null,
    })),
    notes: notes.map((note) => ({
      id: Number(note.id),
      operatorId: note.operator_id,
      operatorEmail: null as string | null,
      body: note.body,
      createdAt: iso(note.created_at) as string,
    })),
    actions: {
      refund: refundable && Number(order.total_cents) - claimed > 0,
      cancel:
        paidAt !== null && ((order.state === "paid" && notSent) || (order.state === "on_hold" && heldBeforeSending)),
      resubmit:
        (order.state === "fulfilment_failed" && ["failed", "cancelled"].includes(fulfilment?.status ?? "")) ||
        (order.state === "on_hold" &&
          paidAt !== null &&
          fulfilment?.status === "on_hold" &&
          !fulfilment.provider_order_id),
      resendEmails: resendable,
    },
  };
}

export type OperatorOrder = Awaited<ReturnType<typeof readOperatorOrder>>;
