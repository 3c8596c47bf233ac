import { z } from "zod";
import { uuidSchema } from "./ids.ts";
import { PLACED_ORDER_STATES, type PlacedOrderState } from "./orders.ts";
import { textSchema } from "./text.ts";

/**
 * The operators' orders and dashboard (issue 28, decision 074): the list's filters, the order page, the actions'
 * bodies and replies. Request schemas are camelCase, as `parseInput` sees them after case conversion; replies are
 * camelCase here and snake_case on the wire, like the rest of the API.
 */

const replyText = () => textSchema({ maxLength: 100_000 });
const stateSchema = z.enum(PLACED_ORDER_STATES as [PlacedOrderState, ...PlacedOrderState[]]);

export const ADMIN_PAYMENT_METHODS = ["card", "paypal", "gift_card"] as const;
export type AdminPaymentMethod = (typeof ADMIN_PAYMENT_METHODS)[number];
export const ADMIN_ORDERS_PER_PAGE = 25;
export const ORDER_NOTE_MAX_LENGTH = 2000;
export const OPERATOR_REASON_MAX_LENGTH = 1000;
export const RESENDABLE_ORDER_EMAILS = ["confirmation", "shipped", "delivered"] as const;
export type ResendableOrderEmail = (typeof RESENDABLE_ORDER_EMAILS)[number];

const daySchema = textSchema({ maxLength: 10, tooLong: "Use a date like 2026-11-28" }).pipe(
  z.iso.date("Use a date like 2026-11-28"),
);

