import { toCamelKeys } from "@threadfolk/contract/case";
import { DESIGN_DETAIL_MESSAGES, PRICING_MESSAGES, STOREFRONT_MESSAGES } from "@threadfolk/contract/studio";
import {
  designDraftListResponseSchema,
  designDraftResponseSchema,
  designRendersResponseSchema,
  sellerDesignResponseSchema,
} from "@threadfolk/contract/studio-designs";
import { garmentStylesResponseSchema, sellerProfileResponseSchema } from "@threadfolk/contract/studio-profile";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPlacedOrder } from "../../../test/factories/placed-orders.ts";
import { buildReadyUpload } from "../../../test/factories/studio.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { designs, orderLineItems, sellerDesignProductVariants } from "../../db/schema/index.ts";
import { getMediaObject } from "../media/get-media-object.ts";
import { mockupKey, mockupStorageKey } from "../media/media-keys.ts";
import { renderMockupImage } from "../media/render-design-mockups.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "0" } });
});

afterAll(async () => {
  await server.close();
});

async function newCustomer() {
  const user = await createTestUser(server.database.db);
  const tokens = await signIn(server, user.email, user.password);
  return { user, token: tokens.access_token };
}

let usernames = 0;
function freshUsername(prefix = "maker") {
  usernames++;
  return `${prefix}${Date.now().toString(36).slice(-5)}${usernames}`;
}

async function newArtist() {
  const customer = await newCustomer();
  const username = freshUsername();
  const response = await server.request("/api/v1/seller_profile", {
    method: "POST",
    token: customer.token,
    body: { seller_profile: { display_name: "Ink Fox", unique_username: username, bio: "Foxes.", accept_terms: true } },
  });
  expect(response.status).toBe(201);
  return { ...customer, username, profileId: response.body.data.id as string };
}

function readyUpload(
  userId: string,
  options: Parameters<typeof buildReadyUpload>[2] extends infer O ? Omit<O & object, "userId"> : never = {},
) {
  return buildReadyUpload(server.database.db, server.context.storage, { userId, ...options });
}

function call(method: string, path: string, token?: string, body?: unknown) {
  return server.request(path, { method, token, ...(body === undefined ? {} : { body }) });
}

/** A draft with every part, ready to publish. */
async function completeDraft(artist: { token: string; user: { id: string } }, overrides: Record<string, unknown> = {}) {
  const upload = await readyUpload(artist.user.id);
  const response = await call("POST", "/api/v1/design_drafts", artist.token, {
    design_draft: {
      step: "details",
      data: {
        artwork_upload_id: upload.id,
        offered_colors: ["black", "white", "royal_blue"],
        default_color: "white",
        products: [
          { garment_style_key: "mens_tee", price_cents: 2600 },
          { garment_style_key: "hoodie", price_cents: 4800 },
        ],
        default_garment_style_key: "mens_tee",
        title: `Zephyr Otter ${freshUsername("t")}`,
        description: "An otter surfing the west wind.",
        tags: ["Otter", "  surf  wind "],
        ...overrides,
      },
    },
  });
  expect(response.status).toBe(201);
  return { draftId: response.body.data.id as string, upload, draft: response.body.data };
}

async function publish(artist: { token: string; user: { id: string } }, overrides: Record<string, unknown> = {}) {
  const { draftId } = await completeDraft(artist, overrides);
  const response = await call("POST", `/api/v1/design_drafts/${draftId}/publish`, artist.token);
  expect(response.status, response.text).toBe(201);
  // The agreed wire shape (studio-shapes): the contract's schema parses the camelCased reply.
  sellerDesignResponseSchema.parse(toCamelKeys(response.body));
  return { draftId, design: response.body.data };
}

