import { z } from "zod";
import { centsToValue, PAYPAL_CURRENCY, valueToCents } from "../paypal/paypal.ts";
import {
  PAYOUT_TRANSACTION_STATUSES,
  type PayoutBatchResult,
  type PayoutItemResult,
  PayoutsError,
  type PayoutsPort,
} from "./payouts.ts";

/**
 * PayPal Payouts v1 over fetch (decision 073): `POST /v1/payments/payouts` with sender_batch_id and
 * PayPal-Request-Id both the run's id, `GET /v1/payments/payouts/{id}` page by page, `GET` and `cancel` of one
 * item. OAuth2 client credentials as for checkout. A create that PayPal refuses because the sender_batch_id was
 * used (the first request's reply was lost) is answered with the batch PayPal links to: nothing is paid twice.
 */

const PAGE_SIZE = 1000;
const TOKEN_RENEWAL_MARGIN_MS = 60_000;
const LIMITS = { emailSubject: 255, note: 4000, receiver: 127 } as const;

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().int().nonnegative() });
const linkSchema = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });
const errorSchema = z.object({
  name: z.string().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
  details: z
    .array(z.object({ issue: z.string(), field: z.string().optional(), value: z.string().optional() }))
    .optional(),
  links: z.array(linkSchema).optional(),
});
const statusSchema = z.enum(PAYOUT_TRANSACTION_STATUSES);
const batchStatusSchema = z.enum(["DENIED", "PENDING", "PROCESSING", "SUCCESS", "CANCELED"]);
const itemSchema = z.object({
  payout_item_id: z.string().min(1),
  transaction_id: z.string().optional(),
  transaction_status: statusSchema.optional(),
  payout_item: z.object({
    amount: z.object({ currency: z.string(), value: z.string() }),
    sender_item_id: z.string().optional(),
  }),
  errors: z.object({ name: z.string().optional(), message: z.string().optional() }).optional(),
});
const createdSchema = z.object({
  batch_header: z.object({ payout_batch_id: z.string().min(1), batch_status: batchStatusSchema }),
});
const batchSchema = z.object({
  total_pages: z.number().int().optional(),
  batch_header: z.object({
    payout_batch_id: z.string().min(1),
    batch_status: batchStatusSchema,
    sender_batch_header: z.object({ sender_batch_id: z.string().optional() }),
  }),
  items: z.array(itemSchema).optional(),
});

function toItem(body: z.infer<typeof itemSchema>): PayoutItemResult {
  return {
    payoutItemId: body.payout_item_id,
    senderItemId: body.payout_item.sender_item_id ?? "",
    // PayPal leaves the status out while it has not looked at the item yet.
    status: body.transaction_status ?? "PENDING",
    amountCents: valueToCents(body.payout_item.amount.value),
    transactionId: body.transaction_id ?? null,
    errorName: body.errors?.name ?? null,
  };
}

/** The batch id in PayPal's link to an earlier batch (`…/v1/payments/payouts/{id}`), from an error body. */
function linkedBatchId(body: z.infer<typeof errorSchema> | undefined): string | null {
  for (const link of body?.links ?? []) {
    const match = /\/v1\/payments\/payouts\/([^/?#]+)$/.exec(link.href);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return null;
}

export type PayPalPayoutsOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => number;
};

export function createPayPalPayouts(options: PayPalPayoutsOptions): PayoutsPort {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const fetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  let token: { value: string; renewAt: number } | undefined;

  async function readJson(response: Response): Promise<unknown> {
    const text = await response.text();
    if (text === "") return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw new PayoutsError(response.status, "INVALID_RESPONSE", []);
    }
  }

  async function accessToken(signal: AbortSignal): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    const response = await fetch(`${baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
      signal,
    });
    const body = await readJson(response);
    if (!response.ok) throw new PayoutsError(response.status, "AUTHENTICATION_FAILURE", []);
    const parsed = tokenSchema.parse(body);
    token = {
      value: parsed.access_token,
      renewAt: now() + Math.max(0, parsed.expires_in * 1000 - TOKEN_RENEWAL_MARGIN_MS),
    };
    return token.value;
  }

  async function call(
    method: "GET" | "POST",
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<unknown> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    for (let attempt = 1; ; attempt += 1) {
      const bearer = await accessToken(signal);
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: "application/json",
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal,
      });
      const body = await readJson(response);
      if (response.ok) return body;
      if (response.status === 401 && attempt === 1) {
        token = undefined;
        continue;
      }
      const parsed = errorSchema.safeParse(body);
      throw new PayoutsError(
        response.status,
        parsed.data?.name ?? parsed.data?.error ?? `HTTP_${response.status}`,
        parsed.data?.details?.map((detail) => detail.issue) ?? [],
        linkedBatchId(parsed.data),
      );
    }
  }

  async function getBatch(batchId: string): Promise<PayoutBatchResult> {
    const items: PayoutItemResult[] = [];
    let header: z.infer<typeof batchSchema>["batch_header"] | undefined;
    for (let page = 1; ; page += 1) {
      const query = new URLSearchParams({
        page: String(page),
        page_size: String(PAGE_SIZE),
        total_required: "true",
      });
      const body = batchSchema.parse(
        await call("GET", `/v1/payments/payouts/${encodeURIComponent(batchId)}?${query.toString()}`),
      );
      header = body.batch_header;
      items.push(...(body.items ?? []).map(toItem));
      if ((body.items ?? []).length < PAGE_SIZE || page >= (body.total_pages ?? page)) break;
    }
    return {
      batchId: header.payout_batch_id,
      senderBatchId: header.sender_batch_header.sender_batch_id ?? "",
      status: header.batch_status,
      items,
    };
  }

  return {
    name: "paypal",

    async createBatch(input) {
      const body = {
        sender_batch_header: {
          sender_batch_id: input.senderBatchId,
          recipient_type: "EMAIL",
          email_subject: input.emailSubject.slice(0, LIMITS.emailSubject),
          email_message: input.emailMessage,
        },
        items: input.items.map((item) => ({
          recipient_type: "EMAIL",
          amount: { currency: PAYPAL_CURRENCY, value: centsToValue(item.amountCents) },
          receiver: item.receiver.slice(0, LIMITS.receiver),
          note: item.note.slice(0, LIMITS.note),
          sender_item_id: item.senderItemId,
        })),
      };
      try {
        const created = createdSchema.parse(
          await call("POST", "/v1/payments/payouts", {
            body,
            headers: { "PayPal-Request-Id": input.senderBatchId },
          }),
        );
        return { batchId: created.batch_header.payout_batch_id, status: created.batch_header.batch_status };
      } catch (error) {
        // The sender_batch_id was used: PayPal links to the batch the first request made.
        if (error instanceof PayoutsError && error.existingBatchId) {
          const existing = await getBatch(error.existingBatchId);
          if (existing.senderBatchId === input.senderBatchId)
            return { batchId: existing.batchId, status: existing.status };
        }
        throw error;
      }
    },

    getBatch,

    async getItem(payoutItemId) {
      return toItem(
        itemSchema.parse(await call("GET", `/v1/payments/payouts-item/${encodeURIComponent(payoutItemId)}`)),
      );
    },

    async cancelUnclaimedItem(payoutItemId) {
      return toItem(
        itemSchema.parse(await call("POST", `/v1/payments/payouts-item/${encodeURIComponent(payoutItemId)}/cancel`)),
      );
    },
  };
}
