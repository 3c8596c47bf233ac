import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  buyAsGuest,
  closeCancelWindow,
  type GuestOrder,
  readGuestOrder,
  runJobsUntil,
} from "../../../test/fulfilment-orders.ts";
import { createTestOperator } from "../../../test/operators.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { jobs, printShopOrders } from "../../db/schema/index.ts";
import { readOrderPrintFiles } from "../fulfilment/print-files.ts";
import { checkLedger } from "../orders/check-ledger.ts";
import { readDashboard } from "./dashboard.ts";
import { readOperatorOrder } from "./operator-order.ts";
import {
  addOrderNote,
  cancelOrderAsOperator,
  type OrderAuditEntry,
  refundOrderAsOperator,
  resendOrderEmail,
  resubmitOrder,
} from "./order-actions.ts";
import { classifyQuery, searchOrders } from "./search-orders.ts";

/**
 * The operators' order services (issue 28): search, the order page, the actions (each on the order's one path
 * for that change, with its audit entry written in the change's transaction) and the dashboard's figures.
 * Orders are bought through the API as a shopper buys them and moved on by the server's jobs.
 */
/** Orders are bought through the API and moved on by jobs: a busy machine needs more than the default. */
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let operatorId: string;
const audited: OrderAuditEntry[] = [];
/** Stands in for recordOperatorAction: writes in the change's transaction (a row the test can see committed). */
const audit = async (tx: { execute: TestServer["database"]["db"]["execute"] }, entry: OrderAuditEntry) => {
  await tx.execute(sql`select 1`);
  audited.push(entry);
};