async function fetchMedia(url: string) {
  const response = await fetch(`${server.url}${url}`);
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

describe("storefront set-up", () => {
  it("opens one storefront per customer, who is an artist from the next request on, shown on the shop at once", async () => {
    const customer = await newCustomer();
    const none = await call("GET", "/api/v1/seller_profile", customer.token);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: null });
    expect((await call("GET", "/api/v1/design_drafts", customer.token)).status).toBe(403);
    const username = freshUsername("Fox");
    const opened = await call("POST", "/api/v1/seller_profile", customer.token, {
      seller_profile: { display_name: " Ink Fox ", unique_username: username, bio: "Foxes.", accept_terms: true },
    });
    expect(opened.status).toBe(201);
    const lower = username.toLowerCase();
    expect(opened.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: "sellerProfile",
      attributes: {
        display_name: "Ink Fox",
        unique_username: lower,
        bio: "Foxes.",
        avatar_url: null,
        banner_url: null,
        terms_accepted_at: expect.any(String),
        storefront_path: `/artist/${lower}/${opened.body.data.id}`,
        suspension: null,
        strikes: 0,
      },
    });
    sellerProfileResponseSchema.parse(toCamelKeys(opened.body));
    expect((await call("GET", "/api/v1/design_drafts", customer.token)).status).toBe(200);
    expect((await call("GET", "/api/v1/seller_profile", customer.token)).body.data.id).toBe(opened.body.data.id);
    const storefront = await server.request(`/api/v1/artists/${lower}`);
    expect(storefront.status).toBe(200);
    expect(storefront.body.data.attributes.display_name).toBe("Ink Fox");

    const again = await call("POST", "/api/v1/seller_profile", customer.token, {
      seller_profile: { display_name: "Again", unique_username: freshUsername(), accept_terms: true },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(STOREFRONT_MESSAGES.alreadyOpen);

    // The username is unique whatever its case, and the database's rule on the first character is a 422 too.
    const other = await newCustomer();
    for (const [name, message] of [
      [username.toUpperCase(), STOREFRONT_MESSAGES.usernameTaken],
      ["_under", STOREFRONT_MESSAGES.usernameFormat],
      ["abc", STOREFRONT_MESSAGES.usernameFormat],
    ] as const) {
      const taken = await call("POST", "/api/v1/seller_profile", other.token, {
        seller_profile: { display_name: "Other", unique_username: name, accept_terms: true },
      });
      expect(taken.status).toBe(422);
      expect(taken.body.error.details).toContainEqual({ field: "seller_profile.unique_username", message });
    }
    const noTerms = await call("POST", "/api/v1/seller_profile", other.token, {
      seller_profile: { display_name: "Other", unique_username: freshUsername() },
    });
    expect(noTerms.status).toBe(422);
    expect(JSON.stringify(noTerms.body)).toContain(STOREFRONT_MESSAGES.termsRequired);
    expect((await call("GET", "/api/v1/seller_profile", other.token)).body).toEqual({ data: null });
  });

  it("takes avatar and banner from ready uploads, versions their URLs on change and removes them with null", async () => {
    const customer = await newCustomer();
    const avatar = await readyUpload(customer.user.id, { purpose: "avatar", width: 600, height: 500, hue: 10 });
    const banner = await readyUpload(customer.user.id, { purpose: "banner", width: 1600, height: 500, hue: 90 });
    const username = freshUsername();
    const opened = await call("POST", "/api/v1/seller_profile", customer.token, {
      seller_profile: {
        display_name: "Pictures",
        unique_username: username,
        accept_terms: true,
        avatar_upload_id: avatar.id,
        banner_upload_id: banner.id,
      },
    });
    expect(opened.status).toBe(201);
    const first = opened.body.data.attributes;
    expect(first.avatar_url).toContain(`/media/artists/${opened.body.data.id}/avatar-256.webp?`);
    expect(first.banner_url).toContain(`/media/artists/${opened.body.data.id}/banner-1280.webp?`);
    const firstAvatar = await fetchMedia(first.avatar_url);
    expect(firstAvatar.status).toBe(200);
    expect(await sharp(firstAvatar.body).metadata()).toMatchObject({ width: 256, height: 256 });
    const firstBanner = await fetchMedia(first.banner_url);
    expect(await sharp(firstBanner.body).metadata()).toMatchObject({ width: 1280, height: 320 });

    const replacement = await readyUpload(customer.user.id, { purpose: "avatar", width: 500, height: 500, hue: 250 });
    const changed = await call("PATCH", "/api/v1/seller_profile", customer.token, {
      seller_profile: { avatar_upload_id: replacement.id, bio: "New bio" },
    });
    expect(changed.status).toBe(200);
    const second = changed.body.data.attributes;
    expect(second.bio).toBe("New bio");
    expect(second.avatar_url).toContain("&v=2");
    expect(second.avatar_url).not.toBe(first.avatar_url);
    const secondAvatar = await fetchMedia(second.avatar_url);
    expect(secondAvatar.status).toBe(200);
    expect(secondAvatar.body.equals(firstAvatar.body)).toBe(false);
    // The storefront signs the same versioned picture.
    const storefront = await server.request(`/api/v1/artists/${username}`);
    expect(storefront.body.data.attributes.avatar.src).toContain("&v=2");

    // Someone else's upload, or one of another purpose, is not found.
    const stranger = await newCustomer();
    const theirs = await readyUpload(stranger.user.id, { purpose: "avatar", width: 300, height: 300 });
    for (const uploadId of [theirs.id, banner.id]) {
      const refused = await call("PATCH", "/api/v1/seller_profile", customer.token, {
        seller_profile: { avatar_upload_id: uploadId },
      });
      expect(refused.status).toBe(404);
    }
    // A new username moves the storefront at once; the old one is free again.
    const renamed = freshUsername("renamed");
    const moved = await call("PATCH", "/api/v1/seller_profile", customer.token, {
      seller_profile: { unique_username: renamed },
    });
    expect(moved.body.data.attributes.storefront_path).toBe(`/artist/${renamed}/${opened.body.data.id}`);
    expect((await server.request(`/api/v1/artists/${renamed}`)).status).toBe(200);
    expect((await server.request(`/api/v1/artists/${username}`)).status).toBe(404);
    const removed = await call("PATCH", "/api/v1/seller_profile", customer.token, {
      seller_profile: { avatar_upload_id: null },
    });
    expect(removed.body.data.attributes.avatar_url).toBeNull();
    expect(removed.body.data.attributes.banner_url).toContain("&v=3");
    expect((await server.request(`/api/v1/artists/${renamed}`)).body.data.attributes.avatar).toBeNull();
  });
});

