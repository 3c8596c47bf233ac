import { CART_MESSAGES, shoppingCartResponseSchema } from "@threadfolk/contract/cart";
import { toCamelKeys } from "@threadfolk/contract/case";
import { ORDER_MESSAGES } from "@threadfolk/contract/orders";
import { STUDIO_API } from "@threadfolk/contract/studio";
import {
  MY_DESIGNS_PAGE_SIZE,
  myDesignResponseSchema,
  myDesignsResponseSchema,
} from "@threadfolk/contract/studio-sales";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCollectionItem, buildDesign } from "../../../test/factories/catalogue.ts";
import { buildPaidOrder } from "../../../test/factories/paid-orders.ts";
import { signInNewArtist, signInNewCustomer } from "../../../test/studio-actors.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { designDrafts, designs, uploads } from "../../db/schema/index.ts";
import { uploadSourceKey } from "../uploads/process-upload.ts";
import { UNTITLED_DRAFT_NAME } from "./presenters.ts";

let server: TestServer;

beforeAll(async () => {
  // No discovery cache: a deactivated design must leave the home payload at once here (in production it
  // leaves within DISCOVERY_CACHE_SECONDS; decision 038).
  server = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "0" } });
});

afterAll(async () => {
  await server.close();
});

function deactivate(token: string | undefined, uuid: unknown) {
  return server.request(STUDIO_API.deactivateDesign, { method: "POST", token, body: { uuid } });
}

function reactivate(token: string | undefined, uuid: unknown) {
  return server.request(STUDIO_API.reactivateDesign, { method: "POST", token, body: { uuid } });
}

async function listMine(token: string, query = "") {
  const response = await server.request(`${STUDIO_API.sellerDesigns}${query}`, { token });
  expect(response.status, response.text).toBe(200);
  return myDesignsResponseSchema.parse(toCamelKeys(response.body));
}

describe("GET /api/v1/seller_designs (My Designs)", () => {
  it("lists the artist's designs and unpublished drafts, newest first, filtered by status", async () => {
    const { db } = server.database;
    const { artist, token } = await signInNewArtist(server);
    const old = await buildDesign(db, {
      artist,
      displayName: "Old Moth",
      createdAt: new Date(Date.now() - 3_600_000),
    });
    const gone = await buildDesign(db, {
      artist,
      displayName: "Gone Fox",
      status: "deactivated",
      createdAt: new Date(Date.now() - 1_800_000),
    });
    await db.insert(designDrafts).values({ sellerProfileId: artist.id, step: "details", data: { title: "Half Owl" } });
    // A published draft is history, not a draft: it shows as its design.
    await db
      .insert(designDrafts)
      .values({ sellerProfileId: artist.id, step: "publish", data: {}, publishedDesignId: old.design.id });
    await buildDesign(server.database.db, { displayName: "Someone Else's" });

    const all = await listMine(token);
    expect(all.data.map((entry) => [entry.attributes.displayName, entry.attributes.status])).toEqual([
      ["Half Owl", "draft"],
      ["Gone Fox", "deactivated"],
      ["Old Moth", "live"],
    ]);
    expect(all.meta).toEqual({ page: 1, perPage: MY_DESIGNS_PAGE_SIZE, totalCount: 3, totalPages: 1 });

    const [draft, deactivated, live] = all.data;
    expect(draft?.type).toBe("designDraft");
    expect(draft?.attributes).toMatchObject({ imageUrl: null, price: null, card: null, designPath: null });
    expect(live?.type).toBe("sellerDesign");
    expect(live?.id).toBe(old.design.id);
    expect(live?.attributes).toMatchObject({
      slug: old.design.slug,
      price: "$24.99",
      priceCents: 2499,
      defaultColor: "black",
      designPath: `/design/${old.design.id}/${old.design.slug}/black`,
    });
    expect(live?.attributes.imageUrl).toMatch(/^\/media\/.*watermarked.*black/);
    expect(live?.attributes.card).toMatchObject({ uuid: old.design.id, displayName: "Old Moth", price: "$24.99" });
    // A deactivated design keeps its card in the studio (never in the shop).
    expect(deactivated?.attributes.card).toMatchObject({ uuid: gone.design.id });

    const liveOnly = await listMine(token, "?status=live");
    expect(liveOnly.data.map((entry) => entry.id)).toEqual([old.design.id]);
    const deactivatedOnly = await listMine(token, "?status=deactivated");
    expect(deactivatedOnly.data.map((entry) => entry.id)).toEqual([gone.design.id]);
    const drafts = await listMine(token, "?status=draft");
    expect(drafts.data.map((entry) => entry.attributes.displayName)).toEqual(["Half Owl"]);
    expect(drafts.meta.totalCount).toBe(1);
  });

  it("shows a draft's artwork preview once its upload is ready (the owner's own uploads only)", async () => {
    const { db } = server.database;
    const { user, artist, token } = await signInNewArtist(server);
    const stranger = await signInNewCustomer(server);
    const [ready, processing, theirs] = await db
      .insert(uploads)
      .values([
        { userId: user.id, purpose: "artwork", status: "ready", declaredBytes: 1000, width: 800, height: 800 },
        { userId: user.id, purpose: "artwork", status: "processing", declaredBytes: 1000 },
        { userId: stranger.user.id, purpose: "artwork", status: "ready", declaredBytes: 1000 },
      ])
      .returning();
    if (!ready || !processing || !theirs) throw new Error("uploads not inserted");
    for (const upload of [ready, theirs]) {
      await db
        .update(uploads)
        .set({ sourceKey: uploadSourceKey(upload.id) })
        .where(eq(uploads.id, upload.id));
    }
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await db.insert(designDrafts).values([
      { sellerProfileId: artist.id, step: "placement", data: { artworkUploadId: ready.id }, createdAt: at(1) },
      { sellerProfileId: artist.id, step: "artwork", data: { artworkUploadId: processing.id }, createdAt: at(2) },
      { sellerProfileId: artist.id, step: "placement", data: { artworkUploadId: theirs.id }, createdAt: at(3) },
    ]);
    const drafts = await listMine(token, "?status=draft");
    const [withPreview, stillProcessing, foreign] = drafts.data.map((entry) => entry.attributes);
    expect(withPreview?.displayName).toBe(UNTITLED_DRAFT_NAME);
    expect(withPreview?.imageUrl).toContain(`/media/${uploadSourceKey(ready.id)}`);
    expect(withPreview?.imageUrl).toMatch(/[?&]sig=/);
    expect(stillProcessing?.imageUrl).toBeNull();
    expect(foreign?.imageUrl).toBeNull();
  });

  it("pages, counting the total on a page past the end too", async () => {
    const { artist, token } = await signInNewArtist(server);
    for (let index = 0; index < MY_DESIGNS_PAGE_SIZE + 2; index++) {
      await buildDesign(server.database.db, { artist, createdAt: new Date(Date.now() - index * 1000) });
    }
    const second = await listMine(token, "?page=2");
    expect(second.data).toHaveLength(2);
    expect(second.meta).toMatchObject({ page: 2, totalCount: MY_DESIGNS_PAGE_SIZE + 2, totalPages: 2 });
    const past = await listMine(token, "?page=5");
    expect(past.data).toEqual([]);
    expect(past.meta.totalCount).toBe(MY_DESIGNS_PAGE_SIZE + 2);
  });

  it("refuses bad query parameters", async () => {
    const { token } = await signInNewArtist(server);
    for (const query of ["?status=sold", "?page=0", "?page=abc", "?page=1&page=2", "?sort=newest", "?status="]) {
      const response = await server.request(`${STUDIO_API.sellerDesigns}${query}`, { token });
      expect(response.status, query).toBe(422);
      expect(response.body.error.code).toBe("validation_failed");
    }
  });
});

