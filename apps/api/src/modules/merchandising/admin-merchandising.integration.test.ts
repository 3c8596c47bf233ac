import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { addressesBody } from "../../../test/factories/checkout.ts";
import { obtainGuestTokens } from "../../../test/oauth-client.ts";
import { createOperatorSession } from "../../../test/operators.ts";
import { discPicture } from "../../../test/pictures.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { operatorAuditLog } from "../../db/schema/index.ts";

/**
 * The merchandising admin routes (issue 28, decision 076) over HTTP with an operator session: every action
 * answers, changes what shoppers see, and leaves its entry in the audit log (who, what, before, after, reason).
 * The admin sweep (modules/operators) covers their 401/403 and bad input.
 */

let server: TestServer;
let operator: { operatorId: string; cookie: string };

beforeAll(async () => {
  server = await getTestServer();
  operator = await createOperatorSession(server);
});

afterAll(async () => {
  await server.close();
});

const BASE = "/api/v1/admin/merchandising";

function admin(path: string, init: { method?: string; body?: unknown } = {}) {
  return server.request(`${BASE}${path}`, { ...init, headers: { cookie: operator.cookie } });
}

async function lastAudit() {
  const [entry] = await server.database.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.operatorId, operator.operatorId))
    .orderBy(desc(operatorAuditLog.id))
    .limit(1);
  return entry;
}

