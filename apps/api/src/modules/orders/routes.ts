import { LOCAL_PROCESSOR_NOTICE } from "@threadfolk/contract/card-rules";
import {
  createPayPalOrderBodySchema,
  orderPaymentBodySchema,
  type PaymentSettingsResponse,
  payPalFailureBodySchema,
  payPalOrderPaymentBodySchema,
  placeOrderBodySchema,
} from "@threadfolk/contract/orders";
import type { FastifyInstance } from "fastify";
import { PAYPAL_SANDBOX_PREFIX, PAYPAL_SDK_URL } from "../../adapters/paypal/create-paypal.ts";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { authorize } from "../../lib/authorize.ts";
import { payOrderByCard } from "./pay-by-card.ts";
import { createPayPalOrder, payOrderByPayPal } from "./pay-by-paypal.ts";
import { acceptPayPalWebhook } from "./paypal-webhooks.ts";
import { placeOrder } from "./place-order.ts";
import { orderPolicies } from "./policies.ts";
import { acceptStripeWebhook } from "./stripe-webhooks.ts";

/**
 * Placing and paying under /api/v1 (issue 13; spec section 7): `POST /orders` places the caller's cart, `POST
 * /order_payments` pays it by card, `GET /payment_settings` tells the payment step how payments are taken.
 */
export async function orderRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.addHook("onSend", async (_request, reply) => {
    // Orders and payments are personal: never cached by a browser or a shared cache.
    reply.header("Cache-Control", "no-store");
  });

  app.post("/orders", async (request, reply) => {
    const actor = authorize(request.actor, orderPolicies.placeOrder);
    parseInput(placeOrderBodySchema, request.body);
    const placed = await placeOrder({ context, actor });
    return reply.status(placed.created ? 201 : 200).send(placed.response);
  });

  app.post("/order_payments", async (request, reply) => {
    const actor = authorize(request.actor, orderPolicies.payOrder);
    const input = parseInput(orderPaymentBodySchema, request.body);
    const header = request.headers["idempotency-key"];
    const paid = await payOrderByCard({
      context,
      actor,
      idempotencyKey: Array.isArray(header) ? header[0] : header,
      input,
      ip: request.ip,
    });
    return reply.status(paid.statusCode).send(paid.body);
  });

  app.post("/pay_pal_orders", async (request, reply) => {
    const actor = authorize(request.actor, orderPolicies.payOrder);
    const { payPalOrder } = parseInput(createPayPalOrderBodySchema, request.body);
    const created = await createPayPalOrder({ context, actor, processorPaymentId: payPalOrder.processorPaymentId });
    return reply.status(201).send(created);
  });

  app.post("/pay_pal_order_payments", async (request, reply) => {
    const actor = authorize(request.actor, orderPolicies.payOrder);
    const input = parseInput(payPalOrderPaymentBodySchema, request.body);
    const paid = await payOrderByPayPal({ context, actor, paypalOrderId: input.requestId });
    return reply.status(paid.statusCode).send(paid.body);
  });

  app.post("/pay_pal_order_payment_failures", async (request, reply) => {
    const actor = authorize(request.actor, orderPolicies.payOrder);
    const input = parseInput(payPalFailureBodySchema, request.body);
    // Kept in the log for support (the buttons' own error: a closed window, a script error, a declined source).
    request.log.warn(
      {
        paypalFailure: { name: input.name, message: input.message, orderNumber: input.orderNumber ?? null },
        actor: actor.kind,
      },
      "PayPal buttons reported a failure",
    );
    return reply.status(204).send();
  });

  // PayPal's notifications: the signature covers the exact bytes, so this route reads its body as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.post("/pay_pal_webhooks", async (request, reply) => {
      const outcome = await acceptPayPalWebhook({
        db: context.db,
        gateway: context.paypal.gateway,
        webhookId: context.paypal.webhookId,
        headers: request.headers,
        body: typeof request.body === "string" ? request.body : "",
      });
      if (outcome === "forged") throw AppError.badRequest("The notification's signature is not valid");
      context.jobs.nudge();
      return reply.status(200).send({ received: true, queued: outcome === "queued" });
    });
    // Stripe's events (decision 061): signed over the exact bytes too.
    scope.post("/stripe_webhooks", async (request, reply) => {
      if (!context.cardProcessor.parseWebhook) throw AppError.notFound("Stripe webhook endpoint");
      const signature = request.headers["stripe-signature"];
      const outcome = await acceptStripeWebhook({
        db: context.db,
        cardProcessor: context.cardProcessor,
        signature: Array.isArray(signature) ? signature[0] : signature,
        body: typeof request.body === "string" ? request.body : "",
      });
      if (outcome === "forged") throw AppError.badRequest("The event's signature is not valid");
      if (outcome === "reconciling") context.jobs.nudge();
      return reply.status(200).send({ received: true });
    });
  });

  app.get("/payment_settings", async (request) => {
    authorize(request.actor, orderPolicies.readPaymentSettings);
    const { config, cardProcessor, paypal } = context;
    const sandbox = paypal.sandbox !== undefined;
    const body: PaymentSettingsResponse = {
      data: {
        type: "payment_settings",
        attributes: {
          cardProcessor: cardProcessor.name,
          cardNotice: cardProcessor.name === "local" ? LOCAL_PROCESSOR_NOTICE : null,
          stripePublishableKey: cardProcessor.name === "stripe" ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
          paypal: {
            clientId: paypal.sandbox?.clientId ?? config.PAYPAL_CLIENT_ID ?? "",
            sdkUrl:
              config.PAYPAL_SDK_URL ??
              (sandbox ? `${config.PUBLIC_URL}${PAYPAL_SANDBOX_PREFIX}/sdk/js` : PAYPAL_SDK_URL),
            sandbox,
          },
        },
      },
    };
    return body;
  });
}