describe("storefront races", () => {
  it("lets the unique indexes decide: one of two racing openings wins, the other is told why", async () => {
    const [first, second] = await Promise.all([newCustomer(), newCustomer()]);
    const username = freshUsername("race");
    const open = (token: string, name: string) =>
      call("POST", "/api/v1/seller_profile", token, {
        seller_profile: { display_name: "Racer", unique_username: name, accept_terms: true },
      });
    const sameName = await Promise.all([open(first.token, username), open(second.token, username)]);
    expect(sameName.map((response) => response.status).sort()).toEqual([201, 422]);
    const loser = sameName.find((response) => response.status === 422);
    expect(loser?.body.error.details).toContainEqual({
      field: "seller_profile.unique_username",
      message: STOREFRONT_MESSAGES.usernameTaken,
    });
    const third = await newCustomer();
    const twice = await Promise.all([
      open(third.token, freshUsername("twice")),
      open(third.token, freshUsername("again")),
    ]);
    expect(twice.map((response) => response.status).sort()).toEqual([201, 409]);
  });
});

describe("garment styles", () => {
  it("lists the styles an artist can offer, publicly, with base cost, colours and drawing", async () => {
    const response = await server.request("/api/v1/garment_styles");
    expect(response.status).toBe(200);
    garmentStylesResponseSchema.parse(toCamelKeys(response.body));
    const keys = response.body.data.map((style: { id: string }) => style.id);
    expect(keys).toEqual(expect.arrayContaining(["mens_tee", "womens_tee", "hoodie"]));
    const hoodie = response.body.data.find((style: { id: string }) => style.id === "hoodie");
    expect(hoodie).toMatchObject({
      type: "garmentStyle",
      attributes: { key: "hoodie", garment: "hoodie", base_cost_cents: expect.any(Number) },
    });
    expect(hoodie.attributes.colors.length).toBeGreaterThan(0);
  });
});

