import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buyAsGuest } from "../../../test/fulfilment-orders.ts";
import { obtainGuestTokens } from "../../../test/oauth-client.ts";
import { createOperatorSession } from "../../../test/operators.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";

/**
 * The admin console's orders and dashboard over HTTP (issue 28, decision 074): behind the operator session, the
 * contract's bad-input guarantees, and each action's audit entry written with its change (none for a refusal).
 * Replies are checked against the API description by the test server.
 */
/** Orders are bought through the API and moved on by jobs: a busy machine needs more than the default. */
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let cookie: string;
let operatorId: string;

beforeAll(async () => {
  server = await getTestServer({ env: { ORDER_CANCEL_SECONDS: "600" } });
  ({ cookie, operatorId } = await createOperatorSession(server.context));
});

afterAll(async () => {
  await server.close();
});

const admin = (path: string, init: { method?: string; body?: unknown } = {}) =>
  server.request(`/api/v1/admin${path}`, { ...init, headers: { cookie } });

async function auditOf(orderId: string) {
  return (
    (await server.database.db.execute(sql`select operator_id, action, reason, before, after from operator_audit_log
      where subject_id = ${orderId} order by id`)) as unknown as {
      rows: Array<{ operator_id: string; action: string; reason: string | null; before: unknown; after: unknown }>;
    }
  ).rows;
}

describe("admin orders over HTTP", () => {
  it("answers only operators: 401 without credentials, 403 with a shopper's token", async () => {
    expect((await server.request("/api/v1/admin/orders")).status).toBe(401);
    const guest = (await obtainGuestTokens(server)).access_token;
    expect((await server.request("/api/v1/admin/dashboard", { token: guest })).status).toBe(403);
    expect(
      (
        await server.request("/api/v1/admin/orders/TF-ABCDEFGH/notes", {
          method: "POST",
          token: guest,
          body: { body: "x" },
        })
      ).status,
    ).toBe(403);
  });

  it("finds a paid order by e-mail, refunds a line with a reason, and records it in the audit log", async () => {
    const order = await buyAsGuest(server, { quantities: [1, 1], email: "http.refund@example.com" });
    const dashboard = await admin("/dashboard");
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.body.data.series).toHaveLength(30);

    const found = await admin("/orders?q=http.refund%40&payment_method=card&state=paid,partly_refunded");
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.map((row: { order_number: string }) => row.order_number)).toEqual([order.orderNumber]);

    const detail = await admin(`/orders/${order.orderNumber.toLowerCase()}`);
    expect(detail.status, detail.text).toBe(200);
    const lineId = detail.body.data.lines[0].id as number;

    const noReason = await admin(`/orders/${order.orderNumber}/refunds`, {
      method: "POST",
      body: { line_ids: [lineId] },
    });
    expect(noReason.status).toBe(422);
    const blank = await admin(`/orders/${order.orderNumber}/refunds`, {
      method: "POST",
      body: { line_ids: [lineId], reason: "   " },
    });
    expect(blank.status).toBe(422);
    const unknownField = await admin(`/orders/${order.orderNumber}/refunds`, {
      method: "POST",
      body: { reason: "x", amount: 5 },
    });
    expect(unknownField.status).toBe(422);

    const refunded = await admin(`/orders/${order.orderNumber}/refunds`, {
      method: "POST",
      body: { line_ids: [lineId], reason: "Smudged print", request_key: randomUUID() },
    });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.meta.message).toMatch(/^Refunded \$/);
    expect(refunded.body.data.state).toBe("partly_refunded");
    expect(refunded.body.data.refunds).toHaveLength(1);
    const [entry] = await auditOf(order.orderId);
    expect(entry).toMatchObject({ operator_id: operatorId, action: "order.refund", reason: "Smudged print" });

    // A refusal (more than is left) writes nothing to the log.
    const tooMuch = await admin(`/orders/${order.orderNumber}/refunds`, {
      method: "POST",
      body: { amount_cents: 10_000_000, reason: "Too much" },
    });
    expect(tooMuch.status).toBe(409);
    expect(await auditOf(order.orderId)).toHaveLength(1);

    await server.context.jobs.processDue();
    await server.context.jobs.processDue();
    const after = await admin(`/orders/${order.orderNumber}`);
    expect(after.body.data.emails.map((email: { kind: string }) => email.kind)).toContain("order_refunded");
  });

  it("cancels with a reason, adds a note, resends an e-mail, refuses a resubmission: each audited once", async () => {
    const order = await buyAsGuest(server, { email: "http.cancel@example.com" });
    expect((await admin(`/orders/${order.orderNumber}/cancellation`, { method: "POST", body: {} })).status).toBe(422);
    const resubmit = await admin(`/orders/${order.orderNumber}/resubmission`, { method: "POST", body: {} });
    expect(resubmit.status).toBe(409);
    const note = await admin(`/orders/${order.orderNumber}/notes`, {
      method: "POST",
      body: { body: "Asked to cancel by phone" },
    });
    expect(note.status, note.text).toBe(200);
    expect(note.body.data.notes[0]).toMatchObject({ body: "Asked to cancel by phone", operator_id: operatorId });
    expect(note.body.data.notes[0].operator_email).toContain("@example.com");
    const resend = await admin(`/orders/${order.orderNumber}/email_resends`, {
      method: "POST",
      body: { email: "confirmation" },
    });
    expect(resend.status, resend.text).toBe(200);
    const badEmail = await admin(`/orders/${order.orderNumber}/email_resends`, {
      method: "POST",
      body: { email: "x" },
    });
    expect(badEmail.status).toBe(422);
    const cancelled = await admin(`/orders/${order.orderNumber}/cancellation`, {
      method: "POST",
      body: { reason: "Shopper called" },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.state).toBe("cancelled");
    expect((await auditOf(order.orderId)).map((entry) => entry.action)).toEqual([
      "order.note",
      "order.resend_email",
      "order.cancel",
    ]);
  });

  it("refuses bad queries and unknown orders with JSON errors", async () => {
    for (const query of [
      "?state=bogus",
      "?page=0",
      "?from=yesterday",
      "?payment_method=cash",
      "?per_page=1000",
      "?x=1",
    ]) {
      const response = await admin(`/orders${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.error ?? response.body.errors ?? response.body).toBeTruthy();
    }
    expect((await admin("/orders/TF-ZZZZZZZZ")).status).toBe(404);
    expect((await admin("/orders/not-an-order")).status).toBe(404);
    expect((await admin("/orders/TF-ZZZZZZZZ/notes", { method: "POST", body: { body: "x" } })).status).toBe(404);
    expect((await admin("/dashboard?x=1")).status).toBe(422);
  });
});
