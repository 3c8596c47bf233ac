import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadPayoutsContract, PAYOUTS_OPERATIONS, type PayoutsOperationName } from "./paypal-payouts-contract.ts";

/**
 * A local stand-in for PayPal Payouts v1 (tests only). Every request it receives and every reply it sends is
 * checked against PayPal's published description with Ajv (paypal-payouts-contract.ts): a request that breaks it
 * is answered 400 and recorded in `refusals`, a reply of this server that breaks it in `invalidReplies`; suites
 * expect both empty. Besides the schemas it keeps PayPal's rules: a bearer token from `/v1/oauth2/token`, one
 * batch per sender_batch_id (a repeat with the same PayPal-Request-Id replays the first reply; with another, a
 * 400 USER_BUSINESS_ERROR linking to the first batch), paging of a batch's items, and only UNCLAIMED items can be
 * cancelled. Tests play PayPal with `settleItem` and make the next create's reply get lost with `loseNextReply`.
 */

type Json = Record<string, unknown>;

export type StoredPayoutItem = {
  payoutItemId: string;
  senderItemId: string;
  receiver: string;
  value: string;
  currency: string;
  status: string;
  errorName: string | null;
  transactionId: string | null;
};

type StoredBatch = {
  batchId: string;
  senderBatchId: string;
  emailSubject: string | undefined;
  createdAt: string;
  items: StoredPayoutItem[];
  requestId: string | undefined;
  reply: Json;
};

const CLIENT_ID = "payouts-client";
const CLIENT_SECRET = "payouts-secret";

function paypalId(length = 13): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join("");
}