describe("drafts", () => {
  it("saves each step, merging the parts, and checks what it is given", async () => {
    const artist = await newArtist();
    const upload = await readyUpload(artist.user.id, { width: 2400, height: 3000 });
    const created = await call("POST", "/api/v1/design_drafts", artist.token, {
      design_draft: {
        step: "artwork",
        data: { artwork_upload_id: upload.id, placements: { tee: { x: 0.9, y: 0, scale: 1 } } },
      },
    });
    expect(created.status).toBe(201);
    designDraftResponseSchema.parse(toCamelKeys(created.body));
    const draft = created.body.data;
    expect(draft.attributes.artwork).toMatchObject({ upload_id: upload.id, width: 2400, height: 3000 });
    expect((await fetchMedia(draft.attributes.artwork.preview_url)).status).toBe(200);
    // Kept inside the print area: the scale fits, the corner moves back in.
    const placed = draft.attributes.data.placements.tee;
    expect(placed.x + placed.scale).toBeLessThanOrEqual(1);

    const saved = await call("PATCH", `/api/v1/design_drafts/${draft.id}`, artist.token, {
      design_draft: { step: "colors", data: { offered_colors: ["black", "black", "white"], default_color: "white" } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes.step).toBe("colors");
    expect(saved.body.data.attributes.data).toMatchObject({
      artwork_upload_id: upload.id,
      offered_colors: ["black", "white"],
      default_color: "white",
    });
    const listed = await call("GET", "/api/v1/design_drafts", artist.token);
    designDraftListResponseSchema.parse(toCamelKeys(listed.body));
    expect(listed.body.data.map((entry: { id: string }) => entry.id)).toContain(draft.id);

    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ default_color: "red" }, "design_draft.data.default_color", DESIGN_DETAIL_MESSAGES.defaultColorNotOffered],
      [
        { products: [{ garment_style_key: "mens_tee", price_cents: 1000 }] },
        "design_draft.data.products.0.price_cents",
        PRICING_MESSAGES.belowMinimum,
      ],
      [
        { products: [{ garment_style_key: "toga", price_cents: 3000 }] },
        "design_draft.data.products.0.garment_style_key",
        "Choose one of the garment styles we print",
      ],
    ];
    for (const [data, field, message] of refusals) {
      const refused = await call("PATCH", `/api/v1/design_drafts/${draft.id}`, artist.token, {
        design_draft: { step: "products", data },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details).toContainEqual({ field, message });
    }
    // Another customer's upload is not the artist's.
    const stranger = await newCustomer();
    const theirs = await readyUpload(stranger.user.id);
    const foreign = await call("PATCH", `/api/v1/design_drafts/${draft.id}`, artist.token, {
      design_draft: { step: "artwork", data: { artwork_upload_id: theirs.id } },
    });
    expect(foreign.status).toBe(404);

    expect((await call("DELETE", `/api/v1/design_drafts/${draft.id}`, artist.token)).status).toBe(204);
    expect((await call("GET", `/api/v1/design_drafts/${draft.id}`, artist.token)).status).toBe(404);
  });

  it("refuses to publish an incomplete draft, naming every missing part", async () => {
    const artist = await newArtist();
    const created = await call("POST", "/api/v1/design_drafts", artist.token, {
      design_draft: { step: "artwork", data: {} },
    });
    const refused = await call("POST", `/api/v1/design_drafts/${created.body.data.id}/publish`, artist.token);
    expect(refused.status).toBe(422);
    const details = refused.body.error.details as Array<{ field: string; message: string }>;
    expect(details).toEqual(
      expect.arrayContaining([
        { field: "design_draft.data.artwork_upload_id", message: DESIGN_DETAIL_MESSAGES.artworkRequired },
        { field: "design_draft.data.offered_colors", message: DESIGN_DETAIL_MESSAGES.colorsRequired },
        { field: "design_draft.data.products", message: DESIGN_DETAIL_MESSAGES.productsRequired },
        { field: "design_draft.data.title", message: DESIGN_DETAIL_MESSAGES.titleTooShort },
        { field: "design_draft.data.tags", message: DESIGN_DETAIL_MESSAGES.tagsRequired },
      ]),
    );
  });

  it("refuses a print under 150 DPI on any offered garment", async () => {
    const artist = await newArtist();
    const small = await readyUpload(artist.user.id, { width: 1000, height: 1000 });
    const { draftId } = await completeDraft(artist, { artwork_upload_id: small.id });
    const refused = await call("POST", `/api/v1/design_drafts/${draftId}/publish`, artist.token);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toContainEqual({
      field: "design_draft.data.placements.tee",
      message: DESIGN_DETAIL_MESSAGES.resolutionBlocked,
    });
    // Smaller on the garment, it prints well enough.
    await call("PATCH", `/api/v1/design_drafts/${draftId}`, artist.token, {
      design_draft: {
        step: "placement",
        data: { placements: { tee: { x: 0.3, y: 0, scale: 0.45 }, hoodie: { x: 0.3, y: 0, scale: 0.45 } } },
      },
    });
    expect((await call("POST", `/api/v1/design_drafts/${draftId}/publish`, artist.token)).status).toBe(201);
  });
});

