import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PayPalPayoutsServer,
  startPayPalPayoutsServer,
} from "../../../test/paypal-payouts/paypal-payouts-server.ts";
import { createTestDatabase } from "../../../test/test-database.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { type CreatePayoutBatchInput, PayoutsError, type PayoutsPort } from "./payouts.ts";
import { createPayPalPayouts } from "./paypal-payouts.ts";
import { createSandboxPayouts } from "./sandbox-payouts.ts";

/**
 * One contract for both payouts implementations (decision 073): the local payout sandbox on a real database, and
 * the PayPal Payouts adapter against a local server that checks every request and reply against PayPal's
 * published description with Ajv.
 */

type Harness = {
  port: PayoutsPort;
  /** Plays the provider: an item (by our sender item id) reaches a status. */
  settle(
    senderItemId: string,
    status: "SUCCESS" | "RETURNED" | "UNCLAIMED" | "FAILED",
    errorName?: string,
  ): Promise<void>;
  close(): Promise<void>;
};

function batchInput(count = 2): CreatePayoutBatchInput {
  return {
    senderBatchId: randomUUID(),
    emailSubject: "You have a payout",
    emailMessage: "Your royalties",
    items: Array.from({ length: count }, (_, index) => ({
      senderItemId: randomUUID(),
      receiver: `artist-${index}@example.com`,
      amountCents: 2000 + index * 101,
      note: "Royalties",
    })),
  };
}

const implementations: Array<[string, () => Promise<Harness>]> = [
  [
    "the local payout sandbox",
    async () => {
      const database: DatabaseHandle = await createTestDatabase();
      const sandbox = createSandboxPayouts({
        db: database.db,
        processingSeconds: 3600,
        unclaimedReturnSeconds: 30 * 86_400,
      });
      return {
        port: sandbox,
        settle: (id, status) => sandbox.setItemOutcome(id, status, { immediately: true }),
        close: () => database.close(),
      };
    },
  ],
  [
    "PayPal Payouts (local server, Ajv)",
    async () => {
      const server = await startPayPalPayoutsServer();
      return {
        port: createPayPalPayouts({
          baseUrl: server.baseUrl,
          clientId: server.clientId,
          clientSecret: server.clientSecret,
          timeoutMs: 5000,
        }),
        settle: async (id, status, errorName) => server.settleItem(id, status, errorName ?? null),
        close: async () => {
          expect(server.refusals).toEqual([]);
          expect(server.invalidReplies).toEqual([]);
          await server.close();
        },
      };
    },
  ],
];

