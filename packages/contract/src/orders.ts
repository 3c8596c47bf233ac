import { z } from "zod";
import { CARD_DECLINE_CODES } from "./card-rules.ts";
import { cartAddressRecordSchema, orderLineItemSchema } from "./cart.ts";
import { appliedPromoCodeSchema } from "./promo-codes.ts";
import { SHIPPING_SERVICE_KEYS } from "./shipping.ts";
import { textSchema } from "./text.ts";

/**
 * Orders and payments (issue 13; spec sections 3, 4, 7 and 8): placing the caller's cart as an order, paying it
 * by card, and reading the customer's orders. Request schemas are camelCase, as `parseInput` sees them after
 * case conversion; docs/decisions/028-orders-and-payments.md shows the wire and the life of an order.
 */

/**
 * The states of the `orders` table's rows. A cart is a row in state `cart` and stays one (decision 053): placing
 * it writes a separate order row, in `payment_pending`, which the state machine of apps/api/src/modules/orders/
 * order-states.ts moves on from there.
 */
export const ORDER_STATES = [
  "cart",
  "payment_pending",
  "on_hold",
  "failed",
  "paid",
  "in_production",
  "partly_shipped",
  "shipped",
  "delivered",
  "returned",
  "fulfilment_failed",
  "cancelled",
  "partly_refunded",
  "refunded",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The states a placed order can be shown in (the Orders tab's timeline; a cart is never shown there). */
export const PLACED_ORDER_STATES = ORDER_STATES.filter((state) => state !== "cart") as Exclude<OrderState, "cart">[];
export type PlacedOrderState = (typeof PLACED_ORDER_STATES)[number];

/** How shoppers read each state (the status timeline). */
export const ORDER_STATE_NAMES: Record<PlacedOrderState, string> = {
  payment_pending: "Awaiting payment",
  on_hold: "On hold",
  failed: "Payment failed",
  paid: "Paid",
  in_production: "In production",
  partly_shipped: "Partly shipped",
  shipped: "Shipped",
  delivered: "Delivered",
  returned: "Returned",
  fulfilment_failed: "Could not be printed",
  cancelled: "Cancelled",
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
};

export const PAYMENT_METHODS = ["visa", "paypal"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The texts of orders and payments. The spec's toasts are verbatim (its 'please your check' typo fixed). */
export const ORDER_MESSAGES = {
  cartEmpty: "Your cart is empty",
  shippingAddressMissing: "Add a shipping address before placing your order",
  billingAddressMissing: "Add a billing address before placing your order",
  emailMissing: "Add an e-mail address before placing your order",
  shippingServiceMissing: "Choose a shipping service before placing your order",
  designUnavailable: (names: string[]) =>
    `${names.join(", ")} ${names.length === 1 ? "is" : "are"} no longer available: remove ${
      names.length === 1 ? "it" : "them"
    } from your cart`,
  orderNotPayable: "This order cannot be paid: place your order again",
  orderChanged: "Your order changed since it was placed: review it and place it again",
  alreadyPaid: "This order is already paid",
  paymentInProgress: "A payment for this order is being processed",
  cartLockedForPayment: "Your payment is being processed: your cart can change again once it is done",
  idempotencyKeyMissing: "Send an Idempotency-Key header (a new one for each press of Place Order)",
  idempotencyKeyInvalid: "The Idempotency-Key header must be 1 to 255 printable characters",
  idempotencyKeyReused: "This Idempotency-Key was used with a different request",
  idempotencyKeyInFlight: "A request with this Idempotency-Key is still being processed",
  tooManyDeclines: "Too many declined payments: wait a while before trying again",
  paymentFailure: "Payment failure, please check your payment information",
  promoCodeChanged: "Your gift card or coupon code can no longer be used as it was: place your order again",
  cardRequired: "Credit Card Number is required",
  /** Stripe mode (decision 061): card fields sent to this server instead of to Stripe. */
  cardDataRefused: "Card details go to Stripe's secure fields, never to this server: send the payment method instead",
  /** The local test processor takes the card's fields, not a Stripe payment method. */
  paymentMethodRefused: "This shop takes the card's fields here, not a Stripe payment method",
  nothingToPayByPayPal: "Your gift card pays this whole order: place it with the Place Order button",
  paypalFailure: "PayPal Payment Failure",
  paypalDeclined: "PayPal declined the payment: choose another way to pay in PayPal, or pay by card",
  paypalNotApproved: "This PayPal order has not been approved in PayPal yet",
  paypalPending:
    "Thank you for your order: PayPal is reviewing the payment, and we will e-mail you as soon as it completes",
  thankYou: "Thank you for your order",
  processorUnavailable:
    "We could not reach the payment processor. You have not been charged twice: check your orders in a minute",
} as const;

/** `POST /orders`: the spec's `order` envelope; the caller's cart is the order, so it carries nothing yet. */
export const placeOrderBodySchema = z.strictObject({ order: z.strictObject({}) });
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;

/** The `Idempotency-Key` header: printable ASCII, as Stripe's (and the card port's) keys. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

const cardField = (maxLength: number) => textSchema({ maxLength });

/**
 * `POST /order_payments`: the spec's unwrapped params. The card fields are bounded strings only: whether a
 * number, expiry or CVC is good is the processor's answer (a 402 decline), not a validation error, so that
 * every card problem reaches the shopper the same way and nothing about a card is echoed back.
 */
export const orderPaymentBodySchema = z.strictObject({
  orderPayment: z.strictObject({ processorPaymentId: textSchema({ maxLength: 64 }).min(1) }),
  /**
   * Stripe mode (decision 061): the PaymentMethod Stripe.js made from Stripe's own card fields, instead of
   * `creditCardParams` (which that mode refuses: card data never reaches this server).
   */
  paymentMethodId: textSchema({ maxLength: 255 })
    .regex(/^pm_[A-Za-z0-9_]+$/, "must be a Stripe PaymentMethod id (pm_…)")
    .optional(),
  /** The local test processor's card fields; optional for an order its gift card pays in full (decision 033). */
  creditCardParams: z
    .strictObject({
      creditCardNumber: cardField(32),
      expirationDate: cardField(8),
      cvc: cardField(8),
    })
    .optional(),
});
export type OrderPaymentBody = z.input<typeof orderPaymentBodySchema>;
export type OrderPaymentInput = z.infer<typeof orderPaymentBodySchema>;

const replyText = () => textSchema({ maxLength: 4096 });
const moneySchema = replyText().startsWith("$");
const centsSchema = z.number().int();

/** One step of an order's status timeline. */
export const orderTimelineEntrySchema = z.object({
  state: z.enum(PLACED_ORDER_STATES as [PlacedOrderState, ...PlacedOrderState[]]),
  /** ISO 8601. */
  at: replyText(),
});

/** How an order was paid, as shoppers read it ('Visa ending 4242', 'PayPal'). */
export const orderPaymentMethodSchema = z.object({
  kind: z.enum(["card", "paypal", "gift_card"]),
  description: replyText(),
});

export const SHIPMENT_STATUSES = ["shipped", "delivered", "returned", "lost"] as const;
export type OrderShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** One parcel of an order: its carrier and tracking, its dates and the lines it carries (issue 27). */
export const orderShipmentSchema = z.object({
  carrier: replyText(),
  trackingNumber: replyText(),
  trackingUrl: replyText(),
  status: z.enum(SHIPMENT_STATUSES),
  /** ISO 8601. */
  shippedAt: replyText(),
  deliveredAt: replyText().nullable(),
  /** The carrier's expected delivery day (YYYY-MM-DD), when known. */
  estimatedDeliveryDate: replyText().nullable(),
  /** The order line ids in this parcel. */
  lineItemIds: z.array(z.number().int().positive()),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/** `POST /orders/{id}/cancellation` and the order's `cancellation`: the cancellation window of a paid order. */
export const orderCancellationSchema = z.object({
  cancellable: z.boolean(),
  /** ISO 8601: when the window closes (the order then goes to production); null when it never opens or has closed. */
  until: replyText().nullable(),
  /** Why the order cannot be cancelled (shown on the order page), null while it can. */
  reason: replyText().nullable(),
});
export type OrderCancellation = z.infer<typeof orderCancellationSchema>;

/** Why an order cannot be cancelled (issue 27). */
export const CANCELLATION_MESSAGES = {
  inProduction: "This order has gone to production and can no longer be cancelled.",
  shipped: "This order has shipped and can no longer be cancelled.",
  notPaid: "Only a paid order can be cancelled.",
  alreadyCancelled: "This order has been cancelled.",
  refunded: "This order has been refunded.",
  cancelled: "Your order has been cancelled. Your refund is on its way.",
} as const;

/** A placed order: `POST /orders`, `GET /orders/{order_number}`. Amounts are frozen when placed. */
export const placedOrderSchema = z.object({
  id: replyText(),
  type: z.literal("order"),
  attributes: z.object({
    orderNumber: replyText(),
    state: z.enum(PLACED_ORDER_STATES as [PlacedOrderState, ...PlacedOrderState[]]),
    /** What the card step sends back (`order_payment.processor_payment_id`): names this quote of the order. */
    processorPaymentId: replyText().nullable(),
    email: replyText().nullable(),
    placedAt: replyText().nullable(),
    paidAt: replyText().nullable(),
    /** Items at the prices paid (after sale prices), before codes, shipping and tax. */
    itemTotal: moneySchema,
    itemTotalCents: centsSchema,
    totalDiscount: moneySchema,
    totalDiscountCents: centsSchema,
    totalShipping: moneySchema,
    totalShippingCents: centsSchema,
    totalTax: moneySchema,
    totalTaxCents: centsSchema,
    orderTotal: moneySchema,
    orderTotalCents: centsSchema,
    /** The gift card or coupon code the order was placed with (decision 033), or null. */
    promoCode: appliedPromoCodeSchema.nullable(),
    /** What is charged to the card or PayPal: the total less what a gift card pays. */
    amountDue: moneySchema,
    amountDueCents: centsSchema,
    shoppingCartCount: z.number().int().nonnegative(),
    selectedShippingServiceKey: z.enum(SHIPPING_SERVICE_KEYS as [string, ...string[]]).nullable(),
    shippingServiceName: replyText().nullable(),
    deliveryEstimate: replyText().nullable(),
    paymentMethod: orderPaymentMethodSchema.nullable(),
    timeline: z.array(orderTimelineEntrySchema),
    orderLineItems: z.array(z.object({ id: z.number().int().positive(), type: z.literal("order_line_item") })),
    /** The parcels the print shop sent, first shipped first (issue 27); empty until one ships. */
    shipments: z.array(orderShipmentSchema),
    /** The day the order is expected to arrive (YYYY-MM-DD): the carrier's estimate once shipped; null before payment. */
    estimatedDeliveryDate: replyText().nullable(),
    /** Whether the shopper can still cancel it, until when, or why no longer (null reason: it can). */
    cancellation: orderCancellationSchema,
  }),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const placedOrderResponseSchema = z.object({
  data: placedOrderSchema,
  /** The lines (at the frozen prices), then the shipping and billing addresses. */
  included: z.array(z.union([orderLineItemSchema, cartAddressRecordSchema])),
});
export type PlacedOrderResponse = z.infer<typeof placedOrderResponseSchema>;

/** One order of the Orders tab's list. */
export const orderSummarySchema = z.object({
  id: replyText(),
  type: z.literal("order"),
  attributes: z.object({
    orderNumber: replyText(),
    state: z.enum(PLACED_ORDER_STATES as [PlacedOrderState, ...PlacedOrderState[]]),
    placedAt: replyText().nullable(),
    paidAt: replyText().nullable(),
    orderTotal: moneySchema,
    orderTotalCents: centsSchema,
    itemCount: z.number().int().nonnegative(),
    /** The first line's mockup and name, for the list's thumbnail. */
    previewImage: replyText().nullable(),
    previewName: replyText().nullable(),
    paymentMethod: orderPaymentMethodSchema.nullable(),
  }),
});

export const ordersPageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const ordersListResponseSchema = z.object({
  data: z.array(orderSummarySchema),
  meta: z.object({
    page: z.number().int(),
    perPage: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type OrdersListResponse = z.infer<typeof ordersListResponseSchema>;

/**
 * `POST /order_payments`: 201 with status 'success' when paid; a decline is a 402 carrying the one JSON error
 * shape (`error`) and this same `data` with status 'failure' and the processor's message (spec section 8).
 */
export const orderPaymentResponseSchema = z.object({
  data: z.object({
    id: replyText().nullable(),
    type: z.literal("order_payment"),
    attributes: z.object({
      status: z.enum(["success", "failure"]),
      message: replyText(),
      orderNumber: replyText(),
      /** The analytics event id of the purchase (spec: "Response includes eventId"). */
      eventId: replyText(),
      declineCode: z.enum(CARD_DECLINE_CODES).nullable(),
      paymentMethod: orderPaymentMethodSchema.nullable(),
      shoppingCartCount: z.number().int().nonnegative(),
    }),
  }),
});
export type OrderPaymentResponse = z.infer<typeof orderPaymentResponseSchema>;

/** A guest reads an order through the signed link of its e-mail: `/orders/{order_number}?token=…`. */
export const orderAccessQuerySchema = z.strictObject({ token: textSchema({ maxLength: 200 }).optional() });

/**
 * `GET /payment_settings` (public): what the payment step needs to know before the shopper pays: which card
 * processor takes the card (the local test processor is labelled as such) and how to load PayPal's buttons
 * (the real SDK, or the local stand-in of the in-app sandbox, clearly labelled 'PayPal sandbox').
 */
export const paymentSettingsResponseSchema = z.object({
  data: z.object({
    type: z.literal("payment_settings"),
    attributes: z.object({
      cardProcessor: z.enum(["local", "stripe"]),
      /** Shown beside the card fields when no real card is charged (LOCAL_PROCESSOR_NOTICE); null otherwise. */
      cardNotice: replyText().nullable(),
      /** Stripe's publishable key, for Stripe.js on the payment step; null with the local test processor. */
      stripePublishableKey: replyText().nullable(),
      paypal: z.object({
        clientId: replyText(),
        /** The JS SDK's URL (PayPal's, or our origin's stand-in), without query string. */
        sdkUrl: replyText(),
        /** True when the in-app PayPal sandbox stands in for PayPal: the UI says 'PayPal sandbox'. */
        sandbox: z.boolean(),
      }),
    }),
  }),
});
export type PaymentSettingsResponse = z.infer<typeof paymentSettingsResponseSchema>;

/** The label of the in-app PayPal stand-in, wherever a shopper could mistake it for PayPal. */
export const PAYPAL_SANDBOX_LABEL = "PayPal sandbox";

/** `POST /pay_pal_orders`: the PayPal order for the caller's placed order (the quote it names), for the buttons. */
export const createPayPalOrderBodySchema = z.strictObject({
  payPalOrder: z.strictObject({ processorPaymentId: textSchema({ maxLength: 64 }).min(1) }),
});
export type CreatePayPalOrderBody = z.input<typeof createPayPalOrderBodySchema>;

export const payPalOrderResponseSchema = z.object({
  data: z.object({
    /** PayPal's order id: what the buttons' createOrder answers. */
    id: replyText(),
    type: z.literal("pay_pal_order"),
    attributes: z.object({ orderNumber: replyText(), status: replyText() }),
  }),
});
export type PayPalOrderResponse = z.infer<typeof payPalOrderResponseSchema>;

const walletText = (maxLength = 255) => textSchema({ maxLength }).optional();

/**
 * `POST /pay_pal_order_payments`: the spec's wallet payment params, unwrapped (its `paymentCurrancy` spelling
 * is the wire's). Only `requestId` (the PayPal order id) is used: the server reads the order and its capture
 * from PayPal and trusts none of the other values, which are accepted for the spec's client and ignored.
 */
export const payPalOrderPaymentBodySchema = z.strictObject({
  requestId: textSchema({ maxLength: 64 }).regex(/^[A-Za-z0-9-]+$/, "must be a PayPal order id"),
  requestIntent: walletText(),
  requestStatus: walletText(),
  purchaseUnitsReferenceId: walletText(),
  paymentCurrancy: walletText(),
  paymentAmount: walletText(),
  invoiceId: walletText(),
  payerFirstName: walletText(),
  payerLastName: walletText(),
  payerEmailAddress: walletText(),
  payerId: walletText(),
  captureId: walletText(),
});
export type PayPalOrderPaymentBody = z.input<typeof payPalOrderPaymentBodySchema>;

/** `POST /pay_pal_order_payment_failures`: what the PayPal buttons reported, unwrapped (spec section 7). */
export const payPalFailureBodySchema = z.strictObject({
  name: textSchema({ maxLength: 200 }),
  message: textSchema({ maxLength: 2000 }),
  /** The placed order the failure happened on, when the client knows it. */
  orderNumber: textSchema({ maxLength: 32 }).optional(),
});
export type PayPalFailureBody = z.input<typeof payPalFailureBodySchema>;