describe("publishing", () => {
  it("creates a live design found by search, on the storefront, in the sitemap and first among recent designs", async () => {
    const artist = await newArtist();
    const { draftId, design } = await publish(artist, { title: "Quixotic Narwhal Parade" });
    expect(design).toMatchObject({
      type: "sellerDesign",
      attributes: {
        slug: "quixotic-narwhal-parade",
        display_name: "Quixotic Narwhal Parade",
        tags: ["otter", "surf wind"],
        status: "live",
        default_color: "white",
        offered_colors: ["black", "white", "royal_blue"],
        default_garment_style_key: "mens_tee",
        artwork: {
          width: 2000,
          height: 2000,
          url: expect.stringContaining(`/media/designs/${design.id}/artwork.png?`),
        },
        artwork_version: 1,
        design_path: `/design/${design.id}/quixotic-narwhal-parade/white`,
      },
    });
    expect(design.attributes.products).toEqual([
      expect.objectContaining({ garment_style_key: "mens_tee", price_cents: 2600, offered: true }),
      expect.objectContaining({ garment_style_key: "hoodie", price_cents: 4800, offered: true }),
    ]);
    expect((await fetchMedia(design.attributes.artwork.url)).status).toBe(200);
    // The draft is history now: not listed, not publishable twice.
    const drafts = await call("GET", "/api/v1/design_drafts", artist.token);
    expect(drafts.body.data.map((draft: { id: string }) => draft.id)).not.toContain(draftId);
    expect((await call("POST", `/api/v1/design_drafts/${draftId}/publish`, artist.token)).status).toBe(409);

    const search = await server.request("/api/v1/internal_design_collections?query=quixotic%20narwhal");
    expect(search.body.data.map((card: { id: string }) => card.id)).toContain(design.id);
    const storefront = await server.request(`/api/v1/artists/${artist.username}`);
    expect(storefront.body.designs.map((card: { id: string }) => card.id)).toContain(design.id);
    const sitemap = await server.request("/sitemap.xml");
    expect(sitemap.text).toContain(`/design/${design.id}/quixotic-narwhal-parade/white`);
    expect(sitemap.text).toContain(`/artist/${artist.username}/${artist.profileId}`);
    const home = await server.request("/api/v1/internal_design_collections");
    expect(home.body.recent.attributes.home_page_preview[0].id).toBe(design.id);

    // The design page shows the offered colours (in the catalogue's order) and styles only.
    const detail = await server.request(`/api/v1/designs/${design.id}`);
    expect(detail.body.data.attributes.colors.map((color: { key: string }) => color.key)).toEqual([
      "white",
      "black",
      "royal_blue",
    ]);
    expect(Object.keys(detail.body.data.attributes.images.tee)).toEqual(["white", "black", "royal_blue"]);
    expect(
      detail.body.data.attributes.variants.map((variant: { garment_style_key: string }) => variant.garment_style_key),
    ).toEqual(["mens_tee", "hoodie"]);
  });

  it("renders every offered colour x style through the job queue, the default first, and reports progress", async () => {
    const artist = await newArtist();
    const { design } = await publish(artist);
    const before = await call("GET", `/api/v1/seller_designs/${design.id}/renders`, artist.token);
    expect(before.body.data).toEqual({
      id: design.id,
      type: "designRenders",
      attributes: {
        done: 0,
        total: 6,
        default_ready: false,
        complete: false,
        failure_code: null,
        failure_message: null,
      },
    });
    await server.context.jobs.processDue();
    const after = await call("GET", `/api/v1/seller_designs/${design.id}/renders`, artist.token);
    designRendersResponseSchema.parse(toCamelKeys(after.body));
    expect(after.body.data.attributes).toEqual({
      done: 6,
      total: 6,
      default_ready: true,
      complete: true,
      failure_code: null,
      failure_message: null,
    });
    const { storage } = server.context;
    for (const garment of ["tee", "hoodie"] as const) {
      for (const color of ["black", "white", "royal_blue"] as const) {
        for (const variant of ["mockups", "watermarked"] as const) {
          expect(
            await storage.exists(mockupStorageKey({ designUuid: design.id, variant, garment, color, width: 1024 })),
          ).toBe(true);
        }
      }
    }
    expect(
      await storage.exists(
        mockupStorageKey({ designUuid: design.id, variant: "watermarked", garment: "tee", color: "red", width: 640 }),
      ),
    ).toBe(false);
    const image = await fetchMedia(design.attributes.image_url);
    expect(image.status).toBe(200);
  }, 120_000); // It renders every mockup of a design in the heavy pool's child (decision 064): slow on a loaded two-core machine, not a hang.
});

