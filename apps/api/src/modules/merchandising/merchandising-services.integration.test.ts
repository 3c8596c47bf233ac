import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { addressesBody } from "../../../test/factories/checkout.ts";
import { obtainGuestTokens } from "../../../test/oauth-client.ts";
import { discPicture } from "../../../test/pictures.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { carouselAssets, designs, internalDesignCollections, marketplaceSales } from "../../db/schema/index.ts";
import { normaliseUpload } from "../uploads/normalise-upload.ts";
import {
  addCarouselSlide,
  getFrontPageCarousel,
  removeCarouselSlide,
  reorderCarouselSlides,
  setSlideTiming,
  updateCarouselSlide,
} from "./carousel-slides.ts";
import {
  addCollectionDesign,
  createCuratedCollection,
  listCuratedCollections,
  removeCollectionDesign,
  renameCollection,
  reorderCollectionDesigns,
} from "./home-collections.ts";
import { createSale, designsCoveredBySale, endSale, listDesignsCoveredBySale, updateSale } from "./marketplace-sale.ts";
import type { MerchandisingChange, RecordChange } from "./merchandising-change.ts";
import {
  createPromoCode,
  expirePromoCode,
  getPromoCode,
  issueGiftCard,
  listCodeRedemptions,
  listPromoCodes,
} from "./promo-codes.ts";

/**
 * The merchandising services against a real database (issue 28, decision 076): each change is checked, made,
 * recorded in its transaction, and seen by shoppers at once (this instance's caches let go).
 */

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "60" } });
});

afterAll(async () => {
  await server.close();
});

function recorder(): { record: RecordChange; changes: MerchandisingChange[] } {
  const changes: MerchandisingChange[] = [];
  return { changes, record: async (_tx, change) => void changes.push(change) };
}

const normalise = (bytes: Buffer) => normaliseUpload(bytes, { purpose: "banner" });
const DAY = 24 * 3600 * 1000;