describe("merchandising admin routes", () => {
  it("curates a home collection: rename, add, reorder, remove, each in the audit log", async () => {
    const { db } = server.database;
    const [a, b] = [
      await buildDesign(db, { displayName: "Zebra Dash" }),
      await buildDesign(db, { displayName: "Zebra Walk" }),
    ];
    const list = await admin("/collections");
    expect(list.status, list.text).toBe(200);
    const nerdery = list.body.data.find((collection: { key: string }) => collection.key === "nerdery");
    const found = await admin("/designs?query=zebra");
    expect(found.body.data.map((design: { id: string }) => design.id).sort()).toEqual(
      [a.design.id, b.design.id].sort(),
    );

    const renamed = await admin(`/collections/${nerdery.id}`, {
      method: "PATCH",
      body: { display_name: "Nerd stuff", reason: "Rebrand" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "collection.update",
      subjectType: "collection",
      subjectId: String(nerdery.id),
      reason: "Rebrand",
      before: { displayName: "Nerdery" },
      after: { displayName: "Nerd stuff" },
    });
    for (const design of [a, b]) {
      const added = await admin(`/collections/${nerdery.id}/designs`, {
        method: "POST",
        body: { design_id: design.design.id },
      });
      expect(added.status, added.text).toBe(200);
    }
    const reordered = await admin(`/collections/${nerdery.id}/designs`, {
      method: "PUT",
      body: { design_ids: [b.design.id, a.design.id] },
    });
    expect(reordered.body.data.designs.map((design: { id: string }) => design.id)).toEqual([b.design.id, a.design.id]);
    const removed = await admin(`/collections/${nerdery.id}/designs/${b.design.id}`, { method: "DELETE" });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data.designs.map((design: { id: string }) => design.id)).toEqual([a.design.id]);
    expect(await lastAudit()).toMatchObject({ action: "collection.update", after: { designIds: [a.design.id] } });
    const home = await server.request("/api/v1/internal_design_collections");
    expect(home.body.nerdery.attributes.display_name).toBe("Nerd stuff");

    const taken = await admin("/collections", { method: "POST", body: { key: "nerdery", display_name: "Again" } });
    expect(taken.status).toBe(409);
  });

  it("adds a slide from an uploaded picture, edits, reorders, times and removes slides, and the home page's carousel follows", async () => {
    const picture = (await discPicture(1600, 420)).toString("base64");
    const added = await admin("/carousel/slides", {
      method: "POST",
      body: { image_base64: picture, alt_text: "Summer drops", link: "/results?home-collection=picks" },
    });
    expect(added.status, added.text).toBe(201);
    const slide = added.body.data.slides.at(-1);
    expect(slide).toMatchObject({ alt_text: "Summer drops", link: "/results?home-collection=picks" });
    expect((await server.request(slide.thumbnail_url)).status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "carousel.update",
      subjectType: "carousel",
      subjectId: "front_page",
    });

    for (const link of ["https://evil.example/", "//evil.example/x", "/\\evil", "javascript:alert(1)"]) {
      const refused = await admin(`/carousel/slides/${slide.id}`, { method: "PATCH", body: { alt_text: "x", link } });
      expect(refused.status, link).toBe(422);
    }
    const notPicture = await admin("/carousel/slides", {
      method: "POST",
      body: { image_base64: Buffer.from("%PDF-1.4 not a picture").toString("base64"), alt_text: "x", link: "/" },
    });
    expect(notPicture.status).toBe(415);

    const edited = await admin(`/carousel/slides/${slide.id}`, {
      method: "PATCH",
      body: { alt_text: "Summer drops are here", link: "/results?home-collection=funny" },
    });
    expect(edited.status, edited.text).toBe(200);
    const ids = edited.body.data.slides.map((item: { id: number }) => item.id);
    const order = await admin("/carousel/slide_order", { method: "PUT", body: { slide_ids: [...ids].reverse() } });
    expect(order.body.data.slides[0].id).toBe(slide.id);
    const timing = await admin("/carousel/timing", { method: "PUT", body: { slide_seconds: 7 } });
    expect(timing.body.data.slide_seconds).toBe(7);

    const shown = await server.request("/api/v1/carousels?location_code=front_page");
    expect(shown.body.data.attributes.slide_delay_in_ms).toBe(7000);
    expect(shown.body.data.attributes.carousel_assets[0].attributes).toMatchObject({
      alt_text: "Summer drops are here",
      click_destination_url: "/results?home-collection=funny",
    });
    const removed = await admin(`/carousel/slides/${slide.id}`, { method: "DELETE", body: { reason: "Season over" } });
    expect(removed.status, removed.text).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: "carousel.update", reason: "Season over" });
  });

  it("books, changes and ends a sale", async () => {
    const design = await buildDesign(server.database.db);
    const start = new Date(Date.now() + 200 * 24 * 3600 * 1000);
    const end = new Date(start.getTime() + 5 * 24 * 3600 * 1000);
    const created = await admin("/sales", {
      method: "POST",
      body: {
        name: "Spring sale",
        starts_at: start.toISOString(),
        ends_at: end.toISOString(),
        percent_off: 15,
        applies_to_all_designs: false,
        design_ids: [design.design.id],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      status: "scheduled",
      covered_design_count: 1,
      designs: [{ id: design.design.id }],
    });
    expect(await lastAudit()).toMatchObject({ action: "sale.create", after: { percentOff: 15 } });
    const tooMuch = await admin(`/sales/${created.body.data.id}`, { method: "PATCH", body: { percent_off: 70 } });
    expect(tooMuch.status).toBe(422);
    const changed = await admin(`/sales/${created.body.data.id}`, { method: "PATCH", body: { percent_off: 20 } });
    expect(changed.body.data.percent_off).toBe(20);
    expect(await lastAudit()).toMatchObject({
      action: "sale.update",
      before: { percentOff: 15 },
      after: { percentOff: 20 },
    });
    const list = await admin("/sales");
    expect(list.body.data.map((sale: { id: number }) => sale.id)).toContain(created.body.data.id);
    const ended = await admin(`/sales/${created.body.data.id}/end`, { method: "POST", body: {} });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.data).toBeNull();
    expect(await lastAudit()).toMatchObject({ action: "sale.end" });
  });

  it("creates a code a shopper then uses at checkout, issues and expires a gift card, and shows their use", async () => {
    const code = `OPS-${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await admin("/promo_codes", {
      method: "POST",
      body: {
        code: code.toLowerCase(),
        kind: "amount_off",
        amount_off_cents: 700,
        minimum_subtotal_cents: 2000,
        once_per_customer: true,
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({ code, status: "active", once_per_customer: true });
    expect(await lastAudit()).toMatchObject({ action: "code.create", subjectType: "promo_code", subjectId: code });
    const missing = await admin("/promo_codes", { method: "POST", body: { code: "PCT-1", kind: "percent_off" } });
    expect(missing.status).toBe(422);

    // A guest uses it at checkout and pays.
    const token = (await obtainGuestTokens(server)).access_token;
    const { defaultVariant } = await buildDesign(server.database.db, { priceCents: 2500 });
    await server.request("/api/v1/order_line_items", {
      method: "POST",
      token,
      body: {
        order_line_item: {
          seller_design_product_variant_id: defaultVariant.id,
          size: "M",
          color: "black",
          quantity: 1,
        },
      },
    });
    await server.request("/api/v1/addresses", { method: "POST", token, body: addressesBody() });
    const applied = await server.request("/api/v1/orders", {
      method: "PUT",
      token,
      body: { order: { promo_code: code } },
    });
    expect(applied.status, applied.text).toBe(200);
    const placed = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
    const paid = await server.request("/api/v1/order_payments", {
      method: "POST",
      token,
      headers: { "idempotency-key": randomUUID() },
      body: {
        order_payment: { processor_payment_id: placed.body.data.attributes.processor_payment_id },
        credit_card_params: { credit_card_number: "4242424242424242", expiration_date: "1239", cvc: "123" },
      },
    });
    expect(paid.status, paid.text).toBe(201);
    const uses = await admin(`/promo_codes/${code}/redemptions`);
    expect(uses.status, uses.text).toBe(200);
    expect(uses.body.data).toMatchObject([
      { order_number: placed.body.data.attributes.order_number, status: "redeemed", discount_cents: 700 },
    ]);
    const codes = await admin("/promo_codes?kind=codes");
    expect(codes.body.data.find((item: { code: string }) => item.code === code)).toMatchObject({ redemptions: 1 });

    const card = await admin("/gift_cards", {
      method: "POST",
      body: { amount_cents: 5000, reason: "Apology for a late parcel" },
    });
    expect(card.status, card.text).toBe(201);
    expect(card.body.data).toMatchObject({ kind: "gift_card", balance_cents: 5000 });
    expect(await lastAudit()).toMatchObject({ action: "gift_card.issue", reason: "Apology for a late parcel" });
    const expired = await admin(`/promo_codes/${card.body.data.code}/expire`, { method: "POST", body: {} });
    expect(expired.body.data.status).toBe("expired");
    expect(await lastAudit()).toMatchObject({ action: "gift_card.expire", subjectId: card.body.data.code });
    const expiredCode = await admin(`/promo_codes/${code}/expire`, {
      method: "POST",
      body: { reason: "Campaign over" },
    });
    expect(expiredCode.body.data.status).toBe("expired");
    expect(await lastAudit()).toMatchObject({ action: "code.expire", reason: "Campaign over" });
    const cards = await admin("/promo_codes?kind=gift_cards");
    expect(cards.body.data.map((item: { code: string }) => item.code)).toContain(card.body.data.code);
    expect((await admin("/promo_codes/NOPE-NOPE/redemptions")).status).toBe(404);
  });

  it("answers 401 without an operator session and 403 to a shopper's token", async () => {
    expect((await server.request(`${BASE}/collections`)).status).toBe(401);
    const token = (await obtainGuestTokens(server)).access_token;
    expect((await server.request(`${BASE}/promo_codes`, { token })).status).toBe(403);
  });
});
