import { z } from "zod";
import {
  FulfilmentError,
  type FulfilmentOrderRequest,
  type FulfilmentProvider,
  type ProviderOrder,
} from "./fulfilment.ts";
import { createVariantResolver } from "./printful/catalog.ts";
import { createPrintfulClient, PRINTFUL_DEFAULT_BASE_URL } from "./printful/client.ts";
import {
  buildPrintfulOrderBody,
  failureReasonOf,
  type PrintfulOrder,
  printfulOrderItemSchema,
  printfulOrderReplySchema,
  printfulShipmentSchema,
  toProviderOrder,
} from "./printful/orders.ts";
import { verifyPrintfulNotification } from "./printful/webhooks.ts";

export { PRINTFUL_DEFAULT_BASE_URL };

/**
 * The fulfilment port on Printful's API v2 (issue 27, decision 068). An order is created as a draft with our
 * order number as its `external_id`, then confirmed (sent to production). Printful keeps one order per external
 * id and finds it by `@<external id>`, so a submission first looks the order up: a retry, or a second submission
 * racing the first, ends with the one order Printful has, confirmed, never a second one. Webhook events only say
 * which order to read again.
 */

const catalogVariantSchema = z.object({ id: z.number().int(), color: z.string().nullable(), size: z.string() });

export type PrintfulFulfilmentOptions = {
  /** PRINTFUL_API_BASE (https://api.printful.com). */
  baseUrl: string;
  /** PRINTFUL_API_TOKEN: a private token with the orders scope. */
  apiToken: string;
  /** PRINTFUL_STORE_ID: the store, for an account-level token. */
  storeId?: string;
  /** PRINTFUL_WEBHOOK_SECRET: the secret key of our webhook configuration. */
  webhookSecret: string;
  /** PRINTFUL_TIMEOUT_MS: the longest one call may take. */
  timeoutMs: number;
  fetch?: typeof fetch;
  /** How long a product's catalogue variants are kept in the process (a day by default). */
  catalogTtlMs?: number;
};

export function createPrintfulFulfilment(options: PrintfulFulfilmentOptions): FulfilmentProvider {
  const client = createPrintfulClient(options);
  const variants = createVariantResolver({
    listVariants: (catalogProductId) =>
      client.list(`/v2/catalog-products/${catalogProductId}/catalog-variants`, catalogVariantSchema),
    ...(options.catalogTtlMs === undefined ? {} : { ttlMs: options.catalogTtlMs }),
  });

  /** The order Printful has under our order number, or null. */
  async function readOrder(externalId: string): Promise<PrintfulOrder | null> {
    const reply = await client.requestOrNull(
      "GET",
      `/v2/orders/@${encodeURIComponent(externalId)}`,
      printfulOrderReplySchema,
    );
    return reply?.data ?? null;
  }

  /** The order in the port's words, with its parcels (none can have left before production). */
  async function describe(order: PrintfulOrder, externalId: string): Promise<ProviderOrder> {
    const unshipped = order.status === "draft" || order.status === "pending";
    const shipments = unshipped
      ? []
      : await client.list(`/v2/orders/${order.id}/shipments?limit=100`, printfulShipmentSchema);
    const failureReason =
      order.status === "failed"
        ? failureReasonOf(await client.list(`/v2/orders/${order.id}/order-items`, printfulOrderItemSchema))
        : undefined;
    return toProviderOrder({ order, shipments, externalId, failureReason });
  }

  /** Creates the draft; when Printful refuses because the external id is taken, that order is the one. */
  async function createOrder(request: FulfilmentOrderRequest): Promise<PrintfulOrder> {
    const lines = await Promise.all(request.items.map((item) => variants.resolve(item)));
    try {
      const body = buildPrintfulOrderBody(request, lines);
      return (await client.request("POST", "/v2/orders", printfulOrderReplySchema, body)).data;
    } catch (error) {
      if (!(error instanceof FulfilmentError) || error.retryable) throw error;
      const existing = await readOrder(request.externalId);
      if (existing) return existing;
      throw error;
    }
  }

  /** Sends the draft to production; when it was confirmed meanwhile, the order as it is now. */
  async function confirmOrder(order: PrintfulOrder, externalId: string): Promise<PrintfulOrder> {
    try {
      return (await client.request("POST", `/v2/orders/${order.id}/confirmation`, printfulOrderReplySchema)).data;
    } catch (error) {
      if (!(error instanceof FulfilmentError) || error.retryable) throw error;
      const current = await readOrder(externalId);
      if (current && current.status !== "draft") return current;
      throw error;
    }
  }

  return {
    name: "printful",
    async submitOrder(request) {
      let order = (await readOrder(request.externalId)) ?? (await createOrder(request));
      if (order.status === "draft") order = await confirmOrder(order, request.externalId);
      return describe(order, request.externalId);
    },
    async findOrder(externalId) {
      const order = await readOrder(externalId);
      // A draft was never sent to production: not received yet (a submission confirms it).
      if (!order || order.status === "draft") return null;
      return describe(order, externalId);
    },
    async verifyNotification({ headers, rawBody }) {
      return verifyPrintfulNotification({ secret: options.webhookSecret, headers, rawBody });
    },
  };
}