describe("curated collections", () => {
  it("creates a home section's collection, renames it, adds, reorders and removes designs, and the home page shows each change at once", async () => {
    const { db } = server.database;
    const { record, changes } = recorder();
    // The migrations make the spec's sections; a fresh install without them is what creating is for.
    await db.delete(internalDesignCollections).where(eq(internalDesignCollections.key, "anime"));
    const collection = await createCuratedCollection({ db, record, key: "anime", displayName: "Anime" });
    await expect(createCuratedCollection({ db, key: "anime", displayName: "Again" })).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(createCuratedCollection({ db, key: "popular" as "anime", displayName: "No" })).rejects.toMatchObject({
      code: "validation_failed",
    });

    const [a, b, c] = [
      await buildDesign(db, { displayName: "Alpha Run" }),
      await buildDesign(db, { displayName: "Beta Run" }),
      await buildDesign(db, { displayName: "Gamma Run" }),
    ];
    // The home payload is cached: read it first so the test shows the change drops it.
    expect(
      (await server.request("/api/v1/internal_design_collections")).body.anime.attributes.home_page_preview,
    ).toEqual([]);
    for (const design of [a, b, c]) {
      await addCollectionDesign({ db, record, collectionId: collection.id, designId: design.design.id });
    }
    await expect(addCollectionDesign({ db, collectionId: collection.id, designId: a.design.id })).rejects.toMatchObject(
      { code: "conflict" },
    );
    const hidden = await buildDesign(db, { status: "deactivated" });
    await expect(
      addCollectionDesign({ db, collectionId: collection.id, designId: hidden.design.id }),
    ).rejects.toMatchObject({
      code: "validation_failed",
    });
    const later = await buildDesign(db, { publishedAt: new Date(Date.now() + DAY) });
    await expect(
      addCollectionDesign({ db, collectionId: collection.id, designId: later.design.id }),
    ).rejects.toMatchObject({
      code: "validation_failed",
    });

    await reorderCollectionDesigns({
      db,
      record,
      collectionId: collection.id,
      designIds: [c.design.id, a.design.id, b.design.id],
    });
    await expect(
      reorderCollectionDesigns({ db, collectionId: collection.id, designIds: [c.design.id, a.design.id] }),
    ).rejects.toMatchObject({ code: "conflict" });
    await removeCollectionDesign({ db, record, collectionId: collection.id, designId: a.design.id });
    const renamed = await renameCollection({ db, record, collectionId: collection.id, displayName: "Anime picks" });
    expect(renamed.designs.map((design) => design.id)).toEqual([c.design.id, b.design.id]);

    const home = (await server.request("/api/v1/internal_design_collections")).body.anime;
    expect(home.attributes.display_name).toBe("Anime picks");
    expect(home.attributes.home_page_preview.map((card: { id: string }) => card.id)).toEqual([
      c.design.id,
      b.design.id,
    ]);

    // A design that leaves the listing stays in the list, marked, and shoppers no longer see it.
    await db.update(designs).set({ status: "deactivated" }).where(eq(designs.id, b.design.id));
    const [listed] = (await listCuratedCollections({ db })).filter((item) => item.id === collection.id);
    expect(listed?.designs.map((design) => design.listed)).toEqual([true, false]);

    expect(changes.map((change) => change.action)).toEqual([
      "collection.create",
      ...Array(3).fill("collection.update"),
      "collection.update",
      "collection.update",
      "collection.update",
    ]);
    expect(changes.at(-1)).toMatchObject({
      subjectType: "collection",
      subjectId: String(collection.id),
      before: { displayName: "Anime", designIds: [c.design.id, b.design.id] },
      after: { displayName: "Anime picks", designIds: [c.design.id, b.design.id] },
    });
    await expect(renameCollection({ db, collectionId: 999_999, displayName: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("writes nothing when recording the change fails", async () => {
    const { db } = server.database;
    const collection = (await listCuratedCollections({ db })).find((item) => item.key === "funny");
    if (!collection) throw new Error("the funny section is made by the migrations");
    await renameCollection({ db, collectionId: collection.id, displayName: "Funny" });
    const failing: RecordChange = async () => {
      throw new Error("audit log unavailable");
    };
    await expect(
      renameCollection({ db, record: failing, collectionId: collection.id, displayName: "Lost" }),
    ).rejects.toThrow("audit log unavailable");
    const [row] = await db
      .select()
      .from(internalDesignCollections)
      .where(eq(internalDesignCollections.id, collection.id));
    expect(row?.displayName).toBe("Funny");
  });
});

describe("the front-page carousel", () => {
  it("adds slides from pictures, edits, reorders, times and removes them, and the home page's carousel follows", async () => {
    const { db } = server.database;
    const { storage } = server.context;
    const { record, changes } = recorder();
    const first = await addCarouselSlide({
      db,
      record,
      storage,
      normalise,
      image: await discPicture(1200, 320, { format: "jpeg" }),
      altText: "Anime week",
      link: "/results?home-collection=anime",
    });
    const second = await addCarouselSlide({
      db,
      record,
      storage,
      normalise,
      image: await discPicture(2304, 600),
      altText: "Funny shirts",
      link: "/results?home-collection=funny&page=1",
    });
    expect(first.slides).toHaveLength(1);
    const [one, two] = second.slides;
    if (!one || !two) throw new Error("two slides expected");
    // Stored normalised as PNG under the slide's id.
    const stored = await storage.get(`carousels/${two.id}.png`);
    expect(stored?.body.subarray(1, 4).toString("latin1")).toBe("PNG");

    // Too small, not a picture: refused before anything is stored or written.
    await expect(
      addCarouselSlide({ db, storage, normalise, image: await discPicture(800, 300), altText: "Small", link: "/" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(
      addCarouselSlide({ db, storage, normalise, image: Buffer.from("<html>hello</html>"), altText: "No", link: "/" }),
    ).rejects.toMatchObject({ code: "unsupported_media_type" });

    await updateCarouselSlide({
      db,
      record,
      slideId: one.id,
      altText: "Anime week: new drops",
      link: "/results?home-collection=anime",
    });
    await reorderCarouselSlides({ db, record, slideIds: [two.id, one.id] });
    await expect(reorderCarouselSlides({ db, slideIds: [two.id] })).rejects.toMatchObject({ code: "conflict" });
    await setSlideTiming({ db, record, slideSeconds: 8 });
    await expect(setSlideTiming({ db, slideSeconds: 1 })).rejects.toMatchObject({ code: "validation_failed" });

    const reply = await server.request("/api/v1/carousels?location_code=front_page");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("cache-control")).toBe("no-cache");
    const attributes = reply.body.data.attributes;
    expect(attributes.slide_delay_in_ms).toBe(8000);
    expect(
      attributes.carousel_assets.map((asset: { attributes: { alt_text: string } }) => asset.attributes.alt_text),
    ).toEqual(["Funny shirts", "Anime week: new drops"]);
    // The slide's picture is served through the media route (drawn at the desktop width on request).
    const picture = await server.request(attributes.carousel_assets[0].attributes.image.src);
    expect(picture.status).toBe(200);

    await removeCarouselSlide({ db, record, slideId: two.id });
    await expect(removeCarouselSlide({ db, slideId: two.id })).rejects.toMatchObject({ code: "not_found" });
    const after = await getFrontPageCarousel({ db });
    expect(after).toMatchObject({ slideSeconds: 8, slides: [{ id: one.id, altText: "Anime week: new drops" }] });
    expect(await db.select().from(carouselAssets).where(eq(carouselAssets.id, two.id))).toEqual([]);
    expect(changes.map((change) => change.action)).toEqual(Array(6).fill("carousel.update"));
    expect(changes.at(-1)).toMatchObject({
      before: { slides: [{ id: two.id }, { id: one.id }] },
      after: { slides: [{ id: one.id }] },
    });
  });
});

describe("the marketplace sale", () => {
  it("books a window with a percentage for chosen designs, refuses overlaps, and fixes its terms once it starts", async () => {
    const { db } = server.database;
    const { record, changes } = recorder();
    const [a, b] = [await buildDesign(db), await buildDesign(db)];
    const start = new Date(Date.now() + 300 * DAY);
    const sale = await createSale({
      db,
      record,
      name: "Autumn sale",
      startsAt: start,
      endsAt: new Date(start.getTime() + 7 * DAY),
      percentOff: 20,
      appliesToAllDesigns: false,
      designIds: [a.design.id],
    });
    expect(sale).toMatchObject({
      status: "scheduled",
      percentOff: 20,
      designIds: [a.design.id],
      coveredDesignCount: 1,
    });
    const covered = await listDesignsCoveredBySale({ db, saleId: sale.id });
    expect(covered.map((design) => design.id)).toEqual([a.design.id]);
    const coveredRows = await db.select({ id: designs.id }).from(designs).where(designsCoveredBySale(sale.id));
    expect(coveredRows).toEqual([{ id: a.design.id }]);

    const overlapping = {
      db,
      name: "Overlap",
      startsAt: new Date(start.getTime() + 6 * DAY),
      endsAt: new Date(start.getTime() + 9 * DAY),
      percentOff: 10,
      appliesToAllDesigns: true,
      designIds: [],
    };
    await expect(createSale(overlapping)).rejects.toMatchObject({ code: "conflict" });
    await expect(
      createSale({ ...overlapping, startsAt: new Date(start.getTime() + 8 * DAY), percentOff: 60 }),
    ).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(createSale({ ...overlapping, startsAt: new Date(Date.now() - DAY) })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(
      createSale({ ...overlapping, startsAt: new Date(start.getTime() + 8 * DAY), appliesToAllDesigns: false }),
    ).rejects.toMatchObject({ code: "validation_failed" });

    // Not started: everything can change.
    const changed = await updateSale({
      db,
      record,
      saleId: sale.id,
      changes: { percentOff: 25, designIds: [a.design.id, b.design.id] },
    });
    expect(changed).toMatchObject({ percentOff: 25, coveredDesignCount: 2 });

    // Once started (seen from its first day), the terms are fixed; it can only end sooner.
    const during = new Date(start.getTime() + DAY);
    await expect(updateSale({ db, saleId: sale.id, changes: { percentOff: 30 }, now: during })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("has started"),
    });
    await expect(
      updateSale({ db, saleId: sale.id, changes: { designIds: [a.design.id] }, now: during }),
    ).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(
      updateSale({ db, saleId: sale.id, changes: { endsAt: new Date(start.getTime() + 30 * DAY) }, now: during }),
    ).rejects.toMatchObject({ code: "conflict" });
    const shortened = await updateSale({
      db,
      record,
      saleId: sale.id,
      changes: { endsAt: new Date(start.getTime() + 3 * DAY) },
      now: during,
    });
    expect(shortened.endsAt.toISOString()).toBe(new Date(start.getTime() + 3 * DAY).toISOString());
    const ended = await endSale({ db, record, saleId: sale.id, now: during });
    expect(ended?.endsAt.toISOString()).toBe(during.toISOString());
    expect(changes.map((change) => change.action)).toEqual(["sale.create", "sale.update", "sale.update", "sale.end"]);
    expect(changes[1]).toMatchObject({ before: { percentOff: 20 }, after: { percentOff: 25 } });
  });

  it("puts every listed design on sale, shows it to shoppers at once, and calls off a sale not started", async () => {
    const { db } = server.database;
    const design = await buildDesign(db, { priceCents: 3000 });
    const path = `/api/v1/designs/${design.design.id}`;
    expect((await server.request(path)).status).toBe(200);
    const sale = await createSale({
      db,
      name: "Flash sale",
      startsAt: new Date(),
      endsAt: new Date(Date.now() + DAY),
      percentOff: 10,
      appliesToAllDesigns: true,
      designIds: [],
    });
    try {
      expect(sale.status).toBe("running");
      expect(sale.coveredDesignCount).toBeGreaterThan(0);
      expect((await server.request("/api/v1/marketplace_sales")).body.data.attributes.name).toBe("Flash sale");
      // The cached design page lets go at once.
      expect(JSON.stringify((await server.request(path)).body)).toContain('"on_sale":true');
    } finally {
      await endSale({ db, saleId: sale.id });
    }
    const later = new Date(Date.now() + 400 * DAY);
    const scheduled = await createSale({
      db,
      name: "Later",
      startsAt: later,
      endsAt: new Date(later.getTime() + DAY),
      percentOff: 5,
      appliesToAllDesigns: true,
      designIds: [],
    });
    expect(await endSale({ db, saleId: scheduled.id })).toBeNull();
    expect(await db.select().from(marketplaceSales).where(eq(marketplaceSales.id, scheduled.id))).toEqual([]);
  });
});

describe("promo codes and gift cards", () => {
  it("creates codes and gift cards, refuses a second of the same code, and expires them", async () => {
    const { db } = server.database;
    const { record, changes } = recorder();
    const code = `TEST-${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await createPromoCode({
      db,
      record,
      code: code.toLowerCase(),
      kind: "amount_off",
      amountOffCents: 500,
      minimumSubtotalCents: 3000,
      maxRedemptions: 100,
      oncePerCustomer: true,
    });
    expect(created).toMatchObject({ code, status: "active", oncePerCustomer: true, redemptions: 0 });
    await expect(createPromoCode({ db, code, kind: "free_shipping" })).rejects.toMatchObject({ code: "conflict" });
    await expect(createPromoCode({ db, code: "PCT-ZERO", kind: "percent_off", percentOff: 0 })).rejects.toMatchObject({
      code: "validation_failed",
    });
    const scheduled = await createPromoCode({
      db,
      code: `LATER-${randomUUID().slice(0, 6).toUpperCase()}`,
      kind: "free_shipping",
      startsAt: new Date(Date.now() + DAY),
    });
    expect(scheduled.status).toBe("scheduled");

    const card = await issueGiftCard({ db, record, amountCents: 2500 });
    expect(card.code).toMatch(/^GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(card).toMatchObject({ kind: "gift_card", balanceCents: 2500, issuedCents: 2500, status: "active" });

    const expired = await expirePromoCode({ db, record, code });
    expect(expired.status).toBe("expired");
    await expect(expirePromoCode({ db, code })).rejects.toMatchObject({ code: "conflict" });
    await expirePromoCode({ db, record, code: card.code });
    await expect(expirePromoCode({ db, code: "NO-SUCH-CODE" })).rejects.toMatchObject({ code: "not_found" });

    const codes = await listPromoCodes({ db, kind: "codes" });
    expect(codes.map((item) => item.code)).toContain(code);
    expect(codes.every((item) => item.kind !== "gift_card")).toBe(true);
    const cards = await listPromoCodes({ db, kind: "gift_cards" });
    expect(cards.find((item) => item.code === card.code)?.status).toBe("expired");
    expect(changes.map((change) => change.action)).toEqual([
      "code.create",
      "gift_card.issue",
      "code.expire",
      "gift_card.expire",
    ]);
  });
});

/** A guest's cart of 2 shirts at $25.00 to Albany with `code` applied, placed and paid by card. */
async function checkoutWithCode(code: string) {
  const token = (await obtainGuestTokens(server)).access_token;
  const { defaultVariant } = await buildDesign(server.database.db, { priceCents: 2500 });
  const added = await server.request("/api/v1/order_line_items", {
    method: "POST",
    token,
    body: {
      order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black", quantity: 2 },
    },
  });
  expect(added.status, added.text).toBe(201);
  expect((await server.request("/api/v1/addresses", { method: "POST", token, body: addressesBody() })).status).toBe(
    201,
  );
  const applied = await server.request("/api/v1/orders", {
    method: "PUT",
    token,
    body: { order: { promo_code: code } },
  });
  expect(applied.status, applied.text).toBe(200);
  const placed = await server.request("/api/v1/orders", { method: "POST", token, body: { order: {} } });
  expect(placed.status, placed.text).toBe(201);
  const attributes = placed.body.data.attributes;
  if (attributes.amount_due_cents > 0) {
    const paid = await server.request("/api/v1/order_payments", {
      method: "POST",
      token,
      headers: { "idempotency-key": randomUUID() },
      body: {
        order_payment: { processor_payment_id: attributes.processor_payment_id },
        credit_card_params: { credit_card_number: "4242424242424242", expiration_date: "1239", cvc: "123" },
      },
    });
    expect(paid.status, paid.text).toBe(201);
  }
  return attributes.order_number as string;
}

describe("the use of codes and gift cards", () => {
  it("lists the orders that used a code or a gift card with the amounts it took, and the card's balance", async () => {
    const { db } = server.database;
    const code = `USE-${randomUUID().slice(0, 6).toUpperCase()}`;
    await createPromoCode({ db, code, kind: "percent_off", percentOff: 10 });
    const orderNumber = await checkoutWithCode(code);
    const uses = await listCodeRedemptions({ db, code });
    expect(uses).toMatchObject([{ orderNumber, status: "redeemed", discountCents: 500, giftCardCents: 0 }]);
    expect((await getPromoCode({ db, code })).redemptions).toBe(1);

    const card = await issueGiftCard({ db, amountCents: 2000 });
    const cardOrder = await checkoutWithCode(card.code);
    expect(await listCodeRedemptions({ db, code: card.code })).toMatchObject([
      { orderNumber: cardOrder, status: "redeemed", discountCents: 0, giftCardCents: 2000 },
    ]);
    expect(await getPromoCode({ db, code: card.code })).toMatchObject({
      balanceCents: 0,
      issuedCents: 2000,
      status: "used_up",
    });
  });
});
