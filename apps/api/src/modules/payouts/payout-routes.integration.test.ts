import { API, apiPath } from "@threadfolk/contract/api-paths";
import { toCamelKeys } from "@threadfolk/contract/case";
import {
  PAYOUT_MESSAGES,
  payoutDetailResponseSchema,
  payoutSettingsResponseSchema,
  payoutSummaryResponseSchema,
  payoutsResponseSchema,
} from "@threadfolk/contract/studio-payouts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtistSale } from "../../../test/factories/payouts.ts";
import { deliverAndReadLatestEmail, temporaryDataDir, tokenFromLink } from "../../../test/outbox.ts";
import { newGuestToken, signInNewArtist, signInNewCustomer } from "../../../test/studio-actors.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { payoutItems, payoutSettings } from "../../db/schema/index.ts";
import { findArtistBalances } from "./balances.ts";
import { createOnDemandPayoutRun } from "./operator-payouts.ts";
import { submitPayoutRun } from "./submit-payout-run.ts";
import { syncPayoutRun } from "./sync-payouts.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({
    env: { DATA_DIR: temporaryDataDir(), PAYOUT_SANDBOX_PROCESSING_SECONDS: "0", PAYOUT_RUN_DAY: "15" },
  });
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;
const CONFIRM_PATH = "/confirm-payout-email/";

async function changePayPalEmail(token: string, paypalEmail: string, currentPassword: string) {
  return server.request(API.changePayPalEmail.path, {
    method: "PUT",
    token,
    body: { payout_settings: { paypal_email: paypalEmail, current_password: currentPassword } },
  });
}

async function confirmFromOutbox(to: string) {
  const message = await deliverAndReadLatestEmail(server, to);
  const token = tokenFromLink(message, CONFIRM_PATH);
  return server.request(API.confirmPayPalEmail.path, { method: "POST", body: { token } });
}

describe("payout settings", () => {
  it("confirms a PayPal e-mail by the link sent to it, after the password", async () => {
    const seller = await signInNewArtist(server);
    const initial = await server.request(API.payoutSettings.path, { token: seller.token });
    expect(initial.status).toBe(200);
    expect(payoutSettingsResponseSchema.parse(toCamelKeys(initial.body)).data).toMatchObject({
      paypalEmail: null,
      minimumPayoutCents: 2000,
      minimumPayout: "$20.00",
    });

    const wrong = await changePayPalEmail(seller.token, "pay@example.com", "not-the-password-1");
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details).toEqual([
      { field: "payout_settings.current_password", message: PAYOUT_MESSAGES.wrongPassword },
    ]);

    const email = `pay-${seller.artist.id.slice(0, 8)}@example.com`;
    const asked = await changePayPalEmail(seller.token, email, seller.user.password);
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body.data).toMatchObject({ paypal_email: null, pending_paypal_email: email });

    const confirmed = await confirmFromOutbox(email);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data).toMatchObject({ paypal_email: email, pending_paypal_email: null, held_until: null });
    // A link works once.
    const message = await deliverAndReadLatestEmail(server, email);
    const reused = await server.request(API.confirmPayPalEmail.path, {
      method: "POST",
      body: { token: tokenFromLink(message, CONFIRM_PATH) },
    });
    expect(reused.status).toBe(422);
  });

  it("tells the old address of a change and holds payouts for 7 days once the new one is confirmed", async () => {
    const seller = await signInNewArtist(server);
    const first = `first-${seller.artist.id.slice(0, 8)}@example.com`;
    const second = `second-${seller.artist.id.slice(0, 8)}@example.com`;
    await changePayPalEmail(seller.token, first, seller.user.password);
    expect((await confirmFromOutbox(first)).status).toBe(200);

    expect((await changePayPalEmail(seller.token, second, seller.user.password)).status).toBe(202);
    const notice = await deliverAndReadLatestEmail(server, first);
    expect(notice.subject).toContain("payout e-mail is being changed");
    expect(notice.text).toContain(second);
    // Until the new address is confirmed, payouts still go to the old one.
    const [pending] = await db()
      .select()
      .from(payoutSettings)
      .where(eq(payoutSettings.sellerProfileId, seller.artist.id));
    expect(pending?.paypalEmail).toBe(first);

    const confirmed = await confirmFromOutbox(second);
    expect(confirmed.body.data.paypal_email).toBe(second);
    const heldUntil = new Date(confirmed.body.data.held_until).getTime();
    expect(heldUntil - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(heldUntil - Date.now()).toBeLessThan(7.1 * 86_400_000);
  });

  it("sets the minimum payout within $20.00 and $10,000.00", async () => {
    const seller = await signInNewArtist(server);
    const patch = (minimum: unknown) =>
      server.request(API.updatePayoutSettings.path, {
        method: "PATCH",
        token: seller.token,
        body: { payout_settings: { minimum_payout_cents: minimum } },
      });
    expect((await patch(1999)).status).toBe(422);
    expect((await patch(1_000_001)).status).toBe(422);
    expect((await patch(25.5)).status).toBe(422);
    expect((await patch("5000")).status).toBe(422);
    const ok = await patch(5000);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ minimum_payout_cents: 5000, minimum_payout: "$50.00" });
  });

  it("refuses bad input with the error shape", async () => {
    const seller = await signInNewArtist(server);
    for (const body of [
      {},
      { payout_settings: {} },
      { payout_settings: { paypal_email: "not-an-email", current_password: seller.user.password } },
      { payout_settings: { paypal_email: "a@b.co", current_password: seller.user.password, extra: 1 } },
    ]) {
      const response = await server.request(API.changePayPalEmail.path, { method: "PUT", token: seller.token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error.code).toBe("validation_failed");
    }
    const badToken = await server.request(API.confirmPayPalEmail.path, { method: "POST", body: { token: "nope" } });
    expect(badToken.status).toBe(422);
  });
});