describe("POST /api/v1/seller_designs/deactivate and /reactivate", () => {
  it("hides the design from search, storefront, sitemap, home collections and new carts; reactivation restores", async () => {
    const { db } = server.database;
    const { artist, token } = await signInNewArtist(server);
    const word = `zqx${Date.now().toString(36)}`;
    const { design, defaultVariant } = await buildDesign(db, {
      artist,
      displayName: `Lantern ${word}`,
      tags: [word],
    });
    await buildCollectionItem(db, { collectionKey: "anime", design, position: 0 });
    // A shopper's cart holding it, and a placed (paid) order with it.
    const shopper = await signInNewCustomer(server);
    const added = await server.request("/api/v1/order_line_items", {
      method: "POST",
      token: shopper.token,
      body: { order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black" } },
    });
    expect(added.status, added.text).toBe(201);
    const buyer = await signInNewCustomer(server);
    const paid = await buildPaidOrder(db, { user: buyer.user, lines: [{ variant: defaultVariant, quantity: 2 }] });

    const visible = async () => {
      const search = await server.request(`/api/v1/internal_design_collections?query=${word}`);
      const storefront = await server.request(`/api/v1/artists/${artist.id}`);
      const home = await server.request("/api/v1/internal_design_collections");
      const anime = await server.request("/api/v1/internal_design_collections/anime");
      const sitemap = await server.request("/sitemap.xml");
      const page = await server.request(`/api/v1/designs/${design.id}`);
      return {
        search: search.body.data.some((card: { uuid: string }) => card.uuid === design.id),
        storefront: storefront.body.designs.some((card: { uuid: string }) => card.uuid === design.id),
        storefrontCount: storefront.body.data.attributes.design_count,
        home: home.body.anime.attributes.home_page_preview.some((card: { uuid: string }) => card.uuid === design.id),
        collection: anime.body.data.some((card: { uuid: string }) => card.uuid === design.id),
        sitemap: sitemap.text.includes(design.id),
        page: page.status,
      };
    };
    expect(await visible()).toEqual({
      search: true,
      storefront: true,
      storefrontCount: 1,
      home: true,
      collection: true,
      sitemap: true,
      page: 200,
    });

    const response = await deactivate(token, design.id);
    expect(response.status, response.text).toBe(200);
    const body = myDesignResponseSchema.parse(toCamelKeys(response.body));
    expect(body.data).toMatchObject({ id: design.id, type: "sellerDesign", attributes: { status: "deactivated" } });
    expect((await db.select().from(designs).where(eq(designs.id, design.id)))[0]?.status).toBe("deactivated");

    expect(await visible()).toEqual({
      search: false,
      storefront: false,
      storefrontCount: 0,
      home: false,
      collection: false,
      sitemap: false,
      page: 404,
    });

    // The cart holding it shows the line as no longer available, priced at nothing and not counted.
    const cart = await server.request("/api/v1/shopping_cart", { token: shopper.token });
    expect(cart.status).toBe(200);
    shoppingCartResponseSchema.parse(toCamelKeys(cart.body));
    expect(cart.body.included).toEqual([]);
    expect(cart.body.data.attributes.shopping_cart_count).toBe(0);
    expect(cart.body.data.attributes.total_before_tax_cents).toBe(0);
    expect(cart.body.data.attributes.unavailable_line_items).toEqual([
      expect.objectContaining({
        type: "unavailable_order_line_item",
        attributes: expect.objectContaining({
          display_name: `Lantern ${word}`,
          garment_style: "Men's T-Shirt",
          size: "M",
          color: "black",
          quantity: 1,
          design_uuid: design.id,
          message: CART_MESSAGES.variantUnavailable,
        }),
      }),
    ]);
    // Adding it is refused, for the shopper and anyone else.
    const again = await server.request("/api/v1/order_line_items", {
      method: "POST",
      token: buyer.token,
      body: { order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "L", color: "black" } },
    });
    expect(again.status).toBe(422);
    expect(again.body.error.details).toContainEqual(
      expect.objectContaining({ message: CART_MESSAGES.variantUnavailable }),
    );
    // The placed order is untouched: still readable with its line.
    const order = await server.request(`/api/v1/orders/${paid.order.orderNumber}`, { token: buyer.token });
    expect(order.status, order.text).toBe(200);
    expect(order.body.data.attributes.order_line_items).toHaveLength(1);
    expect(order.body.included).toContainEqual(
      expect.objectContaining({
        type: "order_line_item",
        attributes: expect.objectContaining({ display_name: `Lantern ${word}`, quantity: 2 }),
      }),
    );
    // Deactivating twice changes nothing.
    expect((await deactivate(token, design.id)).status).toBe(200);

    const back = await reactivate(token, design.id.toUpperCase());
    expect(back.status, back.text).toBe(200);
    expect(back.body.data.attributes.status).toBe("live");
    expect(await visible()).toEqual({
      search: true,
      storefront: true,
      storefrontCount: 1,
      home: true,
      collection: true,
      sitemap: true,
      page: 200,
    });
    const restored = await server.request("/api/v1/shopping_cart", { token: shopper.token });
    expect(restored.body.data.attributes.unavailable_line_items).toEqual([]);
    expect(restored.body.data.attributes.shopping_cart_count).toBe(1);
  });

  it("keeps a cart with a deactivated design from being placed", async () => {
    const { db } = server.database;
    const { artist, token } = await signInNewArtist(server);
    const { design, defaultVariant } = await buildDesign(db, { artist, displayName: "Paper Crane" });
    const shopper = await signInNewCustomer(server);
    await server.request("/api/v1/order_line_items", {
      method: "POST",
      token: shopper.token,
      body: { order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black" } },
    });
    expect((await deactivate(token, design.id)).status).toBe(200);
    const placed = await server.request("/api/v1/orders", {
      method: "POST",
      token: shopper.token,
      body: { order: {} },
    });
    expect(placed.status).toBe(409);
    expect(placed.body.error.message).toBe(ORDER_MESSAGES.designUnavailable(["Paper Crane"]));
  });

  it("acts only on the artist's own designs, with strict bodies", async () => {
    const { db } = server.database;
    const owner = await signInNewArtist(server);
    const other = await signInNewArtist(server);
    const customer = await signInNewCustomer(server);
    const { design } = await buildDesign(db, { artist: owner.artist });
    for (const call of [deactivate, reactivate]) {
      expect((await call(other.token, design.id)).status).toBe(404);
      expect((await call(customer.token, design.id)).status).toBe(403);
      expect((await call(undefined, design.id)).status).toBe(401);
      expect((await call(owner.token, crypto.randomUUID())).status).toBe(404);
      expect((await call(owner.token, "not-a-uuid")).status).toBe(422);
      expect((await call(owner.token, 12)).status).toBe(422);
    }
    const extra = await server.request(STUDIO_API.deactivateDesign, {
      method: "POST",
      token: owner.token,
      body: { uuid: design.id, status: "deactivated" },
    });
    expect(extra.status).toBe(422);
    expect(extra.body.error.details).toContainEqual({ field: "status", message: "Unknown field" });
    const noBody = await server.request(STUDIO_API.deactivateDesign, { method: "POST", token: owner.token });
    expect(noBody.status).toBe(400);
    expect((await db.select().from(designs).where(eq(designs.id, design.id)))[0]?.status).toBe("active");
  });
});
