import { toCamelKeys } from "@threadfolk/contract/case";
import { STOREFRONT_COLLECTION_LIMITS, STOREFRONT_COLLECTION_MESSAGES, STUDIO_API } from "@threadfolk/contract/studio";
import {
  storefrontCollectionResponseSchema,
  storefrontCollectionsResponseSchema,
} from "@threadfolk/contract/studio-sales";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesign } from "../../../test/factories/catalogue.ts";
import { signInNewArtist } from "../../../test/studio-actors.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { COLLECTION_DESIGN_MESSAGES } from "./manage-collections.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

type Body = { name?: unknown; design_uuids?: unknown; position?: unknown };

function create(token: string, collection: Body) {
  return server.request(STUDIO_API.storefrontCollections, {
    method: "POST",
    token,
    body: { storefront_collection: collection },
  });
}

function update(token: string, id: string, collection: Body) {
  return server.request(STUDIO_API.storefrontCollection(id), {
    method: "PATCH",
    token,
    body: { storefront_collection: collection },
  });
}

async function list(token: string) {
  const response = await server.request(STUDIO_API.storefrontCollections, { token });
  expect(response.status, response.text).toBe(200);
  return storefrontCollectionsResponseSchema.parse(toCamelKeys(response.body)).data;
}

async function created(token: string, collection: Body) {
  const response = await create(token, collection);
  expect(response.status, response.text).toBe(201);
  return storefrontCollectionResponseSchema.parse(toCamelKeys(response.body)).data;
}