/** `GET /api/v1/admin/orders`: the search box, the filters, the page. `state` is one state or several, comma-separated. */
export const adminOrdersQuerySchema = z.strictObject({
  // Text the query string could not decode (escapes of bytes that are no UTF-8 arrive as they were sent, or as
  // U+FFFD) is refused, not searched for: no order number, e-mail or name holds them.
  q: textSchema({ maxLength: 200, trim: true })
    .refine((value) => !/%[0-9a-f]{2}|\uFFFD/i.test(value), "Search text must be valid UTF-8")
    .optional(),
  state: textSchema({ maxLength: 400, label: "state" })
    .transform((value) => value.split(",").filter((part) => part !== ""))
    .pipe(z.array(stateSchema).max(PLACED_ORDER_STATES.length))
    .optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
  paymentMethod: z.enum(ADMIN_PAYMENT_METHODS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(ADMIN_ORDERS_PER_PAGE),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

export const adminOrderRowSchema = z.object({
  orderNumber: replyText(),
  state: stateSchema,
  placedAt: replyText(),
  paidAt: replyText().nullable(),
  email: replyText().nullable(),
  shipToName: replyText().nullable(),
  customerName: replyText().nullable(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  paymentMethod: z.enum(ADMIN_PAYMENT_METHODS).nullable(),
  units: z.number().int(),
  fulfilmentStatus: replyText().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrdersReplySchema = z.object({
  data: z.array(adminOrderRowSchema),
  meta: z.object({ page: z.number().int(), perPage: z.number().int(), hasMore: z.boolean() }),
});
export type AdminOrdersReply = z.infer<typeof adminOrdersReplySchema>;

const addressSchema = z.object({
  firstName: replyText(),
  lastName: replyText(),
  address1: replyText(),
  address2: replyText(),
  city: replyText(),
  state: replyText(),
  zip: replyText(),
});

export const adminOrderSchema = z.object({
  id: replyText(),
  orderNumber: replyText(),
  state: stateSchema,
  email: replyText().nullable(),
  customer: z.object({
    kind: z.enum(["customer", "guest"]),
    userId: replyText().nullable(),
    name: replyText().nullable(),
    email: replyText().nullable(),
  }),
  placedAt: replyText(),
  paidAt: replyText().nullable(),
  deliveredAt: replyText().nullable(),
  shippingServiceKey: replyText().nullable(),
  expectedDeliveryDate: replyText().nullable(),
  late: z.boolean(),
  amounts: z.object({
    itemTotalCents: z.number().int(),
    discountCents: z.number().int(),
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    giftCardCents: z.number().int(),
    refundedCents: z.number().int(),
    refundableCents: z.number().int(),
  }),
  promoCode: replyText().nullable(),
  shippingAddress: addressSchema.nullable(),
  billingAddress: addressSchema.nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      uuid: replyText(),
      designId: replyText(),
      name: replyText(),
      description: replyText(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      unitSalePriceCents: z.number().int().nullable(),
      lineTotalCents: z.number().int(),
      artworkVersion: z.number().int().nullable(),
      refunded: z.boolean(),
      printFile: z
        .object({ url: replyText(), widthPx: z.number().int(), heightPx: z.number().int(), dpi: z.number().int() })
        .nullable(),
    }),
  ),
  packingSlipUrl: replyText().nullable(),
  payments: z.array(
    z.object({
      id: replyText(),
      kind: replyText(),
      status: replyText(),
      amountCents: z.number().int(),
      processor: replyText(),
      processorReference: replyText().nullable(),
      cardBrand: replyText().nullable(),
      cardLast4: replyText().nullable(),
      declineCode: replyText().nullable(),
      message: replyText().nullable(),
      createdAt: replyText(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: replyText(),
      amountCents: z.number().int(),
      status: replyText(),
      processor: replyText(),
      reason: replyText(),
      actor: replyText(),
      lineIds: z.array(z.number().int()),
      processorRefundId: replyText().nullable(),
      message: replyText().nullable(),
      createdAt: replyText(),
    }),
  ),
  fulfilment: z
    .object({
      provider: replyText().nullable(),
      status: replyText(),
      submission: z.number().int(),
      externalId: replyText(),
      providerOrderId: replyText().nullable(),
      reason: replyText().nullable(),
      attempts: z.number().int(),
      submitAfter: replyText(),
      submittedAt: replyText().nullable(),
      syncedAt: replyText().nullable(),
    })
    .nullable(),
  shipments: z.array(
    z.object({
      carrier: replyText(),
      trackingNumber: replyText(),
      trackingUrl: replyText(),
      status: replyText(),
      shippedAt: replyText(),
      deliveredAt: replyText().nullable(),
      estimatedDeliveryDate: replyText().nullable(),
      lineItemIds: z.array(z.number().int()),
    }),
  ),
  timeline: z.array(
    z.object({
      fromState: replyText().nullable(),
      state: replyText(),
      actor: replyText().nullable(),
      reason: replyText().nullable(),
      at: replyText(),
    }),
  ),
  emails: z.array(
    z.object({
      id: replyText(),
      kind: replyText(),
      to: replyText(),
      subject: replyText(),
      status: replyText(),
      attempts: z.number().int(),
      lastError: replyText().nullable(),
      queuedAt: replyText(),
      sentAt: replyText().nullable(),
    }),
  ),
  notes: z.array(
    z.object({
      id: z.number().int(),
      operatorId: replyText(),
      operatorEmail: replyText().nullable(),
      body: replyText(),
      createdAt: replyText(),
    }),
  ),
  actions: z.object({
    refund: z.boolean(),
    cancel: z.boolean(),
    resubmit: z.boolean(),
    resendEmails: z.array(z.enum(RESENDABLE_ORDER_EMAILS)),
  }),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderReplySchema = z.object({ data: adminOrderSchema });
export type AdminOrderReply = z.infer<typeof adminOrderReplySchema>;

const reasonSchema = textSchema({ maxLength: OPERATOR_REASON_MAX_LENGTH, trim: true, label: "Reason" });
const requiredReason = reasonSchema.pipe(z.string().min(1, "Reason is required"));

/** `POST /api/v1/admin/orders/{number}/refunds`: in full (neither), some lines, or an amount; with a reason. */
export const adminRefundBodySchema = z.strictObject({
  reason: requiredReason,
  amountCents: z.number().int().min(1).max(100_000_000).optional(),
  lineIds: z.array(z.number().int().min(1)).max(100).optional(),
  /** The dialog's own id: a second submit answers the first refund. */
  requestKey: uuidSchema("request_key").optional(),
});
export type AdminRefundBody = z.input<typeof adminRefundBodySchema>;

export const adminCancelBodySchema = z.strictObject({ reason: requiredReason });
export const adminResubmitBodySchema = z.strictObject({ reason: reasonSchema.optional() });
export const adminResendEmailBodySchema = z.strictObject({
  email: z.enum(RESENDABLE_ORDER_EMAILS),
  shipmentId: uuidSchema("shipment_id").optional(),
  reason: reasonSchema.optional(),
});
export const adminNoteBodySchema = z.strictObject({
  body: textSchema({ maxLength: ORDER_NOTE_MAX_LENGTH, trim: true, label: "Note" }).pipe(
    z.string().min(1, "Note cannot be empty"),
  ),
});

/** What every action answers: the order as it is now, and a sentence saying what happened. */
export const adminOrderActionReplySchema = z.object({
  data: adminOrderSchema,
  meta: z.object({ message: replyText() }),
});
export type AdminOrderActionReply = z.infer<typeof adminOrderActionReplySchema>;

const attentionOrderSchema = z.object({
  orderNumber: replyText(),
  state: replyText(),
  email: replyText().nullable(),
  totalCents: z.number().int(),
  reason: replyText().nullable(),
  since: replyText(),
});

export const adminDashboardReplySchema = z.object({
  data: z.object({
    today: z.object({
      day: replyText(),
      orders: z.number().int(),
      revenueCents: z.number().int(),
      averageOrderCents: z.number().int(),
    }),
    last30Days: z.object({
      from: replyText(),
      to: replyText(),
      orders: z.number().int(),
      revenueCents: z.number().int(),
      refundedCents: z.number().int(),
      averageOrderCents: z.number().int(),
    }),
    series: z.array(
      z.object({
        day: replyText(),
        orders: z.number().int(),
        revenueCents: z.number().int(),
        refundedCents: z.number().int(),
      }),
    ),
    attention: z.object({
      onHold: z.object({ count: z.number().int(), orders: z.array(attentionOrderSchema) }),
      failed: z.object({ count: z.number().int(), orders: z.array(attentionOrderSchema) }),
      late: z.object({
        count: z.number().int(),
        orders: z.array(
          z.object({
            orderNumber: replyText(),
            state: replyText(),
            email: replyText().nullable(),
            totalCents: z.number().int(),
            expectedDeliveryDate: replyText(),
            daysLate: z.number().int(),
          }),
        ),
      }),
      capturesToRefund: z.array(
        z.object({
          orderNumber: replyText(),
          paymentId: replyText(),
          kind: replyText(),
          status: replyText(),
          amountCents: z.number().int(),
          refundedCents: z.number().int(),
          createdAt: replyText(),
        }),
      ),
      refundsNeedingAttention: z.array(
        z.object({
          orderNumber: replyText(),
          refundId: replyText(),
          amountCents: z.number().int(),
          status: replyText(),
          message: replyText().nullable(),
          createdAt: replyText(),
        }),
      ),
    }),
  }),
});
export type AdminDashboardReply = z.infer<typeof adminDashboardReplySchema>;
export type AdminDashboard = AdminDashboardReply["data"];
