import {
  COLLECTION_LIMIT_REACHED,
  FAVORITE_COLLECTIONS_PAGE_SIZE,
  MAX_COLLECTIONS_PER_CUSTOMER,
} from "@threadfolk/contract/favorites";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { customerProfileDesignCollections, designs, likedSellerDesignProductVariants } from "../../db/schema/index.ts";
import { countDesignFavoriters } from "./manage-collections.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

/** A signed-in customer's access token. */
async function signedInCustomer() {
  const user = await createTestUser(server.database.db);
  const tokens = await signIn(server, user.email, user.password);
  return { user, token: tokens.access_token };
}

function createCollection(token: string, body: unknown) {
  return server.request("/api/v1/customer_profile_design_collections", { method: "POST", token, body });
}

function toggle(token: string, variantId: number | string, collectionId?: number | null) {
  return server.request("/api/v1/liked_seller_design_product_variants", {
    method: "POST",
    token,
    body: {
      liked_seller_design_product_variant: {
        ...(collectionId === undefined ? {} : { customer_profile_design_collection_id: collectionId }),
        seller_design_product_variant_id: variantId,
      },
    },
  });
}

async function favoriteCount(designId: string) {
  const [row] = await server.database.db
    .select({ favoriteCount: designs.favoriteCount })
    .from(designs)
    .where(eq(designs.id, designId));
  return row?.favoriteCount;
}