describe.each(implementations)("the payouts port: %s", (_name, start) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await start();
  });
  afterAll(async () => {
    await harness.close();
  });

  it("creates a batch whose items start PENDING, with our ids and amounts", async () => {
    const input = batchInput();
    const created = await harness.port.createBatch(input);
    expect(created.status).toBe("PENDING");
    const batch = await harness.port.getBatch(created.batchId);
    expect(batch.senderBatchId).toBe(input.senderBatchId);
    expect(batch.items.map((item) => [item.senderItemId, item.amountCents, item.status]).sort()).toEqual(
      input.items.map((item) => [item.senderItemId, item.amountCents, "PENDING"]).sort(),
    );
  });

  it("pays a sender_batch_id once: a repeat answers the first batch", async () => {
    const input = batchInput();
    const first = await harness.port.createBatch(input);
    const again = await harness.port.createBatch(input);
    expect(again.batchId).toBe(first.batchId);
  });

  it("reads items back with their status and PayPal's error name", async () => {
    const input = batchInput(3);
    const created = await harness.port.createBatch(input);
    const [paid, returned] = input.items;
    await harness.settle(paid?.senderItemId ?? "", "SUCCESS");
    await harness.settle(returned?.senderItemId ?? "", "RETURNED", "RECEIVER_UNREGISTERED");
    const batch = await harness.port.getBatch(created.batchId);
    const bySender = new Map(batch.items.map((item) => [item.senderItemId, item]));
    expect(bySender.get(paid?.senderItemId ?? "")?.status).toBe("SUCCESS");
    const returnedItem = bySender.get(returned?.senderItemId ?? "");
    expect(returnedItem).toMatchObject({ status: "RETURNED" });
    const item = await harness.port.getItem(returnedItem?.payoutItemId ?? "");
    expect(item).toMatchObject({ senderItemId: returned?.senderItemId, status: "RETURNED" });
    expect(item.errorName).toMatch(/^RECEIVER_/);
    expect(batch.status).toBe("PROCESSING");
  });

  it("cancels an unclaimed item (RETURNED) and refuses to cancel one that was paid", async () => {
    const input = batchInput(2);
    const created = await harness.port.createBatch(input);
    const [unclaimed, paid] = input.items;
    await harness.settle(unclaimed?.senderItemId ?? "", "UNCLAIMED");
    await harness.settle(paid?.senderItemId ?? "", "SUCCESS");
    const batch = await harness.port.getBatch(created.batchId);
    const idOf = (senderItemId: string | undefined) =>
      batch.items.find((item) => item.senderItemId === senderItemId)?.payoutItemId ?? "";
    const cancelled = await harness.port.cancelUnclaimedItem(idOf(unclaimed?.senderItemId));
    expect(cancelled.status).toBe("RETURNED");
    await expect(harness.port.cancelUnclaimedItem(idOf(paid?.senderItemId))).rejects.toMatchObject({
      httpStatus: 400,
    });
  });

  it("answers an unknown batch or item with a 404 PayoutsError", async () => {
    await expect(harness.port.getBatch("NOSUCHBATCH1")).rejects.toBeInstanceOf(PayoutsError);
    await expect(harness.port.getItem("NOSUCHITEM12")).rejects.toMatchObject({ httpStatus: 404 });
  });

  it("reads every item of a large batch (PayPal pages them)", async () => {
    const input = batchInput(1200);
    const created = await harness.port.createBatch(input);
    const batch = await harness.port.getBatch(created.batchId);
    expect(batch.items).toHaveLength(1200);
    expect(new Set(batch.items.map((item) => item.senderItemId)).size).toBe(1200);
  });
});

describe("PayPal Payouts when a reply is lost", () => {
  let server: PayPalPayoutsServer;
  let port: PayoutsPort;
  beforeAll(async () => {
    server = await startPayPalPayoutsServer();
    port = createPayPalPayouts({
      baseUrl: server.baseUrl,
      clientId: server.clientId,
      clientSecret: server.clientSecret,
      timeoutMs: 5000,
    });
  });
  afterAll(async () => {
    expect(server.refusals).toEqual([]);
    expect(server.invalidReplies).toEqual([]);
    await server.close();
  });

  it("answers the batch PayPal made when the first reply never came (PayPal-Request-Id replays it)", async () => {
    const input = batchInput();
    server.loseNextReply();
    await expect(port.createBatch(input)).rejects.toThrow();
    const retried = await port.createBatch(input);
    expect(server.batches.size).toBe(1);
    expect(server.batches.get(input.senderBatchId)?.batchId).toBe(retried.batchId);
  });

  it("follows PayPal's link to the first batch when the sender_batch_id was used by another request", async () => {
    const input = batchInput();
    // A first request under another PayPal-Request-Id (a request id PayPal no longer keeps, say).
    const token = await fetch(`${server.baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    }).then((response) => response.json() as Promise<{ access_token: string }>);
    const first = await fetch(`${server.baseUrl}/v1/payments/payouts`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token.access_token}`,
        "content-type": "application/json",
        "paypal-request-id": "another-request",
      },
      body: JSON.stringify({
        sender_batch_header: { sender_batch_id: input.senderBatchId, recipient_type: "EMAIL" },
        items: [{ recipient_type: "EMAIL", amount: { currency: "USD", value: "20.00" }, receiver: "a@example.com" }],
      }),
    }).then((response) => response.json() as Promise<{ batch_header: { payout_batch_id: string } }>);
    const answered = await port.createBatch(input);
    expect(answered.batchId).toBe(first.batch_header.payout_batch_id);
  });
});