export async function startPayPalPayoutsServer() {
  const contract = loadPayoutsContract();
  const refusals: string[] = [];
  const invalidReplies: string[] = [];
  const batches = new Map<string, StoredBatch>();
  const items = new Map<string, StoredPayoutItem & { batchId: string }>();
  const tokens = new Set<string>();
  let loseNext = false;
  let baseUrl = "";

  const error = (name: string, message: string, extra: Json = {}) => ({
    name,
    message,
    debug_id: paypalId(12).toLowerCase(),
    ...extra,
  });

  function presentItem(item: StoredPayoutItem & { batchId: string }, senderBatchId?: string): Json {
    return {
      payout_item_id: item.payoutItemId,
      ...(item.transactionId ? { transaction_id: item.transactionId } : {}),
      transaction_status: item.status,
      payout_batch_id: item.batchId,
      ...(senderBatchId ? { sender_batch_id: senderBatchId } : {}),
      payout_item: {
        recipient_type: "EMAIL",
        amount: { currency: item.currency, value: item.value },
        receiver: item.receiver,
        sender_item_id: item.senderItemId,
      },
      ...(item.errorName ? { errors: error(item.errorName, "The payout item was not completed.") } : {}),
      links: [{ href: `${baseUrl}/v1/payments/payouts-item/${item.payoutItemId}`, rel: "item", method: "GET" }],
    };
  }

  function batchStatus(batch: StoredBatch): string {
    if (batch.items.every((item) => item.status === "PENDING")) return "PENDING";
    return batch.items.some((item) => item.status === "PENDING" || item.status === "ONHOLD") ? "PROCESSING" : "SUCCESS";
  }

  function route(
    method: string,
    pathname: string,
  ): { name: PayoutsOperationName; params: Record<string, string> } | undefined {
    for (const [name, operation] of Object.entries(PAYOUTS_OPERATIONS) as [
      PayoutsOperationName,
      { method: string; template: string },
    ][]) {
      if (operation.method !== method) continue;
      const pattern = new RegExp(`^${operation.template.replace(/\{([a-z_]+)\}/g, "(?<$1>[^/]+)")}$`);
      const match = pattern.exec(pathname);
      if (match)
        return {
          name,
          params: Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)])),
        };
    }
    return undefined;
  }

  function handle(
    name: PayoutsOperationName,
    params: Record<string, string>,
    query: URLSearchParams,
    headers: http.IncomingHttpHeaders,
    body: unknown,
  ): [number, Json] {
    if (name === "createBatch") {
      const request = body as { sender_batch_header: Json; items: Json[] };
      const senderBatchId = String(request.sender_batch_header.sender_batch_id ?? "");
      const requestId = typeof headers["paypal-request-id"] === "string" ? headers["paypal-request-id"] : undefined;
      const existing = batches.get(senderBatchId);
      if (existing) {
        if (requestId && existing.requestId === requestId) return [201, existing.reply];
        return [
          400,
          error("USER_BUSINESS_ERROR", "User business error.", {
            details: [
              { field: "SENDER_BATCH_ID", location: "body", issue: `Batch with given sender_batch_id already exists` },
            ],
            links: [{ href: `${baseUrl}/v1/payments/payouts/${existing.batchId}`, rel: "self", method: "GET" }],
          }),
        ];
      }
      const batchId = paypalId();
      const stored: StoredBatch = {
        batchId,
        senderBatchId,
        emailSubject: request.sender_batch_header.email_subject as string | undefined,
        createdAt: new Date().toISOString(),
        items: [],
        requestId,
        reply: {},
      };
      for (const item of request.items) {
        const amount = item.amount as { currency: string; value: string };
        const storedItem = {
          payoutItemId: paypalId(),
          senderItemId: String(item.sender_item_id ?? ""),
          receiver: String(item.receiver),
          value: amount.value,
          currency: amount.currency,
          status: "PENDING",
          errorName: null,
          transactionId: null,
          batchId,
        };
        stored.items.push(storedItem);
        items.set(storedItem.payoutItemId, storedItem);
      }
      stored.reply = {
        batch_header: {
          payout_batch_id: batchId,
          batch_status: "PENDING",
          sender_batch_header: { sender_batch_id: senderBatchId, email_subject: stored.emailSubject },
        },
        links: [{ href: `${baseUrl}/v1/payments/payouts/${batchId}`, rel: "self", method: "GET" }],
      };
      batches.set(senderBatchId, stored);
      return [201, stored.reply];
    }
    if (name === "getBatch") {
      const batch = [...batches.values()].find((candidate) => candidate.batchId === params.id);
      if (!batch) return [404, error("INVALID_RESOURCE_ID", "The requested resource ID was not found.")];
      const pageSize = Number(query.get("page_size") ?? 1000);
      const page = Number(query.get("page") ?? 1);
      const slice = batch.items.slice((page - 1) * pageSize, page * pageSize);
      return [
        200,
        {
          total_items: batch.items.length,
          total_pages: Math.max(1, Math.ceil(batch.items.length / pageSize)),
          batch_header: {
            payout_batch_id: batch.batchId,
            batch_status: batchStatus(batch),
            time_created: batch.createdAt,
            sender_batch_header: { sender_batch_id: batch.senderBatchId },
          },
          items: slice.map((item) => {
            const { sender_batch_id: _omit, ...rest } = presentItem({ ...item, batchId: batch.batchId }) as Json & {
              sender_batch_id?: string;
            };
            return rest;
          }),
          links: [{ href: `${baseUrl}/v1/payments/payouts/${batch.batchId}`, rel: "self", method: "GET" }],
        },
      ];
    }
    const item = items.get(params.payout_item_id ?? "");
    if (!item) return [404, error("INVALID_RESOURCE_ID", "The requested resource ID was not found.")];
    const senderBatchId = [...batches.values()].find((batch) => batch.batchId === item.batchId)?.senderBatchId;
    if (name === "cancelItem") {
      if (item.status !== "UNCLAIMED") {
        return [400, error("ITEM_ALREADY_PROCESSED", "Only an unclaimed payout item can be cancelled.")];
      }
      item.status = "RETURNED";
    }
    return [200, presentItem(item, senderBatchId)];
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const text = Buffer.concat(chunks).toString("utf8");
      const send = (status: number, body: Json, operation?: PayoutsOperationName) => {
        if (operation) {
          const problems = contract.checkReply(operation, status, body);
          if (problems.length > 0) invalidReplies.push(`${operation} ${status}: ${problems.join("; ")}`);
        }
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.method === "POST" && url.pathname === "/v1/oauth2/token") {
        const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
        if (request.headers.authorization !== expected) return send(401, { error: "invalid_client" });
        const token = paypalId(24);
        tokens.add(token);
        return send(200, { access_token: token, token_type: "Bearer", expires_in: 32_400 });
      }
      const matched = route(request.method ?? "GET", url.pathname);
      if (!matched) return send(404, { name: "NOT_FOUND", message: "Not found", debug_id: "x" });
      const bearer = request.headers.authorization?.replace(/^Bearer /, "");
      if (!bearer || !tokens.has(bearer)) {
        return send(401, error("AUTHENTICATION_FAILURE", "Authentication failed due to invalid credentials."));
      }
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        refusals.push(`${matched.name}: the body is not JSON`);
        return send(400, error("INVALID_REQUEST", "Request is not well-formed."), matched.name);
      }
      const problems = contract.checkRequest(matched.name, {
        pathParameters: matched.params,
        query: url.searchParams,
        headers: request.headers,
        body,
      });
      if (problems.length > 0) {
        refusals.push(`${matched.name}: ${problems.join("; ")}`);
        return send(400, error("VALIDATION_ERROR", "Invalid request - see details."), matched.name);
      }
      const [status, reply] = handle(matched.name, matched.params, url.searchParams, request.headers, body);
      if (matched.name === "createBatch" && loseNext && status === 201) {
        // Done, and the reply never arrives.
        loseNext = false;
        request.socket.destroy();
        return;
      }
      send(status, reply, matched.name);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    refusals,
    invalidReplies,
    batches,
    /** Plays PayPal: moves an item (by our sender_item_id) to a status, with PayPal's error name. */
    settleItem(senderItemId: string, status: string, errorName: string | null = null) {
      const item = [...items.values()].find((candidate) => candidate.senderItemId === senderItemId);
      if (!item) throw new Error(`no payout item ${senderItemId}`);
      item.status = status;
      item.errorName = errorName;
      if (status === "SUCCESS" || status === "UNCLAIMED") item.transactionId ??= paypalId(17);
    },
    /** The next create succeeds at PayPal but its reply is lost (the connection drops). */
    loseNextReply() {
      loseNext = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PayPalPayoutsServer = Awaited<ReturnType<typeof startPayPalPayoutsServer>>;