describe("the artist's payouts", () => {
  async function paidArtist() {
    const seller = await signInNewArtist(server);
    await db()
      .insert(payoutSettings)
      .values({
        sellerProfileId: seller.artist.id,
        paypalEmail: `paid-${seller.artist.id.slice(0, 8)}@example.com`,
        paypalEmailConfirmedAt: new Date(),
      });
    const sales = [
      await buildArtistSale(db(), { artist: seller.artist, priceCents: 4000 }),
      await buildArtistSale(db(), { artist: seller.artist, priceCents: 3600, quantity: 2 }),
    ];
    const made = await createOnDemandPayoutRun({ db: db(), provider: "payout_sandbox", operatorId: "test" });
    const context = { db: db(), config: server.config, port: server.context.payouts.port };
    await submitPayoutRun({ ...context, runId: made?.run.id ?? "" });
    await syncPayoutRun(context, made?.run.id ?? "");
    const [item] = await db()
      .select()
      .from(payoutItems)
      .where(sql`${payoutItems.sellerProfileId} = ${seller.artist.id}`);
    if (!item) throw new Error("no payout item");
    return { ...seller, sales, item };
  }

  it("shows balances, the next payout, the history, one payout with its sales, and its statements", async () => {
    const owner = await paidArtist();
    const pendingSale = await buildArtistSale(db(), { artist: owner.artist, priceCents: 3000, deliveredDaysAgo: 1 });
    const total = owner.sales.reduce((sum, sale) => sum + sale.earningsCents, 0);

    const summary = await server.request(API.payoutSummary.path, { token: owner.token });
    expect(summary.status).toBe(200);
    const figures = payoutSummaryResponseSchema.parse(toCamelKeys(summary.body)).data;
    expect(figures.balances).toMatchObject({
      pendingCents: pendingSale.earningsCents,
      availableCents: 0,
      inPayoutCents: 0,
      paidCents: total,
    });
    expect(figures.nextPayout).toMatchObject({ amountCents: 0 });
    expect(figures.nextPayout.date).toMatch(/^\d{4}-\d{2}-15$|^\d{4}-\d{2}-\d{2}$/);
    expect(figures.nextPayout.blockedReason).toBe("Your available balance is below your minimum payout.");

    const list = await server.request(API.payouts.path, { token: owner.token });
    const payouts = payoutsResponseSchema.parse(toCamelKeys(list.body));
    expect(payouts.data).toHaveLength(1);
    expect(payouts.data[0]?.attributes).toMatchObject({
      status: "success",
      statusName: "Paid",
      amountCents: total,
      entryCount: 2,
    });

    const path = apiPath(API.payout, { payout_id: owner.item.id });
    const detail = payoutDetailResponseSchema.parse(
      toCamelKeys((await server.request(path, { token: owner.token })).body),
    );
    expect(detail.data.lines.map((line) => [line.orderNumber, line.kind, line.earningsCents])).toEqual(
      owner.sales.map((sale) => [sale.order.orderNumber, "sale", sale.earningsCents]),
    );

    const csv = await server.request(apiPath(API.payoutStatementCsv, { payout_id: owner.item.id }), {
      token: owner.token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = csv.text.trim().split("\r\n");
    expect(rows[0]).toBe("Date,Order,Design,Kind,Quantity,Earnings");
    expect(rows).toHaveLength(4);
    expect(rows[3]).toBe(`,,,Total,,${(total / 100).toFixed(2)}`);

    const pdf = await fetch(`${server.url}${apiPath(API.payoutStatementPdf, { payout_id: owner.item.id })}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("never shows one artist's payouts to another: 404, and 403 / 401 for customers and guests", async () => {
    const owner = await paidArtist();
    const other = await signInNewArtist(server);
    const customer = await signInNewCustomer(server);
    const guest = await newGuestToken(server);
    const paths = [
      apiPath(API.payout, { payout_id: owner.item.id }),
      apiPath(API.payoutStatementCsv, { payout_id: owner.item.id }),
      apiPath(API.payoutStatementPdf, { payout_id: owner.item.id }),
    ];
    for (const path of paths) {
      expect((await server.request(path, { token: other.token })).status).toBe(404);
      expect((await server.request(path, { token: customer.token })).status).toBe(403);
      expect((await server.request(path, { token: guest })).status).toBe(401);
      expect((await server.request(path)).status).toBe(401);
    }
    const theirs = await server.request(API.payouts.path, { token: other.token });
    expect(theirs.body.data).toEqual([]);
    const summary = await server.request(API.payoutSummary.path, { token: other.token });
    expect(summary.body.data.balances.paid_cents).toBe(0);
    for (const path of [API.payoutSummary.path, API.payouts.path, API.payoutSettings.path]) {
      expect((await server.request(path, { token: customer.token })).status).toBe(403);
      expect((await server.request(path)).status).toBe(401);
    }
  });

  it("reads a payout item's webhook back from the provider; a forged one is refused", async () => {
    const seller = await signInNewArtist(server);
    await db()
      .insert(payoutSettings)
      .values({
        sellerProfileId: seller.artist.id,
        paypalEmail: `hook-${seller.artist.id.slice(0, 8)}@example.com`,
        paypalEmailConfirmedAt: new Date(),
      });
    const sale = await buildArtistSale(db(), { artist: seller.artist, priceCents: 4000 });
    const made = await createOnDemandPayoutRun({ db: db(), provider: "payout_sandbox", operatorId: "test" });
    const context = { db: db(), config: server.config, port: server.context.payouts.port };
    await submitPayoutRun({ ...context, runId: made?.run.id ?? "" });
    const [item] = await db()
      .select()
      .from(payoutItems)
      .where(sql`${payoutItems.sellerProfileId} = ${seller.artist.id}`);
    const sandboxItemId = await findSandboxItemId(item?.id ?? "");
    const paypal = server.context.paypal.sandbox;
    if (!paypal) throw new Error("the PayPal sandbox is the default");
    const notification = await paypal.signNotification({
      id: `WH-${sandboxItemId}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: "payouts_item",
      event_type: "PAYMENT.PAYOUTS-ITEM.SUCCEEDED",
      summary: "Payout item succeeded",
      resource: { payout_item_id: sandboxItemId, transaction_status: "SUCCESS" },
    });
    const forged = await server.request("/api/v1/pay_pal_webhooks", {
      method: "POST",
      headers: { ...notification.headers, "paypal-transmission-id": crypto.randomUUID() },
      rawBody: notification.body,
    });
    expect(forged.status).toBe(400);
    const delivered = await server.request("/api/v1/pay_pal_webhooks", {
      method: "POST",
      headers: notification.headers,
      rawBody: notification.body,
    });
    expect(delivered.status, delivered.text).toBe(200);
    expect(delivered.body.queued).toBe(true);
    await server.context.jobs.processDue();
    const [after] = await db()
      .select()
      .from(payoutItems)
      .where(eq(payoutItems.id, item?.id ?? ""));
    expect(after).toMatchObject({ status: "success", providerItemId: sandboxItemId });
    expect(await findArtistBalances({ db: db(), sellerProfileId: seller.artist.id })).toMatchObject({
      paidCents: sale.earningsCents,
    });
  });
});

async function findSandboxItemId(senderItemId: string): Promise<string> {
  const rows = await server.database.db.execute(
    sql`select id from payout_sandbox_items where sender_item_id = ${senderItemId}`,
  );
  return (rows as unknown as { rows: Array<{ id: string }> }).rows[0]?.id ?? "";
}