describe("the product editor", () => {
  it("reprices carts but not placed orders, and stops offering a style left out (keeping its variant)", async () => {
    const artist = await newArtist();
    const { design } = await publish(artist);
    const variants = await server.database.db
      .select()
      .from(sellerDesignProductVariants)
      .where(eq(sellerDesignProductVariants.designId, design.id));
    const tee = variants.find((variant) => variant.isDefault);
    const hoodie = variants.find((variant) => !variant.isDefault);
    if (!tee || !hoodie) throw new Error("variants missing");
    const shopper = (await obtainGuestTokens(server)).access_token;
    const added = await call("POST", "/api/v1/order_line_items", shopper, {
      order_line_item: { seller_design_product_variant_id: tee.id, size: "M", color: "black" },
    });
    expect(added.status).toBe(201);
    const placed = await buildPlacedOrder(server.database.db, {
      guestId: undefined,
      userId: (await newCustomer()).user.id,
      lines: [{ variant: tee }],
    });

    const edited = await call("PATCH", `/api/v1/seller_designs/${design.id}`, artist.token, {
      seller_design: { products: [{ garment_style_key: "mens_tee", price_cents: 3100 }] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.attributes.products).toEqual([
      expect.objectContaining({ garment_style_key: "mens_tee", price_cents: 3100, offered: true }),
      expect.objectContaining({ garment_style_key: "hoodie", price_cents: 4800, offered: false }),
    ]);
    const cart = await call("GET", "/api/v1/shopping_cart", shopper);
    expect(cart.body.included[0].attributes.price_cents).toBe(3100);
    const [frozen] = await server.database.db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, placed.order.id));
    expect(frozen?.unitPriceCents).toBe(2600);

    const detail = await server.request(`/api/v1/designs/${design.id}`);
    expect(
      detail.body.data.attributes.variants.map((variant: { garment_style_key: string }) => variant.garment_style_key),
    ).toEqual(["mens_tee"]);
    const refused = await call("POST", "/api/v1/order_line_items", shopper, {
      order_line_item: { seller_design_product_variant_id: hoodie.id, size: "M", color: "black" },
    });
    expect(refused.status).toBe(422);

    // The style shown first must be one that is offered.
    const notShown = await call("PATCH", `/api/v1/seller_designs/${design.id}`, artist.token, {
      seller_design: { default_garment_style_key: "hoodie" },
    });
    expect(notShown.status).toBe(422);
    expect(notShown.body.error.details).toContainEqual({
      field: "seller_design.default_garment_style_key",
      message: "The style shown first must be one of the products offered",
    });

    // Offered again, with a new price, and shown first.
    const reoffered = await call("PATCH", `/api/v1/seller_designs/${design.id}`, artist.token, {
      seller_design: {
        products: [
          { garment_style_key: "mens_tee", price_cents: 3100 },
          { garment_style_key: "hoodie", price_cents: 5000 },
        ],
        default_garment_style_key: "hoodie",
      },
    });
    expect(reoffered.body.data.attributes.products[1]).toMatchObject({ offered: true, price_cents: 5000 });
    expect(reoffered.body.data.attributes.default_garment_style_key).toBe("hoodie");
    const defaults = await server.database.db
      .select()
      .from(sellerDesignProductVariants)
      .where(eq(sellerDesignProductVariants.designId, design.id));
    expect(defaults.filter((variant) => variant.isDefault).map((variant) => variant.id)).toEqual([hoodie.id]);
  });

  it("refuses colours the artist does not offer, on the design page and in the cart", async () => {
    const artist = await newArtist();
    const { design } = await publish(artist);
    const notOffered = await call("PATCH", `/api/v1/seller_designs/${design.id}`, artist.token, {
      seller_design: { offered_colors: ["black", "royal_blue"] },
    });
    expect(notOffered.status).toBe(422);
    expect(notOffered.body.error.details).toContainEqual({
      field: "seller_design.default_color",
      message: DESIGN_DETAIL_MESSAGES.defaultColorNotOffered,
    });
    const saved = await call("PATCH", `/api/v1/seller_designs/${design.id}`, artist.token, {
      seller_design: { offered_colors: ["black", "royal_blue"], default_color: "black" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes.design_path).toBe(`/design/${design.id}/${design.attributes.slug}/black`);
    const detail = await server.request(`/api/v1/designs/${design.id}`);
    expect(detail.body.data.attributes.colors.map((color: { key: string }) => color.key)).toEqual([
      "black",
      "royal_blue",
    ]);
    expect(detail.body.data.attributes.variants[0].colors).toEqual(["black", "royal_blue"]);
    const [variant] = await server.database.db
      .select()
      .from(sellerDesignProductVariants)
      .where(eq(sellerDesignProductVariants.designId, design.id));
    const shopper = (await obtainGuestTokens(server)).access_token;
    const refused = await call("POST", "/api/v1/order_line_items", shopper, {
      order_line_item: { seller_design_product_variant_id: variant?.id, size: "M", color: "white" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details[0].message).toContain("not offered in White");
  });

  it("moves the print with a new placement or artwork: new version, old mockups gone, re-rendered", async () => {
    const artist = await newArtist();
    const { design } = await publish(artist);
    await server.context.jobs.processDue();
    const key = mockupStorageKey({
      designUuid: design.id,
      variant: "watermarked",
      garment: "tee",
      color: "white",
      width: 640,
    });
    const oldImage = await server.context.storage.get(key);
    expect(oldImage).toBeDefined();

    const moved = await call("PATCH", `/api/v1/seller_designs/${design.id}`, artist.token, {
      seller_design: { placements: { tee: { x: 0.25, y: 0.1, scale: 0.5 } } },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.attributes.artwork_version).toBe(2);
    expect(moved.body.data.attributes.placements.tee).toEqual({ x: 0.25, y: 0.1, scale: 0.5 });
    expect(moved.body.data.attributes.image_url).toContain("&v=2");
    expect(await server.context.storage.exists(key)).toBe(false);
    const progress = await call("GET", `/api/v1/seller_designs/${design.id}/renders`, artist.token);
    expect(progress.body.data.attributes.complete).toBe(false);
    await server.context.jobs.processDue();
    const newImage = await server.context.storage.get(key);
    expect(newImage?.body.equals(oldImage?.body as Buffer)).toBe(false);
    const shop = await server.request(`/api/v1/designs/${design.id}`);
    expect(shop.body.data.attributes.images.tee.white.watermarked.src).toContain("&v=2");
    // A mockup rendered on demand (the media route) uses the current placement too.
    const artwork = await server.context.storage.get(`designs/${design.id}/artwork.png`);
    const lazyKey = mockupKey({
      designUuid: design.id,
      variant: "mockups",
      garment: "tee",
      color: "red",
      width: 320,
    });
    const lazy = await getMediaObject({
      key: lazyKey,
      storage: server.context.storage,
      brandName: server.config.BRAND_NAME,
      renderer: server.context.mediaRenderer,
      db: server.database.db,
    });
    // Drawn in a heavy work child process (decision 064), the same picture as this process draws.
    const expected = await renderMockupImage({
      artwork: artwork?.body as Buffer,
      garment: "tee",
      color: "red",
      width: 320,
      variant: "mockups",
      brandName: server.config.BRAND_NAME,
      placement: { x: 0.25, y: 0.1, scale: 0.5 },
    });
    expect(lazy?.body.equals(expected)).toBe(true);

    const upload = await readyUpload(artist.user.id, { width: 2400, height: 2000, hue: 30 });
    const replaced = await call("PATCH", `/api/v1/seller_designs/${design.id}`, artist.token, {
      seller_design: { artwork_upload_id: upload.id },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.attributes).toMatchObject({ artwork_version: 3, artwork: { width: 2400, height: 2000 } });
    const [row] = await server.database.db.select().from(designs).where(eq(designs.id, design.id));
    expect(row?.artworkVersion).toBe(3);
    const stored = await server.context.storage.get(`designs/${design.id}/artwork.png`);
    expect((await sharp(stored?.body).metadata()).width).toBe(2400);
  });
});

describe("who may do what", () => {
  it("answers every studio route by the policy: owner, another artist (404), a customer (403), a guest (401)", async () => {
    const owner = await newArtist();
    const otherArtist = await newArtist();
    const customer = await newCustomer();
    const guest = (await obtainGuestTokens(server)).access_token;
    const { design } = await publish(owner);
    const draft = await completeDraft(owner);
    const draftBody = { design_draft: { step: "details", data: { description: "changed" } } };
    const designBody = { seller_design: { description: "changed" } };
    const routes: Array<{ method: string; path: string; body?: unknown; owner: number }> = [
      { method: "GET", path: `/api/v1/design_drafts/${draft.draftId}`, owner: 200 },
      { method: "PATCH", path: `/api/v1/design_drafts/${draft.draftId}`, body: draftBody, owner: 200 },
      { method: "GET", path: `/api/v1/seller_designs/${design.id}`, owner: 200 },
      { method: "PATCH", path: `/api/v1/seller_designs/${design.id}`, body: designBody, owner: 200 },
      { method: "GET", path: `/api/v1/seller_designs/${design.id}/renders`, owner: 200 },
      { method: "POST", path: `/api/v1/design_drafts/${draft.draftId}/publish`, owner: 201 },
      { method: "DELETE", path: `/api/v1/design_drafts/${draft.draftId}`, owner: 204 },
    ];
    for (const route of routes) {
      const as = (token: string | undefined) => call(route.method, route.path, token, route.body);
      expect((await as(otherArtist.token)).status, `${route.method} ${route.path} other artist`).toBe(404);
      expect((await as(customer.token)).status, `${route.method} ${route.path} customer`).toBe(403);
      expect((await as(guest)).status, `${route.method} ${route.path} guest`).toBe(401);
      expect((await as(undefined)).status, `${route.method} ${route.path} no token`).toBe(401);
      expect((await as(owner.token)).status, `${route.method} ${route.path} owner`).toBe(route.owner);
    }
    // Identity-only routes: drafts need a storefront, the storefront needs a customer.
    const createBody = { design_draft: { step: "artwork", data: {} } };
    expect((await call("GET", "/api/v1/design_drafts", customer.token)).status).toBe(403);
    expect((await call("POST", "/api/v1/design_drafts", customer.token, createBody)).status).toBe(403);
    for (const token of [guest, undefined]) {
      expect((await call("GET", "/api/v1/design_drafts", token)).status).toBe(401);
      expect((await call("POST", "/api/v1/design_drafts", token, createBody)).status).toBe(401);
      expect((await call("GET", "/api/v1/seller_profile", token)).status).toBe(401);
      expect((await call("PATCH", "/api/v1/seller_profile", token, { seller_profile: { bio: "x" } })).status).toBe(401);
      expect(
        (
          await call("POST", "/api/v1/seller_profile", token, {
            seller_profile: { display_name: "G", unique_username: freshUsername(), accept_terms: true },
          })
        ).status,
      ).toBe(401);
    }
    expect(
      (await call("PATCH", "/api/v1/seller_profile", customer.token, { seller_profile: { bio: "x" } })).status,
    ).toBe(404);
    // Another artist's lists never show the owner's drafts.
    const theirDrafts = await call("GET", "/api/v1/design_drafts", otherArtist.token);
    expect(theirDrafts.body.data).toEqual([]);
    // Garment styles are public.
    expect((await call("GET", "/api/v1/garment_styles", undefined)).status).toBe(200);
  });
});
