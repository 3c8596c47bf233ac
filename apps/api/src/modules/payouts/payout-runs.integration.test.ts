import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtistSale, buildPayableArtist } from "../../../test/factories/payouts.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import type { SandboxPayouts } from "../../adapters/payouts/sandbox-payouts.ts";
import { jobs, orders, payoutItems, payoutRuns, payoutSandboxBatches, payoutSettings } from "../../db/schema/index.ts";
import { reverseOrderEarnings } from "../earnings/reverse-order-earnings.ts";
import { findArtistBalances, findPayoutReconciliation } from "./balances.ts";
import { checkPayouts } from "./check-payouts.ts";
import { createPayoutRun } from "./create-payout-run.ts";
import {
  approvePayoutRun,
  createOnDemandPayoutRun,
  holdPayoutRun,
  listPayoutRuns,
  setArtistPayoutHold,
} from "./operator-payouts.ts";
import { runPayoutSchedule } from "./payout-jobs.ts";
import { submitPayoutRun } from "./submit-payout-run.ts";
import { syncPayoutRun, syncPayoutRuns } from "./sync-payouts.ts";

let server: TestServer;
let sandbox: SandboxPayouts;

beforeAll(async () => {
  // Items leave PENDING at the first read: the sandbox's clock in tests.
  server = await getTestServer({
    env: { PAYOUT_SANDBOX_PROCESSING_SECONDS: "0", PAYOUT_SANDBOX_UNCLAIMED_SECONDS: "3600" },
  });
  const configured = server.context.payouts.sandbox;
  if (!configured) throw new Error("the payout sandbox is the default provider");
  sandbox = configured;
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;
const context = () => ({ db: db(), config: server.config, port: server.context.payouts.port });

/** Makes a run now and sends it, as the job would. */
async function runAndSubmit() {
  const made = await createOnDemandPayoutRun({ db: db(), provider: "payout_sandbox", operatorId: "test" });
  if (!made) throw new Error("nobody was due a payout");
  await submitPayoutRun({ ...context(), runId: made.run.id });
  return made.run;
}

async function itemOf(runId: string, sellerProfileId: string) {
  const [item] = await db()
    .select()
    .from(payoutItems)
    .where(sql`${payoutItems.runId} = ${runId} and ${payoutItems.sellerProfileId} = ${sellerProfileId}`);
  return item;
}

async function emailsOfKind(kind: string, to: string) {
  const rows = await db()
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(sql`${jobs.kind} = 'send_email' and ${jobs.payload}->>'kind' = ${kind} and ${jobs.payload}->>'to' = ${to}`);
  return rows;
}

describe("balances from the ledger", () => {
  it("splits an artist's earnings into pending, available, in a payout and paid, adding up to the ledger", async () => {
    const { artist, user } = await buildPayableArtist(db());
    const old = await buildArtistSale(db(), { artist, priceCents: 4000 });
    const recent = await buildArtistSale(db(), { artist, priceCents: 3000, deliveredDaysAgo: 2 });
    const undelivered = await buildArtistSale(db(), { artist, priceCents: 3500, deliveredDaysAgo: null });
    const before = await findArtistBalances({ db: db(), sellerProfileId: artist.id });
    expect(before).toEqual({
      pendingCents: recent.earningsCents + undelivered.earningsCents,
      availableCents: old.earningsCents,
      inPayoutCents: 0,
      paidCents: 0,
      ledgerCents: old.earningsCents + recent.earningsCents + undelivered.earningsCents,
    });

    const made = await createOnDemandPayoutRun({ db: db(), provider: "payout_sandbox", operatorId: "test" });
    expect(made?.created).toBe(true);
    const runId = made?.run.id ?? "";
    const item = await itemOf(runId, artist.id);
    expect(item).toMatchObject({ amountCents: old.earningsCents, status: "queued" });
    expect(await findArtistBalances({ db: db(), sellerProfileId: artist.id })).toMatchObject({
      availableCents: 0,
      inPayoutCents: old.earningsCents,
    });

    await submitPayoutRun({ ...context(), runId });
    await syncPayoutRun(context(), runId);
    expect((await itemOf(runId, artist.id))?.status).toBe("success");
    const after = await findArtistBalances({ db: db(), sellerProfileId: artist.id });
    expect(after).toMatchObject({ availableCents: 0, inPayoutCents: 0, paidCents: old.earningsCents });
    expect(after.pendingCents + after.availableCents + after.inPayoutCents + after.paidCents).toBe(after.ledgerCents);
    expect(await emailsOfKind("payout_sent", user.email)).toHaveLength(1);
    // The run is complete once every item is final.
    const [run] = await db().select().from(payoutRuns).where(eq(payoutRuns.id, runId));
    expect(run?.status).toBe("completed");
  });

  it("makes the balance negative when a paid sale is refunded, and later sales pay it back first", async () => {
    const { artist } = await buildPayableArtist(db());
    const sale = await buildArtistSale(db(), { artist, priceCents: 5000 });
    const first = await runAndSubmit();
    await syncPayoutRun(context(), first.id);
    expect((await itemOf(first.id, artist.id))?.status).toBe("success");

    await reverseOrderEarnings({ db: db(), orderId: sale.order.id });
    const negative = await findArtistBalances({ db: db(), sellerProfileId: artist.id });
    expect(negative.availableCents).toBe(-sale.earningsCents);
    expect(negative.paidCents).toBe(sale.earningsCents);
    expect(negative.ledgerCents).toBe(0);

    // Two new sales: the next payout is their earnings less what the refund took back.
    const a = await buildArtistSale(db(), { artist, priceCents: 9000 });
    const b = await buildArtistSale(db(), { artist, priceCents: 9000 });
    const expected = a.earningsCents + b.earningsCents - sale.earningsCents;
    expect(expected).toBeGreaterThanOrEqual(2000);
    const second = await runAndSubmit();
    expect((await itemOf(second.id, artist.id))?.amountCents).toBe(expected);
    await syncPayoutRun(context(), second.id);
    const settled = await findArtistBalances({ db: db(), sellerProfileId: artist.id });
    expect(settled).toMatchObject({ availableCents: 0, inPayoutCents: 0, paidCents: sale.earningsCents + expected });
    expect(settled.ledgerCents).toBe(settled.paidCents);
  });

  it("leaves out artists below their minimum, without a confirmed PayPal e-mail, or on hold", async () => {
    const low = await buildPayableArtist(db(), { minimumPayoutCents: 50_000 });
    await buildArtistSale(db(), { artist: low.artist, priceCents: 4000 });
    const noPayPal = await buildPayableArtist(db(), { withoutPayPal: true });
    await buildArtistSale(db(), { artist: noPayPal.artist, priceCents: 4000 });
    const changed = await buildPayableArtist(db());
    await buildArtistSale(db(), { artist: changed.artist, priceCents: 4000 });
    await db()
      .update(payoutSettings)
      .set({ heldUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(payoutSettings.sellerProfileId, changed.artist.id));
    const held = await buildPayableArtist(db());
    await buildArtistSale(db(), { artist: held.artist, priceCents: 4000 });
    await setArtistPayoutHold({ db: db(), sellerProfileId: held.artist.id, reason: "Fraud review" });
    const due = await buildPayableArtist(db());
    await buildArtistSale(db(), { artist: due.artist, priceCents: 4000 });

    const run = await runAndSubmit();
    expect(await itemOf(run.id, due.artist.id)).toBeDefined();
    for (const left of [low, noPayPal, changed, held]) {
      expect(await itemOf(run.id, left.artist.id)).toBeUndefined();
      expect((await findArtistBalances({ db: db(), sellerProfileId: left.artist.id })).availableCents).toBeGreaterThan(
        0,
      );
    }
    // Released from the operator's hold, the artist is paid by the next run.
    await setArtistPayoutHold({ db: db(), sellerProfileId: held.artist.id, reason: null });
    const next = await runAndSubmit();
    expect(await itemOf(next.id, held.artist.id)).toBeDefined();
  });
});

describe("items that come back", () => {
  it("puts a returned or failed payout back to available, with the reason for the artist and an e-mail", async () => {
    const returned = await buildPayableArtist(db(), { paypalEmail: "kim+returned@paypal.example.com" });
    const sale = await buildArtistSale(db(), { artist: returned.artist, priceCents: 4000 });
    const failed = await buildPayableArtist(db());
    await buildArtistSale(db(), { artist: failed.artist, priceCents: 4000 });
    const run = await runAndSubmit();
    await sandbox.setItemOutcome((await itemOf(run.id, failed.artist.id))?.id ?? "", "FAILED");
    await syncPayoutRun(context(), run.id);
    expect(await itemOf(run.id, returned.artist.id)).toMatchObject({
      status: "returned",
      statusReason: "RECEIVER_UNREGISTERED",
    });
    expect((await itemOf(run.id, failed.artist.id))?.status).toBe("failed");
    const balances = await findArtistBalances({ db: db(), sellerProfileId: returned.artist.id });
    expect(balances).toMatchObject({ availableCents: sale.earningsCents, inPayoutCents: 0, paidCents: 0 });
    expect(await emailsOfKind("payout_returned", returned.user.email)).toHaveLength(1);

    // The next run pays it again (to the address of the time).
    await db()
      .update(payoutSettings)
      .set({ paypalEmail: "kim@paypal.example.com" })
      .where(eq(payoutSettings.sellerProfileId, returned.artist.id));
    const again = await runAndSubmit();
    await syncPayoutRun(context(), again.id);
    expect(await itemOf(again.id, returned.artist.id)).toMatchObject({
      status: "success",
      amountCents: sale.earningsCents,
    });
  });

  it("cancels an item unclaimed for 30 days: its money is returned and available again", async () => {
    const { artist } = await buildPayableArtist(db(), { paypalEmail: "lee+unclaimed@paypal.example.com" });
    const sale = await buildArtistSale(db(), { artist, priceCents: 4000 });
    const run = await runAndSubmit();
    await syncPayoutRun(context(), run.id);
    const item = await itemOf(run.id, artist.id);
    expect(item?.status).toBe("unclaimed");
    expect((await findArtistBalances({ db: db(), sellerProfileId: artist.id })).inPayoutCents).toBe(sale.earningsCents);
    await db()
      .update(payoutItems)
      .set({ unclaimedSince: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(payoutItems.id, item?.id ?? ""));
    await syncPayoutRun(context(), run.id);
    expect(await itemOf(run.id, artist.id)).toMatchObject({ status: "returned", statusReason: "UNCLAIMED_CANCELLED" });
    expect((await findArtistBalances({ db: db(), sellerProfileId: artist.id })).availableCents).toBe(
      sale.earningsCents,
    );
  });
});

describe("exactly once", () => {
  it("sends one batch per run however often it is submitted, even after a crash between PayPal's reply and our commit", async () => {
    const { artist } = await buildPayableArtist(db());
    await buildArtistSale(db(), { artist, priceCents: 4000 });
    const made = await createOnDemandPayoutRun({ db: db(), provider: "payout_sandbox", operatorId: "test" });
    const runId = made?.run.id ?? "";
    // The crash: the batch reached the provider, the process died before recording it.
    const lost = await server.context.payouts.port.createBatch({
      senderBatchId: runId,
      emailSubject: "s",
      emailMessage: "m",
      items: [
        {
          senderItemId: (await itemOf(runId, artist.id))?.id ?? "",
          receiver: "x@example.com",
          amountCents: 1,
          note: "n",
        },
      ],
    });
    const [first, second] = await Promise.all([
      submitPayoutRun({ ...context(), runId }),
      submitPayoutRun({ ...context(), runId }),
    ]);
    expect([first.batchId, second.batchId]).toEqual([lost.batchId, lost.batchId]);
    const batches = await db().select().from(payoutSandboxBatches).where(eq(payoutSandboxBatches.senderBatchId, runId));
    expect(batches).toHaveLength(1);
    expect(await submitPayoutRun({ ...context(), runId })).toMatchObject({ outcome: "already_submitted" });
  });

  it("never links an entry to two live items: a second run finds nothing to pay", async () => {
    const { artist } = await buildPayableArtist(db());
    await buildArtistSale(db(), { artist, priceCents: 4000 });
    const first = await createOnDemandPayoutRun({ db: db(), provider: "payout_sandbox", operatorId: "test" });
    const second = await createOnDemandPayoutRun({ db: db(), provider: "payout_sandbox", operatorId: "test" });
    expect(first?.created).toBe(true);
    if (second) expect(await itemOf(second.run.id, artist.id)).toBeUndefined();
    await syncPayoutRuns(context());
  });
});

describe("scheduled runs and operators", () => {
  it("makes the month's run on the configured day, once", async () => {
    const { artist } = await buildPayableArtist(db());
    await buildArtistSale(db(), { artist, priceCents: 4000 });
    const notYet = await runPayoutSchedule(context(), new Date("2031-03-14T10:00:00Z"));
    expect(notYet.outcome).toBe("not_due");
    // Its orders were delivered "now": on the run day, years later, they are long past the hold.
    const made = await runPayoutSchedule(context(), new Date("2031-03-15T00:30:00Z"));
    expect(made.outcome).toBe("created");
    const again = await runPayoutSchedule(context(), new Date("2031-03-15T01:30:00Z"));
    expect(again).toEqual({ outcome: "exists", runId: made.runId });
    const [run] = await db()
      .select()
      .from(payoutRuns)
      .where(eq(payoutRuns.id, made.runId ?? ""));
    expect(run).toMatchObject({ kind: "scheduled", period: "2031-03", status: "open" });
    await syncPayoutRuns(context());
  });

  it("lets an operator hold and approve a run, hold one artist, and read the runs and the reconciliation", async () => {
    const { artist } = await buildPayableArtist(db());
    await buildArtistSale(db(), { artist, priceCents: 4000 });
    const made = await createPayoutRun({
      db: db(),
      provider: "payout_sandbox",
      kind: "on_demand",
      requestedBy: "operator:test",
      held: true,
    });
    const runId = made?.run.id ?? "";
    expect(await submitPayoutRun({ ...context(), runId })).toEqual({ outcome: "held" });
    await holdPayoutRun({ db: db(), runId, reason: "Checking totals" });
    const approved = await approvePayoutRun({ db: db(), runId });
    expect(approved.status).toBe("open");
    await submitPayoutRun({ ...context(), runId });
    await expect(holdPayoutRun({ db: db(), runId, reason: "Too late" })).rejects.toMatchObject({ statusCode: 409 });
    await expect(approvePayoutRun({ db: db(), runId })).rejects.toMatchObject({ statusCode: 409 });
    await syncPayoutRun(context(), runId);

    const runs = await listPayoutRuns({ db: db() });
    const listed = runs.find((run) => run.id === runId);
    expect(listed).toMatchObject({ status: "completed", itemCount: 1, statusCounts: { success: 1 } });
    const reconciliation = await findPayoutReconciliation({ db: db() });
    expect(reconciliation.mismatchedItems).toEqual([]);
    expect(reconciliation.balanced).toBe(true);
    expect(reconciliation.ledgerCents).toBe(
      reconciliation.pendingCents +
        reconciliation.availableCents +
        reconciliation.inPayoutCents +
        reconciliation.paidCents,
    );
  });

  it("does not pay an order refunded before delivery: its sale and reversal stay pending, netting to 0", async () => {
    const { artist } = await buildPayableArtist(db());
    const sale = await buildArtistSale(db(), { artist, priceCents: 4000, deliveredDaysAgo: null });
    await reverseOrderEarnings({ db: db(), orderId: sale.order.id });
    await db()
      .update(orders)
      .set({ state: "refunded", stateChangedBy: "system:test", stateChangeReason: "refund" })
      .where(eq(orders.id, sale.order.id));
    expect(await findArtistBalances({ db: db(), sellerProfileId: artist.id })).toMatchObject({
      pendingCents: 0,
      availableCents: 0,
      ledgerCents: 0,
    });
  });
});

describe("ledger:check's payout part", () => {
  it("finds nothing in books that reconcile, and names an item whose amount differs from its entries", async () => {
    expect(await checkPayouts(db())).toEqual([]);
    const { artist } = await buildPayableArtist(db());
    await buildArtistSale(db(), { artist, priceCents: 4000 });
    const run = await runAndSubmit();
    const item = await itemOf(run.id, artist.id);
    await db()
      .update(payoutItems)
      .set({ amountCents: (item?.amountCents ?? 0) + 1 })
      .where(eq(payoutItems.id, item?.id ?? ""));
    const findings = await checkPayouts(db());
    expect(findings.map((finding) => finding.check)).toEqual(["payout_paid_items", "payout_item_amount"]);
    await db()
      .update(payoutItems)
      .set({ amountCents: item?.amountCents ?? 0 })
      .where(eq(payoutItems.id, item?.id ?? ""));
    await syncPayoutRun(context(), run.id);
    expect(await checkPayouts(db())).toEqual([]);
  });
});