describe("collections", () => {
  it("creates a collection from the flat body the spec's client sends, and from the wrapped body", async () => {
    const { token } = await signedInCustomer();
    const flat = await createCollection(token, { display_name: "  Cozy Hoodies  " });
    expect(flat.status).toBe(201);
    expect(flat.body).toEqual({
      data: {
        id: expect.any(Number),
        type: "customer_profile_design_collection",
        attributes: { display_name: "Cozy Hoodies", liked_default_variant_ids: [], is_default: false, design_count: 0 },
      },
    });
    const wrapped = await createCollection(token, { customer_profile_design_collection: { display_name: "Anime" } });
    expect(wrapped.status).toBe(201);
    expect(wrapped.body.data.attributes.display_name).toBe("Anime");
    const list = await server.request("/api/v1/customer_profile_design_collections?display=false", { token });
    expect(list.status).toBe(200);
    expect(
      list.body.data.map((entry: { attributes: { display_name: string } }) => entry.attributes.display_name),
    ).toEqual(["Cozy Hoodies", "Anime"]);
  });

  it("rejects a name taken in another case or with extra spaces, naming the field", async () => {
    const { token } = await signedInCustomer();
    expect((await createCollection(token, { display_name: "Summer Tees" })).status).toBe(201);
    for (const name of ["summer tees", "  SUMMER TEES ", "Summer Tees"]) {
      const response = await createCollection(token, { display_name: name });
      expect(response.status, name).toBe(422);
      expect(response.body.error.code).toBe("validation_failed");
      expect(response.body.error.details).toEqual([
        { field: "display_name", message: "Collection Name has already been taken" },
      ]);
    }
    const wrapped = await createCollection(token, {
      customer_profile_design_collection: { display_name: "SUMMER tees" },
    });
    expect(wrapped.status).toBe(422);
    expect(wrapped.body.error.details[0].field).toBe("customer_profile_design_collection.display_name");
    // Another customer may use the same name.
    const other = await signedInCustomer();
    expect((await createCollection(other.token, { display_name: "Summer Tees" })).status).toBe(201);
  });

  it("accepts 60 characters after trimming and rejects 61, empty, blank, missing and unknown fields", async () => {
    const { token } = await signedInCustomer();
    expect((await createCollection(token, { display_name: ` ${"a".repeat(60)} ` })).status).toBe(201);
    const tooLong = await createCollection(token, { display_name: "b".repeat(61) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.details).toEqual([
      { field: "display_name", message: "Collection Name must be at most 60 characters" },
    ]);
    for (const body of [{ display_name: "" }, { display_name: "   " }, {}, { display_name: 42 }]) {
      const response = await createCollection(token, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error.details[0]).toMatchObject({ field: "display_name" });
    }
    const unknown = await createCollection(token, { display_name: "Ok", colour: "red" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toContainEqual({ field: "colour", message: "Unknown field" });
    const malformed = await server.request("/api/v1/customer_profile_design_collections", {
      method: "POST",
      token,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("malformed_json");
  });

  it("renames and deletes a collection; rename follows the same rules", async () => {
    const { token } = await signedInCustomer();
    const first = (await createCollection(token, { display_name: "First" })).body.data.id;
    await createCollection(token, { display_name: "Second" });
    const renamed = await server.request(`/api/v1/customer_profile_design_collections/${first}`, {
      method: "PATCH",
      token,
      body: { display_name: " Renamed " },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: first, attributes: { display_name: "Renamed" } });
    // Renaming to its own name in another case is fine; to a sibling's name is not.
    const sameName = await server.request(`/api/v1/customer_profile_design_collections/${first}`, {
      method: "PATCH",
      token,
      body: { display_name: "RENAMED" },
    });
    expect(sameName.status).toBe(200);
    const clash = await server.request(`/api/v1/customer_profile_design_collections/${first}`, {
      method: "PATCH",
      token,
      body: { display_name: "second" },
    });
    expect(clash.status).toBe(422);
    expect(clash.body.error.details).toEqual([
      { field: "display_name", message: "Collection Name has already been taken" },
    ]);
    const deleted = await server.request(`/api/v1/customer_profile_design_collections/${first}`, {
      method: "DELETE",
      token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      data: { id: first, type: "customer_profile_design_collection" },
      favorite_design_uuids: [],
    });
    const again = await server.request(`/api/v1/customer_profile_design_collections/${first}`, { token });
    expect(again.status).toBe(404);
  });

  it("answers 404 for malformed and unknown collection ids, and 422 for a bad display flag", async () => {
    const { token } = await signedInCustomer();
    for (const id of ["abc", "0", "-1", "1.5", "99999999999", "2147483647"]) {
      const response = await server.request(`/api/v1/customer_profile_design_collections/${id}`, { token });
      expect(response.status, id).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
    const badFlag = await server.request("/api/v1/customer_profile_design_collections?display=yes", { token });
    expect(badFlag.status).toBe(422);
    expect(badFlag.body.error.details[0].field).toBe("display");
  });
});

describe("liked-variant toggle", () => {
  it("adds then removes (toggle twice restores) and keeps the favourite counter in step", async () => {
    const { token } = await signedInCustomer();
    const { design, defaultVariant } = await buildDesign(server.database.db, { displayName: "Toggle Tee" });
    const collectionId = (await createCollection(token, { display_name: "Keepers" })).body.data.id;

    const added = await toggle(token, defaultVariant.id, collectionId);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      added_or_removed: "added",
      seller_design_name: "Toggle Tee",
      collection_name: "Keepers",
      customer_profile_design_collection_id: collectionId,
      favorite_design_uuids: [design.id],
    });
    expect(await favoriteCount(design.id)).toBe(1);
    const menu = await server.request("/api/v1/customer_profile_design_collections", { token });
    expect(menu.body.data[0].attributes).toMatchObject({
      liked_default_variant_ids: [defaultVariant.id],
      design_count: 1,
    });

    const removed = await toggle(token, String(defaultVariant.id), collectionId);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ added_or_removed: "removed", favorite_design_uuids: [] });
    expect(await favoriteCount(design.id)).toBe(0);
    const after = await server.request("/api/v1/customer_profile_design_collections", { token });
    expect(after.body.data[0].attributes.liked_default_variant_ids).toEqual([]);
  });

  it("counts a customer once per design, across collections", async () => {
    const { token } = await signedInCustomer();
    const { design, defaultVariant } = await buildDesign(server.database.db);
    const one = (await createCollection(token, { display_name: "One" })).body.data.id;
    const two = (await createCollection(token, { display_name: "Two" })).body.data.id;
    await toggle(token, defaultVariant.id, one);
    await toggle(token, defaultVariant.id, two);
    expect(await favoriteCount(design.id)).toBe(1);
    await toggle(token, defaultVariant.id, one);
    expect(await favoriteCount(design.id)).toBe(1);
    // Deleting the last collection that holds it takes the customer's favourite away.
    const deleted = await server.request(`/api/v1/customer_profile_design_collections/${two}`, {
      method: "DELETE",
      token,
    });
    expect(deleted.body.favorite_design_uuids).toEqual([]);
    expect(await favoriteCount(design.id)).toBe(0);
  });

  it("puts the first favourite into a default 'Favorites' collection created on the fly", async () => {
    const { token } = await signedInCustomer();
    const { design, defaultVariant } = await buildDesign(server.database.db, { displayName: "First Love" });
    const first = await toggle(token, defaultVariant.id, null);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      added_or_removed: "added",
      seller_design_name: "First Love",
      collection_name: "Favorites",
      favorite_design_uuids: [design.id],
    });
    const menu = await server.request("/api/v1/customer_profile_design_collections?display=false", { token });
    expect(menu.body.data).toHaveLength(1);
    expect(menu.body.data[0]).toMatchObject({
      id: first.body.customer_profile_design_collection_id,
      attributes: { display_name: "Favorites", is_default: true, liked_default_variant_ids: [defaultVariant.id] },
    });
    // Omitting the id again uses the same default collection (here: removes from it).
    const second = await toggle(token, defaultVariant.id);
    expect(second.body).toMatchObject({ added_or_removed: "removed", collection_name: "Favorites" });
    expect((await server.request("/api/v1/customer_profile_design_collections", { token })).body.data).toHaveLength(1);
  });

  it("answers 404 for unknown variants and deactivated designs, 422 for malformed input", async () => {
    const { token } = await signedInCustomer();
    const collectionId = (await createCollection(token, { display_name: "Misc" })).body.data.id;
    expect((await toggle(token, 2_000_000_000, collectionId)).status).toBe(404);
    const { defaultVariant } = await buildDesign(server.database.db, { status: "deactivated" });
    const deactivated = await toggle(token, defaultVariant.id, collectionId);
    expect(deactivated.status).toBe(404);
    expect(deactivated.body.error.code).toBe("not_found");
    // A 404 for the variant creates no default collection as a side effect.
    expect((await toggle(token, 2_000_000_000)).status).toBe(404);
    expect((await server.request("/api/v1/customer_profile_design_collections", { token })).body.data).toHaveLength(1);
    for (const body of [
      {},
      { liked_seller_design_product_variant: { seller_design_product_variant_id: "x" } },
      { liked_seller_design_product_variant: { seller_design_product_variant_id: -3 } },
      { liked_seller_design_product_variant: { seller_design_product_variant_id: 1, extra: true } },
      {
        liked_seller_design_product_variant: {
          customer_profile_design_collection_id: 1.5,
          seller_design_product_variant_id: 1,
        },
      },
    ]) {
      const response = await server.request("/api/v1/liked_seller_design_product_variants", {
        method: "POST",
        token,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error.code).toBe("validation_failed");
    }
  });

  it("keeps racing toggles of one pair consistent: no duplicate rows, final state = parity of answers", async () => {
    const { token } = await signedInCustomer();
    const { design, defaultVariant } = await buildDesign(server.database.db);
    const collectionId = (await createCollection(token, { display_name: "Race" })).body.data.id;
    let before = 0;
    for (const attempts of [7, 8, 5]) {
      const answers = await Promise.all(
        Array.from({ length: attempts }, () => toggle(token, defaultVariant.id, collectionId)),
      );
      for (const answer of answers) expect(answer.status).toBe(200);
      const added = answers.filter((answer) => answer.body.added_or_removed === "added").length;
      const removed = answers.length - added;
      const rows = await server.database.db
        .select()
        .from(likedSellerDesignProductVariants)
        .where(eq(likedSellerDesignProductVariants.collectionId, collectionId));
      expect(rows.length).toBeLessThanOrEqual(1);
      // Every answer told the truth: the pair's presence moved by exactly added - removed.
      expect(before + added - removed).toBe(rows.length);
      before = rows.length;
      const expected =
        (await countDesignFavoriters({ db: server.database.db, designIds: [design.id] })).get(design.id) ?? 0;
      expect(await favoriteCount(design.id)).toBe(expected);
    }
  });

  it("lets two racing first favourites create one default collection", async () => {
    const { token } = await signedInCustomer();
    const one = await buildDesign(server.database.db);
    const two = await buildDesign(server.database.db);
    const answers = await Promise.all([toggle(token, one.defaultVariant.id), toggle(token, two.defaultVariant.id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const menu = await server.request("/api/v1/customer_profile_design_collections", { token });
    expect(menu.body.data).toHaveLength(1);
    expect([...menu.body.data[0].attributes.liked_default_variant_ids].sort()).toEqual(
      [one.defaultVariant.id, two.defaultVariant.id].sort(),
    );
  });
});

describe("listing favourites", () => {
  it("shows a collection with its designs as discovery cards, and display=true shows every collection with cards", async () => {
    const { token } = await signedInCustomer();
    const older = await buildDesign(server.database.db, { displayName: "Older Like" });
    const newer = await buildDesign(server.database.db, { displayName: "Newer Like" });
    const hidden = await buildDesign(server.database.db, { displayName: "Soon Hidden" });
    const collectionId = (await createCollection(token, { display_name: "Shown" })).body.data.id;
    await createCollection(token, { display_name: "Empty" });
    await toggle(token, older.defaultVariant.id, collectionId);
    await toggle(token, newer.defaultVariant.id, collectionId);
    await toggle(token, hidden.defaultVariant.id, collectionId);
    await server.database.db.update(designs).set({ status: "deactivated" }).where(eq(designs.id, hidden.design.id));

    const show = await server.request(`/api/v1/customer_profile_design_collections/${collectionId}`, { token });
    expect(show.status).toBe(200);
    expect(show.headers.get("cache-control")).toBe("no-store");
    expect(show.body.data.attributes.display_name).toBe("Shown");
    expect(show.body.data.attributes.design_count).toBe(2);
    expect(show.body.data.attributes.designs.map((card: { display_name: string }) => card.display_name)).toEqual([
      "Newer Like",
      "Older Like",
    ]);
    expect(show.body.data.attributes.designs[0]).toMatchObject({
      uuid: newer.design.id,
      artist_uuid: newer.artist.id,
      default_seller_design_product_variant_id: newer.defaultVariant.id,
      liked_seller_design_product_variant_id: newer.defaultVariant.id,
      price: "$24.99",
    });
    expect(Object.values(show.body.data.attributes.designs[0].watermarked_signed_urls)[0]).toMatch(/^\/media\//);
    expect(show.body.meta).toEqual({ total_count: 2, page: 1, per_page: 24, total_pages: 1 });

    const display = await server.request("/api/v1/customer_profile_design_collections?display=true", { token });
    expect(display.status).toBe(200);
    expect(
      display.body.data.map((entry: { attributes: { display_name: string } }) => entry.attributes.display_name),
    ).toEqual(["Shown", "Empty"]);
    expect(display.body.data[0].attributes.designs).toHaveLength(2);
    expect(display.body.data[1].attributes.designs).toEqual([]);
    const light = await server.request("/api/v1/customer_profile_design_collections?display=false", { token });
    expect(light.body.data[0].attributes.designs).toBeUndefined();
  });

  it("lists liked designs across collections once each, newest first, 24 a page", async () => {
    const { token } = await signedInCustomer();
    const one = (await createCollection(token, { display_name: "A" })).body.data.id;
    const two = (await createCollection(token, { display_name: "B" })).body.data.id;
    const built = [];
    for (let index = 0; index < 26; index += 1) built.push(await buildDesign(server.database.db));
    for (const entry of built) await toggle(token, entry.defaultVariant.id, one);
    // Liking the first design again in another collection makes it the most recent like, listed once.
    await toggle(token, built[0]?.defaultVariant.id ?? 0, two);
    const page1 = await server.request("/api/v1/liked_seller_design_product_variants", { token });
    expect(page1.status).toBe(200);
    expect(page1.body.meta).toEqual({ total_count: 26, page: 1, per_page: 24, total_pages: 2 });
    expect(page1.body.data).toHaveLength(24);
    expect(page1.body.data[0].uuid).toBe(built[0]?.design.id);
    expect(page1.body.data[1].uuid).toBe(built[25]?.design.id);
    const page2 = await server.request("/api/v1/liked_seller_design_product_variants?page=2", { token });
    expect(page2.body.data.map((card: { uuid: string }) => card.uuid)).toEqual([
      built[2]?.design.id,
      built[1]?.design.id,
    ]);
    const page3 = await server.request("/api/v1/liked_seller_design_product_variants?page=3", { token });
    expect(page3.body).toMatchObject({ data: [], meta: { total_count: 26, page: 3 } });
    expect((await server.request("/api/v1/liked_seller_design_product_variants?page=0", { token })).status).toBe(422);
  });

  it("fills favorite_design_uuids in user info", async () => {
    const { token } = await signedInCustomer();
    const { design, defaultVariant } = await buildDesign(server.database.db);
    await toggle(token, defaultVariant.id);
    const info = await server.request("/api/v1/user_info", { token });
    expect(info.status).toBe(200);
    expect(info.body.favorite_design_uuids).toEqual([design.id]);
  });
});

describe("privacy and authentication", () => {
  it("keeps customer A's favourites invisible and untouchable for customer B (404, not 403)", async () => {
    const a = await signedInCustomer();
    const b = await signedInCustomer();
    const { defaultVariant } = await buildDesign(server.database.db);
    const aCollection = (await createCollection(a.token, { display_name: "Private" })).body.data.id;
    await toggle(a.token, defaultVariant.id, aCollection);

    const paths = [
      ["GET", `/api/v1/customer_profile_design_collections/${aCollection}`, undefined],
      ["PATCH", `/api/v1/customer_profile_design_collections/${aCollection}`, { display_name: "Mine now" }],
      ["DELETE", `/api/v1/customer_profile_design_collections/${aCollection}`, undefined],
    ] as const;
    for (const [method, path, body] of paths) {
      const response = await server.request(path, { method, token: b.token, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
    const intoA = await toggle(b.token, defaultVariant.id, aCollection);
    expect(intoA.status).toBe(404);
    expect((await server.request("/api/v1/customer_profile_design_collections", { token: b.token })).body.data).toEqual(
      [],
    );
    expect(
      (await server.request("/api/v1/customer_profile_design_collections?display=true", { token: b.token })).body.data,
    ).toEqual([]);
    expect(
      (await server.request("/api/v1/liked_seller_design_product_variants", { token: b.token })).body.data,
    ).toEqual([]);
    // A's collection is untouched.
    const own = await server.request(`/api/v1/customer_profile_design_collections/${aCollection}`, { token: a.token });
    expect(own.body.data.attributes).toMatchObject({
      display_name: "Private",
      liked_default_variant_ids: [defaultVariant.id],
    });
  });

  it("answers another customer's collection exactly as a collection that does not exist", async () => {
    const a = await signedInCustomer();
    const b = await signedInCustomer();
    const aCollection = (await createCollection(a.token, { display_name: "Secret" })).body.data.id as number;
    const missing = 2_000_000_000;
    const requests = [
      ["GET", undefined],
      ["PATCH", { display_name: "Renamed" }],
      ["DELETE", undefined],
    ] as const;
    for (const [method, body] of requests) {
      const theirs = await server.request(`/api/v1/customer_profile_design_collections/${aCollection}`, {
        method,
        token: b.token,
        body,
      });
      const nowhere = await server.request(`/api/v1/customer_profile_design_collections/${missing}`, {
        method,
        token: b.token,
        body,
      });
      expect(theirs.status, method).toBe(404);
      expect({ status: theirs.status, body: theirs.body }, method).toEqual({
        status: nowhere.status,
        body: nowhere.body,
      });
    }
    const listed = await server.request("/api/v1/customer_profile_design_collections", { token: a.token });
    expect(
      listed.body.data.map((entry: { attributes: { display_name: string } }) => entry.attributes.display_name),
    ).toEqual(["Secret"]);
  });

  it("answers 401 to guests, anonymous tokens and requests without a token on every endpoint", async () => {
    const guest = (await obtainGuestTokens(server)).access_token;
    const anonymous = (await server.request("/api/v1/tokens", { method: "POST" })).body.access_token as string;
    const endpoints = [
      ["POST", "/api/v1/customer_profile_design_collections", { display_name: "x" }],
      ["GET", "/api/v1/customer_profile_design_collections?display=false", undefined],
      ["GET", "/api/v1/customer_profile_design_collections?display=true", undefined],
      ["GET", "/api/v1/customer_profile_design_collections/1", undefined],
      ["PATCH", "/api/v1/customer_profile_design_collections/1", { display_name: "x" }],
      ["DELETE", "/api/v1/customer_profile_design_collections/1", undefined],
      [
        "POST",
        "/api/v1/liked_seller_design_product_variants",
        { liked_seller_design_product_variant: { seller_design_product_variant_id: 1 } },
      ],
      ["GET", "/api/v1/liked_seller_design_product_variants", undefined],
    ] as const;
    for (const token of [guest, anonymous, undefined]) {
      for (const [method, path, body] of endpoints) {
        const response = await server.request(path, { method, token, body });
        expect(response.status, `${method} ${path} ${token ? "guest" : "none"}`).toBe(401);
        expect(response.body.error.code).toBe("unauthorized");
      }
    }
  });
});

describe("limits on collections", () => {
  it(`refuses a customer's collection past MAX_COLLECTIONS_PER_CUSTOMER with a clear 422`, async () => {
    const { user, token } = await signedInCustomer();
    await server.database.db.insert(customerProfileDesignCollections).values(
      Array.from({ length: MAX_COLLECTIONS_PER_CUSTOMER - 1 }, (_, index) => ({
        userId: user.id,
        displayName: `Board ${index}`,
      })),
    );
    expect((await createCollection(token, { display_name: "The last one" })).status).toBe(201);
    const refused = await createCollection(token, { display_name: "One too many" });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({
      code: "validation_failed",
      message: COLLECTION_LIMIT_REACHED,
      details: [{ field: "display_name", message: COLLECTION_LIMIT_REACHED }],
    });
    expect(COLLECTION_LIMIT_REACHED).toContain(String(MAX_COLLECTIONS_PER_CUSTOMER));
    // A favourite without a collection would need a new default one: refused the same way, nothing liked.
    const { defaultVariant } = await buildDesign(server.database.db);
    const liked = await toggle(token, defaultVariant.id, null);
    expect(liked.status).toBe(422);
    expect(liked.body.error.message).toBe(COLLECTION_LIMIT_REACHED);
    // Deleting one makes room again.
    const list = await server.request("/api/v1/customer_profile_design_collections", { token });
    expect(list.body.data).toHaveLength(MAX_COLLECTIONS_PER_CUSTOMER);
    const oldest = list.body.data[0].id;
    expect(
      (await server.request(`/api/v1/customer_profile_design_collections/${oldest}`, { method: "DELETE", token }))
        .status,
    ).toBe(200);
    expect((await createCollection(token, { display_name: "One too many" })).status).toBe(201);
  });

  it("lets only one of racing creates take the last place", async () => {
    const { user, token } = await signedInCustomer();
    await server.database.db.insert(customerProfileDesignCollections).values(
      Array.from({ length: MAX_COLLECTIONS_PER_CUSTOMER - 1 }, (_, index) => ({
        userId: user.id,
        displayName: `Board ${index}`,
      })),
    );
    const statuses = await Promise.all(
      ["Race A", "Race B", "Race C", "Race D"].map(
        async (name) => (await createCollection(token, { display_name: name })).status,
      ),
    );
    expect(statuses.sort()).toEqual([201, 422, 422, 422]);
  });

  it("pages display=true by collections, each with the first page of its designs", async () => {
    const { token } = await signedInCustomer();
    const total = FAVORITE_COLLECTIONS_PAGE_SIZE + 2;
    for (let index = 0; index < total; index++) await createCollection(token, { display_name: `List ${index}` });
    const { defaultVariant } = await buildDesign(server.database.db, { displayName: "In The Last List" });
    const all = (await server.request("/api/v1/customer_profile_design_collections", { token })).body.data;
    await toggle(token, defaultVariant.id, all[total - 1].id);

    const first = await server.request("/api/v1/customer_profile_design_collections?display=true", { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(FAVORITE_COLLECTIONS_PAGE_SIZE);
    expect(first.body.data[0].attributes.display_name).toBe("List 0");
    expect(first.body.meta).toEqual({
      total_count: total,
      page: 1,
      per_page: FAVORITE_COLLECTIONS_PAGE_SIZE,
      total_pages: 2,
    });
    const second = await server.request("/api/v1/customer_profile_design_collections?display=true&page=2", { token });
    expect(
      second.body.data.map((entry: { attributes: { display_name: string } }) => entry.attributes.display_name),
    ).toEqual([`List ${total - 2}`, `List ${total - 1}`]);
    expect(second.body.data[1].attributes.designs.map((card: { display_name: string }) => card.display_name)).toEqual([
      "In The Last List",
    ]);
    expect(second.body.data[1].attributes.design_count).toBe(1);
    // The light list for the collections menu stays whole (at most MAX_COLLECTIONS_PER_CUSTOMER).
    const light = await server.request("/api/v1/customer_profile_design_collections?display=false", { token });
    expect(light.body.data).toHaveLength(total);
    expect(
      (await server.request("/api/v1/customer_profile_design_collections?display=false&page=2", { token })).status,
    ).toBe(422);
  });

  it("reads one collection of a customer who has many without loading the others", async () => {
    const { user, token } = await signedInCustomer();
    await server.database.db
      .insert(customerProfileDesignCollections)
      .values(Array.from({ length: 150 }, (_, index) => ({ userId: user.id, displayName: `Many ${index}` })));
    const { defaultVariant } = await buildDesign(server.database.db, { displayName: "Only Here" });
    // More than a customer may create today: collections made before the limit stay readable.
    const [target] = await server.database.db
      .insert(customerProfileDesignCollections)
      .values({ userId: user.id, displayName: "Target" })
      .returning({ id: customerProfileDesignCollections.id });
    const created = target?.id;
    await toggle(token, defaultVariant.id, created);
    const show = await server.request(`/api/v1/customer_profile_design_collections/${created}`, { token });
    expect(show.body.data.attributes).toMatchObject({
      display_name: "Target",
      design_count: 1,
      liked_default_variant_ids: [defaultVariant.id],
    });
    const renamed = await server.request(`/api/v1/customer_profile_design_collections/${created}`, {
      method: "PATCH",
      token,
      body: { display_name: "Renamed" },
    });
    expect(renamed.body.data.attributes).toMatchObject({ display_name: "Renamed", design_count: 1 });
  });
});
