import { MODERATION_MESSAGES } from "@threadfolk/contract/moderation";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { buildPaidOrder } from "../../../test/factories/paid-orders.ts";
import { createOperatorSession } from "../../../test/operators.ts";
import { deliverAndReadLatestEmail, temporaryDataDir } from "../../../test/outbox.ts";
import { signInNewArtist, signInNewCustomer } from "../../../test/studio-actors.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { accessTokens, designs, operatorAuditLog, refreshTokens, users } from "../../db/schema/index.ts";

let server: TestServer;
let cookie: string;
let operatorId: string;

beforeAll(async () => {
  server = await getTestServer({ env: { DATA_DIR: temporaryDataDir(), DISCOVERY_CACHE_SECONDS: "0" } });
  ({ cookie, operatorId } = await createOperatorSession(server));
});

afterAll(async () => {
  await server.close();
});

const admin = (path: string, init: { method?: string; body?: unknown } = {}) =>
  server.request(`/api/v1/admin${path}`, { ...init, headers: { cookie } });

async function auditEntries(subjectId: string) {
  return server.database.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.subjectId, subjectId))
    .orderBy(desc(operatorAuditLog.createdAt));
}

describe("admin moderation", () => {
  it("lists the queue, takes a reported design down with a typed reason, restores it, and audits each step", async () => {
    const { db } = server.database;
    const { user, artist } = await signInNewArtist(server);
    const { design } = await buildDesign(db, { artist, displayName: "Reported Owl" });
    const reported = await server.request(`/api/v1/designs/${design.id}/reports`, {
      method: "POST",
      body: { reason: "intellectual_property", email: "owner@example.com", details: "My owl." },
    });
    expect(reported.status).toBe(201);

    const queue = await admin("/moderation/reports");
    expect(queue.status, queue.text).toBe(200);
    const entry = queue.body.data.find((candidate: { design_id: string }) => candidate.design_id === design.id);
    expect(entry).toMatchObject({
      design_name: "Reported Owl",
      artist_id: artist.id,
      open_report_count: 1,
      reasons: ["intellectual_property"],
      reports: [expect.objectContaining({ email: "owner@example.com", details: "My owl." })],
    });
    expect(queue.body.meta).toMatchObject({ page: 1 });

    // The reason is required, and the kind must be one of the three.
    const noReason = await admin(`/moderation/designs/${design.id}/takedown`, {
      method: "POST",
      body: { kind: "intellectual_property", reason: "  " },
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.error.details).toContainEqual({
      field: "reason",
      message: MODERATION_MESSAGES.reasonRequired,
    });
    const badKind = await admin(`/moderation/designs/${design.id}/takedown`, {
      method: "POST",
      body: { kind: "spam", reason: "x" },
    });
    expect(badKind.body.error.details).toContainEqual({ field: "kind", message: MODERATION_MESSAGES.kindRequired });

    const takenDown = await admin(`/moderation/designs/${design.id}/takedown`, {
      method: "POST",
      body: { kind: "intellectual_property", reason: "Notice from the owl's owner" },
    });
    expect(takenDown.status, takenDown.text).toBe(200);
    expect(takenDown.body.data).toMatchObject({ strikes: 1, storefront_suspended: false });
    expect((await server.request(`/api/v1/designs/${design.id}`)).status).toBe(410);
    expect(
      (await admin("/moderation/reports")).body.data.some((row: { design_id: string }) => row.design_id === design.id),
    ).toBe(false);
    const mail = await deliverAndReadLatestEmail(server, user.email);
    expect(mail.text).toContain("Notice from the owl's owner");
    const [takedownEntry] = await auditEntries(design.id);
    expect(takedownEntry).toMatchObject({
      operatorId,
      action: "design.take_down",
      subjectType: "design",
      reason: "Notice from the owl's owner",
    });
    const again = await admin(`/moderation/designs/${design.id}/takedown`, {
      method: "POST",
      body: { kind: "other", reason: "Again" },
    });
    expect(again.status).toBe(409);

    const restored = await admin(`/moderation/designs/${design.id}/restoration`, {
      method: "POST",
      body: { reason: "Counter-notice, no lawsuit" },
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data).toEqual({ strike_lifted: true, strikes: 0, storefront_restored: false });
    expect((await server.request(`/api/v1/designs/${design.id}`)).status).toBe(200);
    expect((await auditEntries(design.id)).map((row) => row.action)).toEqual(["design.restore", "design.take_down"]);
    expect(
      (await admin(`/moderation/designs/${crypto.randomUUID()}/restoration`, { method: "POST", body: { reason: "x" } }))
        .status,
    ).toBe(404);
  });

  it("dismisses a design's reports with an optional reason", async () => {
    const { design } = await buildDesign(server.database.db);
    await server.request(`/api/v1/designs/${design.id}/reports`, {
      method: "POST",
      body: { reason: "other", email: "someone@example.com", details: "Meh" },
    });
    const dismissed = await admin(`/moderation/designs/${design.id}/dismissal`, { method: "POST", body: {} });
    expect(dismissed.status, dismissed.text).toBe(200);
    expect(dismissed.body.data.dismissed_report_ids).toHaveLength(1);
    expect((await admin(`/moderation/designs/${design.id}/dismissal`, { method: "POST", body: {} })).status).toBe(409);
    const [row] = await auditEntries(design.id);
    expect(row).toMatchObject({ action: "design_report.dismiss", reason: null });
  });
});

describe("admin people", () => {
  it("finds a person and shows their orders, designs and strikes, never a secret", async () => {
    const { db } = server.database;
    const { user, artist, token } = await signInNewArtist(server);
    const { design, defaultVariant } = await buildDesign(db, { artist, displayName: "People Heron" });
    const paid = await buildPaidOrder(db, { user, lines: [{ variant: defaultVariant, quantity: 1 }] });
    await admin(`/moderation/designs/${design.id}/takedown`, {
      method: "POST",
      body: { kind: "intellectual_property", reason: "Notice" },
    });

    const found = await admin(`/people?query=${encodeURIComponent(user.email)}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.map((person: { id: string }) => person.id)).toEqual([user.id]);
    const byUsername = await admin(`/people?query=${encodeURIComponent(artist.uniqueUsername)}`);
    expect(byUsername.body.data.map((person: { id: string }) => person.id)).toContain(user.id);

    const detail = await admin(`/people/${user.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data).toMatchObject({
      email: user.email,
      strikes: 1,
      storefront: { id: artist.id, suspended: false },
      orders: [{ number: paid.order.orderNumber, total_cents: paid.order.totalCents, state: paid.order.state }],
      designs: [expect.objectContaining({ id: design.id, taken_down: true })],
      takedowns: [expect.objectContaining({ design_id: design.id, is_strike: true, reason: "Notice" })],
    });
    // No password hash, token or card number anywhere in these replies.
    const [stored] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    const tokens = await db.select({ hash: accessTokens.tokenHash }).from(accessTokens);
    const refresh = await db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    for (const text of [found.text, byUsername.text, detail.text]) {
      expect(text).not.toContain(stored?.hash);
      expect(text).not.toContain(token);
      for (const row of [...tokens, ...refresh]) expect(text).not.toContain(row.hash);
      expect(text).not.toMatch(/password|token|card_number|"cvc"|\b4242424242424242\b/i);
    }
    expect((await admin(`/people/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await admin("/people?page=0")).status).toBe(422);
  });

  it("suspends and restores a customer's account and an artist's storefront, reason required, audited", async () => {
    const customer = await signInNewCustomer(server);
    const missing = await admin(`/people/${customer.user.id}/account_suspension`, { method: "POST", body: {} });
    expect(missing.status).toBe(422);
    const suspended = await admin(`/people/${customer.user.id}/account_suspension`, {
      method: "POST",
      body: { reason: "Chargebacks" },
    });
    expect(suspended.status, suspended.text).toBe(200);
    expect(suspended.body.data).toMatchObject({ account_suspended: true, suspension_reason: "Chargebacks" });
    expect((await server.request("/api/v1/shopping_cart", { token: customer.token })).status).toBe(401);
    const restored = await admin(`/people/${customer.user.id}/account_restoration`, {
      method: "POST",
      body: { reason: "Resolved" },
    });
    expect(restored.body.data).toMatchObject({ account_suspended: false, suspension_reason: null });
    expect((await auditEntries(customer.user.id)).map((row) => [row.action, row.reason])).toEqual([
      ["account.restore", "Resolved"],
      ["account.suspend", "Chargebacks"],
    ]);
    // A customer has no storefront to suspend.
    const noStorefront = await admin(`/people/${customer.user.id}/storefront_suspension`, {
      method: "POST",
      body: { reason: "x" },
    });
    expect(noStorefront.status).toBe(404);

    const { user, artist } = await signInNewArtist(server);
    const { design } = await buildDesign(server.database.db, { artist });
    const hidden = await admin(`/people/${user.id}/storefront_suspension`, {
      method: "POST",
      body: { reason: "Counterfeits" },
    });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body.data.storefront_suspension).toMatchObject({ cause: "operator", reason: "Counterfeits" });
    expect((await server.request(`/api/v1/designs/${design.id}`)).status).toBe(410);
    const shown = await admin(`/people/${user.id}/storefront_restoration`, {
      method: "POST",
      body: { reason: "Fixed" },
    });
    expect(shown.body.data.storefront_suspension).toBeNull();
    expect((await server.request(`/api/v1/designs/${design.id}`)).status).toBe(200);
    const [row] = await server.database.db
      .select({ takenDownAt: designs.takenDownAt })
      .from(designs)
      .where(and(eq(designs.id, design.id)));
    expect(row?.takenDownAt).toBeNull();
  });
});