beforeAll(async () => {
  server = await getTestServer({ env: { ORDER_CANCEL_SECONDS: "600", PRINT_SHOP_DAY_SECONDS: "0.25" } });
  operatorId = (await createTestOperator(server.context)).operatorId;
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;
const context = () => server.context;
const actionsOf = (orderNumber: string) => audited.filter((entry) => entry.after.orderNumber === orderNumber);

async function sentEmails(orderNumber: string) {
  await context().jobs.processDue();
  await context().jobs.processDue();
  const detail = await readOperatorOrder({ context: context(), orderNumber });
  return detail.emails;
}

describe("finding orders", () => {
  let grace: GuestOrder;
  let alan: GuestOrder;

  beforeAll(async () => {
    grace = await buyAsGuest(server, { email: "grace.hopper@navy.example", name: { first: "Grace", last: "Hopper" } });
    alan = await buyAsGuest(server, {
      email: "alan@bletchley.example",
      name: { first: "Alan", last: "Turing" },
      method: "paypal",
    });
  });

  it("reads what the search box holds: a number (with or without TF-), an e-mail, names", () => {
    expect(classifyQuery("tf-abcdefgh")).toEqual({ kind: "number", orderNumber: "TF-ABCDEFGH" });
    expect(classifyQuery("ABCDEFGH")).toEqual({ kind: "number", orderNumber: "TF-ABCDEFGH" });
    expect(classifyQuery("Grace@Navy")).toEqual({ kind: "email", prefix: "grace@navy" });
    expect(classifyQuery("  Grace  Hopper ")).toEqual({ kind: "name", words: ["grace", "hopper"] });
  });

  it("finds an order by its number, its e-mail's beginning, the ship-to name; filters and pages", async () => {
    const numbers = (result: Awaited<ReturnType<typeof searchOrders>>) => result.orders.map((row) => row.orderNumber);
    const page = { page: 1, perPage: 20 };
    expect(numbers(await searchOrders(db(), { q: grace.orderNumber.toLowerCase(), ...page }))).toEqual([
      grace.orderNumber,
    ]);
    expect(numbers(await searchOrders(db(), { q: "GRACE.HOPPER@NA", ...page }))).toEqual([grace.orderNumber]);
    expect(numbers(await searchOrders(db(), { q: "turing", ...page }))).toEqual([alan.orderNumber]);
    expect(numbers(await searchOrders(db(), { q: "alan tur", ...page }))).toEqual([alan.orderNumber]);
    expect(numbers(await searchOrders(db(), { q: "grace turing", ...page }))).toEqual([]);
    // A like pattern's own characters match only themselves.
    expect(numbers(await searchOrders(db(), { q: "%@", ...page }))).toEqual([]);
    const paypal = await searchOrders(db(), { paymentMethod: "paypal", ...page });
    expect(numbers(paypal)).toContain(alan.orderNumber);
    expect(numbers(paypal)).not.toContain(grace.orderNumber);
    const row = paypal.orders.find((order) => order.orderNumber === alan.orderNumber);
    expect(row).toMatchObject({ state: "paid", shipToName: "Alan Turing", paymentMethod: "paypal", units: 1 });
    expect(numbers(await searchOrders(db(), { states: ["refunded"], q: "grace", ...page }))).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(numbers(await searchOrders(db(), { q: "grace", from: today, to: today, ...page }))).toEqual([
      grace.orderNumber,
    ]);
    expect(numbers(await searchOrders(db(), { q: "grace", to: "2020-01-01", ...page }))).toEqual([]);
    const first = await searchOrders(db(), { page: 1, perPage: 1 });
    const second = await searchOrders(db(), { page: 2, perPage: 1 });
    expect(first.hasMore).toBe(true);
    expect(first.orders[0]?.orderNumber).not.toBe(second.orders[0]?.orderNumber);
  });

  it("walks the indexes on PostgreSQL (order number, e-mail and name beginnings)", async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    await db().execute(sql`analyze`);
    await db().execute(sql`set enable_seqscan = off`);
    try {
      const plan = async (query: ReturnType<typeof sql>) =>
        ((await db().execute(sql`explain ${query}`)) as unknown as { rows: Array<{ "QUERY PLAN": string }> }).rows
          .map((line) => line["QUERY PLAN"])
          .join("\n");
      expect(await plan(sql`select id from orders where lower(email) like 'grace%' and state <> 'cart'`)).toContain(
        "orders_email_search_idx",
      );
      expect(await plan(sql`select order_id from order_addresses where lower(last_name) like 'tur%'`)).toContain(
        "order_addresses_last_name_search_idx",
      );
    } finally {
      await db().execute(sql`set enable_seqscan = on`);
    }
  });
});

describe("an order's page and its actions", () => {
  it("shows lines with print files, payment, timeline, e-mails; refunds one line with the shopper e-mailed", async () => {
    const order = await buyAsGuest(server, { quantities: [1, 2], email: "refund.me@example.com" });
    await runPrintFiles(order.orderId);
    const detail = await readOperatorOrder({ context: context(), orderNumber: order.orderNumber });
    expect(detail.state).toBe("paid");
    expect(detail.lines).toHaveLength(2);
    expect(detail.lines[0]?.printFile?.url).toContain("/api/v1/print_files/");
    expect(detail.packingSlipUrl).toContain("packing-slip.pdf");
    expect(detail.payments).toEqual([expect.objectContaining({ kind: "card", status: "succeeded" })]);
    expect(JSON.stringify(detail)).not.toContain("4242424242424242");
    expect(detail.timeline.map((entry) => entry.state)).toEqual(["payment_pending", "paid"]);
    expect(detail.emails.map((email) => email.kind)).toContain("order_confirmation");
    expect(detail.actions).toMatchObject({ refund: true, cancel: true, resubmit: false });

    const [first, second] = detail.lines;
    if (!first || !second) throw new Error("two lines expected");
    const requestKey = randomUUID();
    const refunded = await refundOrderAsOperator({
      context: context(),
      operatorId,
      orderNumber: order.orderNumber,
      lineIds: [first.id],
      reason: "Print was smudged",
      requestKey,
      audit,
    });
    expect(refunded.refund.refunds).toEqual([expect.objectContaining({ status: "succeeded" })]);
    const amount = refunded.refund.refunds[0]?.amountCents ?? 0;
    // The line's price plus its share of the tax; shipping stays.
    expect(amount).toBeGreaterThanOrEqual(first.lineTotalCents);
    expect(amount).toBeLessThan(detail.amounts.totalCents - second.lineTotalCents);
    expect(refunded.before).toMatchObject({ state: "paid", refundedCents: 0 });
    expect(refunded.after).toMatchObject({ state: "partly_refunded", refundedCents: amount });
    const [entry] = actionsOf(order.orderNumber);
    expect(entry).toMatchObject({ action: "order.refund", reason: "Print was smudged", subjectType: "order" });
    expect(entry?.after).toMatchObject({ pendingRefundCents: amount, lineIds: [first.id] });

    // The same request again answers the same refund; the same line again is refused.
    const again = await refundOrderAsOperator({
      context: context(),
      operatorId,
      orderNumber: order.orderNumber,
      lineIds: [first.id],
      reason: "Print was smudged",
      requestKey,
      audit,
    });
    expect(again.refund.refunds.map((refund) => refund.id)).toEqual(refunded.refund.refunds.map((refund) => refund.id));
    await expect(
      refundOrderAsOperator({
        context: context(),
        operatorId,
        orderNumber: order.orderNumber,
        lineIds: [first.id],
        reason: "again",
        audit,
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      refundOrderAsOperator({ context: context(), operatorId, orderNumber: order.orderNumber, reason: " ", audit }),
    ).rejects.toMatchObject({ statusCode: 400 });

    const emails = await sentEmails(order.orderNumber);
    const refundEmail = emails.find((email) => email.kind === "order_refunded");
    expect(refundEmail).toMatchObject({ to: "refund.me@example.com", status: "succeeded" });
    const after = await readOperatorOrder({ context: context(), orderNumber: order.orderNumber });
    expect(after.refunds).toEqual([expect.objectContaining({ amountCents: amount, lineIds: [first.id] })]);
    expect(after.lines[0]?.refunded).toBe(true);
    expect(after.amounts.refundableCents).toBe(after.amounts.totalCents - amount);
    expect(after.timeline.at(-1)).toMatchObject({ state: "partly_refunded", actor: `operator:${operatorId}` });
    expect(await checkLedger(db())).toEqual([]);

    // An amount, then the rest in full: refunded.
    await refundOrderAsOperator({
      context: context(),
      operatorId,
      orderNumber: order.orderNumber,
      amountCents: 100,
      reason: "Goodwill",
      audit,
    });
    await expect(
      refundOrderAsOperator({
        context: context(),
        operatorId,
        orderNumber: order.orderNumber,
        amountCents: after.amounts.totalCents,
        reason: "Too much",
        audit,
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    const whole = await refundOrderAsOperator({
      context: context(),
      operatorId,
      orderNumber: order.orderNumber,
      reason: "Customer unhappy",
      audit,
    });
    expect(whole.after).toMatchObject({ state: "refunded", refundedCents: after.amounts.totalCents });
    expect(await checkLedger(db())).toEqual([]);
    const kinds = (await sentEmails(order.orderNumber)).filter((email) => email.kind === "order_refunded");
    expect(kinds).toHaveLength(3);
  });

  it("cancels before production with the shopper told we did; refuses once it went to the print shop", async () => {
    const order = await buyAsGuest(server, { email: "cancel.me@example.com" });
    const cancelled = await cancelOrderAsOperator({
      context: context(),
      operatorId,
      orderNumber: order.orderNumber,
      reason: "Fraud suspected",
      audit,
    });
    expect(cancelled.before.state).toBe("paid");
    expect(cancelled.after).toMatchObject({ state: "cancelled", fulfilment: { status: "cancelled" } });
    expect(actionsOf(order.orderNumber).map((entry) => entry.action)).toEqual(["order.cancel"]);
    const read = await readGuestOrder(server, order);
    expect(read.state).toBe("cancelled");
    await context().jobs.processDue();
    const emails = await sentEmails(order.orderNumber);
    expect(emails.map((email) => email.kind)).toContain("order_cancelled");
    const [body] = await db()
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(sql`${jobs.kind} = 'send_email' and ${jobs.payload}->>'kind' = 'order_cancelled'
        and ${jobs.payload}->>'orderId' = ${order.orderId}`);
    expect((body?.payload as { text: string } | undefined)?.text).toContain("We have cancelled your order");
    // The cancellation's refund is in the 'Cancelled' e-mail: no second e-mail about it.
    expect(emails.filter((email) => email.kind === "order_refunded")).toEqual([]);
    expect(
      (await readOperatorOrder({ context: context(), orderNumber: order.orderNumber })).amounts.refundedCents,
    ).toBe((await readOperatorOrder({ context: context(), orderNumber: order.orderNumber })).amounts.totalCents);
    await expect(
      cancelOrderAsOperator({ context: context(), operatorId, orderNumber: order.orderNumber, reason: "x", audit }),
    ).rejects.toMatchObject({ statusCode: 409 });

    const sent = await buyAsGuest(server);
    await closeCancelWindow(server, sent.orderId);
    await runJobsUntil(server, sent, "in_production");
    await expect(
      cancelOrderAsOperator({ context: context(), operatorId, orderNumber: sent.orderNumber, reason: "x", audit }),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining("refund it instead") });
    expect(await checkLedger(db())).toEqual([]);
  });

  it("sends an order failed at the print shop again, once, as a new submission; a provider's hold is the provider's", async () => {
    const order = await buyAsGuest(server, { shipping: "express" });
    const file = await runPrintFiles(order.orderId);
    const original = await context().storage.get(file);
    if (!original) throw new Error("no print file");
    await context().storage.put(file, Buffer.from("not a picture"), "image/png");
    await closeCancelWindow(server, order.orderId);
    await runJobsUntil(server, order, "fulfilment_failed");
    const failed = await readOperatorOrder({ context: context(), orderNumber: order.orderNumber });
    expect(failed.actions.resubmit).toBe(true);
    expect(failed.fulfilment).toMatchObject({ status: "failed", submission: 1, externalId: order.orderNumber });

    await context().storage.put(file, original.body, "image/png");
    const resubmitted = await resubmitOrder({
      context: context(),
      operatorId,
      orderNumber: order.orderNumber,
      reason: "Print file fixed",
      audit,
    });
    expect(resubmitted.before).toMatchObject({ state: "fulfilment_failed" });
    expect(resubmitted.after).toMatchObject({ state: "paid", fulfilment: { status: "waiting", submission: 2 } });
    await expect(
      resubmitOrder({ context: context(), operatorId, orderNumber: order.orderNumber, audit }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await runJobsUntil(server, order, "in_production");
    const shopOrders = await db()
      .select({ externalId: printShopOrders.externalId, status: printShopOrders.status })
      .from(printShopOrders)
      .where(sql`${printShopOrders.externalId} like ${`${order.orderNumber}%`}`);
    expect(shopOrders).toHaveLength(2);
    expect(shopOrders.find((row) => row.externalId === `${order.orderNumber}-2`)?.status).not.toBe("failed");
    const detail = await readOperatorOrder({ context: context(), orderNumber: order.orderNumber });
    expect(detail.fulfilment).toMatchObject({ submission: 2, externalId: `${order.orderNumber}-2` });
    expect(detail.timeline.map((entry) => entry.state)).toContain("fulfilment_failed");

    // Held by the print provider itself (as a read-back records it): it goes on when the provider releases it.
    const held = await buyAsGuest(server);
    await db().execute(sql`update order_fulfilments set status = 'on_hold', provider = 'local_print_shop',
        provider_order_id = 'shop-1', reason = 'Checking the artwork' where order_id = ${held.orderId}`);
    await db().execute(sql`update orders set state = 'on_hold', state_changed_by = 'system:local_print_shop',
        state_change_reason = 'Checking the artwork' where id = ${held.orderId}`);
    await expect(
      resubmitOrder({ context: context(), operatorId, orderNumber: held.orderNumber, audit }),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining("print provider holds") });
    expect((await readOperatorOrder({ context: context(), orderNumber: held.orderNumber })).actions).toMatchObject({
      resubmit: false,
      cancel: false,
      refund: true,
    });
    expect(actionsOf(order.orderNumber).map((entry) => entry.action)).toEqual(["order.resubmit"]);
  });

  it("sends the confirmation again and keeps notes append-only", async () => {
    const order = await buyAsGuest(server, { email: "resend@example.com" });
    await context().jobs.processDue();
    const resent = await resendOrderEmail({
      context: context(),
      operatorId,
      orderNumber: order.orderNumber,
      email: "confirmation",
      reason: "Shopper lost it",
      audit,
    });
    expect(resent.email.key).toContain(`order_confirmation:${order.orderId}:resend:`);
    const confirmations = (await sentEmails(order.orderNumber)).filter((email) => email.kind === "order_confirmation");
    expect(confirmations).toHaveLength(2);
    await expect(
      resendOrderEmail({ context: context(), operatorId, orderNumber: order.orderNumber, email: "shipped", audit }),
    ).rejects.toMatchObject({ statusCode: 409 });

    const noted = await addOrderNote({
      context: context(),
      operatorId,
      orderNumber: order.orderNumber,
      body: "Called the shopper about sizing",
      audit,
    });
    expect(noted.before.notes).toBe(0);
    expect(noted.after.notes).toBe(1);
    const detail = await readOperatorOrder({ context: context(), orderNumber: order.orderNumber });
    expect(detail.notes).toEqual([expect.objectContaining({ body: "Called the shopper about sizing", operatorId })]);
    expect(
      await failureOf(db().execute(sql`update order_notes set body = 'changed' where id = ${noted.note.id}`)),
    ).toMatch(/append-only/);
    expect(await failureOf(db().execute(sql`delete from order_notes where id = ${noted.note.id}`))).toMatch(
      /append-only/,
    );
    await expect(
      addOrderNote({ context: context(), operatorId, orderNumber: order.orderNumber, body: "  ", audit }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      addOrderNote({ context: context(), operatorId, orderNumber: "TF-ZZZZZZZZ", body: "x", audit }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(actionsOf(order.orderNumber).map((entry) => entry.action)).toEqual(["order.resend_email", "order.note"]);
  });
});

describe("the dashboard", () => {
  it("counts today's orders and revenue, and lists held, failed and late orders and money to give back", async () => {
    const before = await readDashboard({ db: db(), config: context().config });
    const order = await buyAsGuest(server, { shipping: "standard" });
    const late = await buyAsGuest(server, { shipping: "express" });
    const after = await readDashboard({ db: db(), config: context().config });
    const detail = await readOperatorOrder({ context: context(), orderNumber: order.orderNumber });
    const lateDetail = await readOperatorOrder({ context: context(), orderNumber: late.orderNumber });
    const added = detail.amounts.totalCents + lateDetail.amounts.totalCents;
    expect(after.today.orders).toBe(before.today.orders + 2);
    expect(after.today.revenueCents).toBe(before.today.revenueCents + added);
    expect(after.today.averageOrderCents).toBe(Math.round(after.today.revenueCents / after.today.orders));
    expect(after.series).toHaveLength(30);
    expect(after.series.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(after.last30Days.orders).toBeGreaterThanOrEqual(after.today.orders);

    // Paid three weeks ago and never sent: late against express's estimate.
    await db().execute(sql`update orders set paid_at = now() - interval '21 days' where id = ${late.orderId}`);
    await db().execute(
      sql`update order_fulfilments set submit_after = now() - interval '21 days' where order_id = ${late.orderId}`,
    );
    // A second capture taken and not given back (the payments model's 'refund due').
    await db().execute(sql`insert into order_payments (order_id, kind, status, amount_cents, idempotency_key,
        request_digest, processor, processor_key, processor_reference, payer_key)
      values (${order.orderId}, 'paypal', 'failed', 500, ${randomUUID()}, 'x', 'paypal_sandbox', ${randomUUID()},
        'CAPTURE-EXTRA', 'guest:x')`);
    const attention = (await readDashboard({ db: db(), config: context().config })).attention;
    expect(attention.late.orders.map((row) => row.orderNumber)).toContain(late.orderNumber);
    expect(attention.late.orders.map((row) => row.orderNumber)).not.toContain(order.orderNumber);
    expect(attention.capturesToRefund).toEqual(
      expect.arrayContaining([expect.objectContaining({ orderNumber: order.orderNumber, amountCents: 500 })]),
    );
    expect(attention.failed.orders.length).toBe(attention.failed.count);
    expect(attention.onHold.count).toBeGreaterThanOrEqual(0);
    await db().execute(sql`delete from order_payments where processor_reference = 'CAPTURE-EXTRA'`);
  });
});

/** Runs the jobs until the order's print files are made; answers the first line's stored key. */
async function runPrintFiles(orderId: string): Promise<string> {
  for (let tries = 0; tries < 400; tries++) {
    await context().jobs.processDue();
    const made = await readOrderPrintFiles(db(), orderId);
    if (made?.lines[0]) return made.lines[0].storageKey;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("print files were not made");
}

/** The message of the database's refusal (drizzle wraps it: the driver's error is the cause). */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ""}`;
  }
  return "no failure";
}