describe("storefront collections", () => {
  it("creates, lists, renames, refills, reorders and deletes the artist's sections", async () => {
    const { db } = server.database;
    const { artist, token } = await signInNewArtist(server);
    const [a, b, c] = [
      await buildDesign(db, { artist, displayName: "Alpha" }),
      await buildDesign(db, { artist, displayName: "Beta" }),
      await buildDesign(db, { artist, displayName: "Gamma" }),
    ];
    const cats = await created(token, { name: "  Cats ", design_uuids: [b?.design.id, a?.design.id] });
    expect(cats.attributes).toEqual({ name: "Cats", position: 0, designUuids: [b?.design.id, a?.design.id] });
    const dogs = await created(token, { name: "Dogs", design_uuids: [] });
    expect(dogs.attributes.position).toBe(1);
    // A new section at position 0 moves the others down.
    const birds = await created(token, { name: "Birds", design_uuids: [c?.design.id.toUpperCase()], position: 0 });
    expect(birds.attributes).toMatchObject({ position: 0, designUuids: [c?.design.id] });
    expect((await list(token)).map((row) => [row.attributes.name, row.attributes.position])).toEqual([
      ["Birds", 0],
      ["Cats", 1],
      ["Dogs", 2],
    ]);

    const renamed = await update(token, cats.id, { name: "Cats & Kittens", design_uuids: [a?.design.id] });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data.attributes).toMatchObject({ name: "Cats & Kittens", design_uuids: [a?.design.id] });
    const moved = await update(token, dogs.id, { position: 0 });
    expect(moved.body.data.attributes.position).toBe(0);
    expect((await list(token)).map((row) => row.attributes.name)).toEqual(["Dogs", "Birds", "Cats & Kittens"]);
    // A position past the end puts it last.
    await update(token, dogs.id, { position: 999 });
    expect((await list(token)).map((row) => row.attributes.name)).toEqual(["Birds", "Cats & Kittens", "Dogs"]);

    const read = await server.request(STUDIO_API.storefrontCollection(birds.id), { token });
    expect(read.status).toBe(200);
    expect(read.body.data.attributes.name).toBe("Birds");

    const deleted = await server.request(STUDIO_API.storefrontCollection(birds.id), { method: "DELETE", token });
    expect(deleted.status).toBe(204);
    expect((await list(token)).map((row) => [row.attributes.name, row.attributes.position])).toEqual([
      ["Cats & Kittens", 0],
      ["Dogs", 1],
    ]);
    expect((await server.request(STUDIO_API.storefrontCollection(birds.id), { token })).status).toBe(404);
  });

  it("shows the sections on the public storefront with live designs only, in order", async () => {
    const { db } = server.database;
    const { artist, token } = await signInNewArtist(server);
    const first = await buildDesign(db, { artist, displayName: "First" });
    const hidden = await buildDesign(db, { artist, displayName: "Hidden" });
    const last = await buildDesign(db, { artist, displayName: "Last" });
    await created(token, { name: "Later", design_uuids: [] });
    await created(token, {
      name: "Best",
      design_uuids: [last.design.id, hidden.design.id, first.design.id],
      position: 0,
    });
    await server.request(STUDIO_API.deactivateDesign, { method: "POST", token, body: { uuid: hidden.design.id } });
    for (const key of [artist.id, artist.uniqueUsername]) {
      const storefront = await server.request(`/api/v1/artists/${key}`);
      expect(storefront.status).toBe(200);
      const sections = storefront.body.collections as Array<{
        id: string;
        name: string;
        designs: Array<{ uuid: string; display_name: string }>;
      }>;
      expect(sections.map((section) => section.name)).toEqual(["Best", "Later"]);
      expect((sections[0]?.designs ?? []).map((card) => card.display_name)).toEqual(["Last", "First"]);
      expect(sections[0]?.designs[0]).toMatchObject({ uuid: last.design.id, price: "$24.99" });
      expect(sections[1]?.designs).toEqual([]);
    }
    // The studio still lists the deactivated design in the section (it comes back when reactivated).
    const [best] = await list(token);
    expect(best?.attributes.designUuids).toEqual([last.design.id, hidden.design.id, first.design.id]);
    // An artist without collections has none.
    const { artist: plain } = await signInNewArtist(server);
    expect((await server.request(`/api/v1/artists/${plain.id}`)).body.collections).toEqual([]);
  });

  it("keeps names unique per artist regardless of case", async () => {
    const { token } = await signInNewArtist(server);
    const other = await signInNewArtist(server);
    const summer = await created(token, { name: "Summer", design_uuids: [] });
    for (const response of [
      await create(token, { name: "SUMMER", design_uuids: [] }),
      await update(token, (await created(token, { name: "Winter", design_uuids: [] })).id, { name: " summer" }),
    ]) {
      expect(response.status).toBe(422);
      expect(response.body.error.details).toEqual([
        { field: "storefront_collection.name", message: STOREFRONT_COLLECTION_MESSAGES.nameTaken },
      ]);
    }
    // Renaming to its own name in another case is fine; another artist may use the name.
    expect((await update(token, summer.id, { name: "SUMMER" })).status).toBe(200);
    expect((await create(other.token, { name: "summer", design_uuids: [] })).status).toBe(201);
  });

  it("answers concurrent creations of one name with one 201 and 422s, never a 5xx", async () => {
    const { token } = await signInNewArtist(server);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => create(token, { name: index % 2 ? "Same" : "SAME", design_uuids: [] })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    for (const response of responses.filter((candidate) => candidate.status === 422)) {
      expect(response.body.error.message).toBe(STOREFRONT_COLLECTION_MESSAGES.nameTaken);
    }
    expect((await list(token)).map((row) => row.attributes.position)).toEqual([0]);
  });

  it(`allows at most ${STOREFRONT_COLLECTION_LIMITS.collections} collections`, async () => {
    const { token } = await signInNewArtist(server);
    for (let index = 0; index < STOREFRONT_COLLECTION_LIMITS.collections; index++) {
      await created(token, { name: `Section ${index}`, design_uuids: [] });
    }
    const over = await create(token, { name: "One too many", design_uuids: [] });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe(STOREFRONT_COLLECTION_MESSAGES.tooMany);
  });

  it("takes only the artist's own designs, each once", async () => {
    const { db } = server.database;
    const { artist, token } = await signInNewArtist(server);
    const mine = await buildDesign(db, { artist });
    const theirs = await buildDesign(db);
    const foreign = await create(token, { name: "Mixed", design_uuids: [mine.design.id, theirs.design.id] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.details).toEqual([
      { field: "storefront_collection.design_uuids.1", message: COLLECTION_DESIGN_MESSAGES.notYours },
    ]);
    const unknown = await create(token, { name: "Mixed", design_uuids: [crypto.randomUUID()] });
    expect(unknown.status).toBe(422);
    const twice = await create(token, { name: "Mixed", design_uuids: [mine.design.id, mine.design.id] });
    expect(twice.status).toBe(422);
    expect(twice.body.error.message).toBe(COLLECTION_DESIGN_MESSAGES.duplicate);
    const section = await created(token, { name: "Mine", design_uuids: [mine.design.id] });
    const refill = await update(token, section.id, { design_uuids: [theirs.design.id] });
    expect(refill.status).toBe(422);
    expect((await list(token))[0]?.attributes.designUuids).toEqual([mine.design.id]);
  });

  it("refuses bad input with 4xx", async () => {
    const { token } = await signInNewArtist(server);
    const section = await created(token, { name: "Ok", design_uuids: [] });
    const bodies: unknown[] = [
      {},
      { storefront_collection: {} },
      { storefront_collection: { name: "", design_uuids: [] } },
      { storefront_collection: { name: "x".repeat(61), design_uuids: [] } },
      { storefront_collection: { name: "A", design_uuids: ["nope"] } },
      { storefront_collection: { name: "A", design_uuids: "nope" } },
      { storefront_collection: { name: "A", design_uuids: [], position: -1 } },
      { storefront_collection: { name: "A", design_uuids: [], position: 1.5 } },
      { storefront_collection: { name: "A", design_uuids: [], extra: true } },
      { storefront_collection: { name: ["A"], design_uuids: [] } },
    ];
    for (const body of bodies) {
      const response = await server.request(STUDIO_API.storefrontCollections, { method: "POST", token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const patch = await server.request(STUDIO_API.storefrontCollection(section.id), {
      method: "PATCH",
      token,
      body: { storefront_collection: { colour: "red" } },
    });
    expect(patch.status).toBe(422);
    for (const id of ["not-a-uuid", "1", crypto.randomUUID()]) {
      expect((await server.request(STUDIO_API.storefrontCollection(id), { token })).status).toBe(404);
      expect((await update(token, id, { name: "X" })).status).toBe(404);
    }
    expect((await server.request(`${STUDIO_API.storefrontCollections}?page=2`, { token })).status).toBe(422);
  });
});
