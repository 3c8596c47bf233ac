import { request as httpRequest } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements, recordStatements, type StatementRecorder } from "../../../test/count-statements.ts";
import { buildArtist, buildCollectionItem, buildDesign, buildSale } from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";

/**
 * The SQL statements of the two most requested discovery replies, pinned (decision 049), counted at the driver
 * the same way on PGlite and PostgreSQL, with the caches off:
 *
 * home collections (1): every collection, the ids of its first cards and all their card rows, one JSON document.
 * design detail (1): the design, its artist, variants, card and more by its artist, one JSON document.
 * another garment's images of a design (1): the design's offered colours and its variants' styles.
 *
 * Neither grows with the number of collections, cards, variants or colours. A change here is a decision.
 */
const HOME_STATEMENTS = 1;
const DESIGN_DETAIL_STATEMENTS = 1;
const GARMENT_IMAGES_STATEMENTS = 1;

let server: TestServer;
let recorder: StatementRecorder;

beforeAll(async () => {
  server = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "0" } });
  recorder = recordStatements(server.database);
});

afterAll(async () => {
  recorder.restore();
  await server.close();
});

/** A GET with `Accept-Encoding: br` (fetch would decode it): status, headers and the raw body. */
function getRaw(base: string, path: string, acceptEncoding = "br") {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const outgoing = httpRequest(`${base}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("statements per request", () => {
  it("answers the home collections in one statement, whatever is in them", async () => {
    const artist = await buildArtist(server.database.db);
    for (let index = 0; index < 3; index++) {
      const { design } = await buildDesign(server.database.db, { artist });
      await buildCollectionItem(server.database.db, { collectionKey: "anime", design, position: index });
    }
    await buildSale(server.database.db);
    // The first request may read the app's media secret; it is kept for the process.
    await server.request("/api/v1/internal_design_collections");
    let body: { anime: { attributes: { home_page_preview: unknown[] } } } | undefined;
    const { count, list } = await countStatements(recorder, async () => {
      body = (await server.request("/api/v1/internal_design_collections")).body;
    });
    expect(count, list).toBe(HOME_STATEMENTS);
    expect(body?.anime.attributes.home_page_preview).toHaveLength(3);
  });

  it("answers a design page in one statement, with its variants and more by its artist", async () => {
    const artist = await buildArtist(server.database.db);
    const { design } = await buildDesign(server.database.db, {
      artist,
      garmentStyleKeys: ["mens_tee", "womens_tee", "hoodie"],
    });
    for (let index = 0; index < 3; index++) await buildDesign(server.database.db, { artist });
    await server.request(`/api/v1/designs/${design.id}`);
    let attributes: { variants: unknown[]; more_by_artist: unknown[] } | undefined;
    const { count, list } = await countStatements(recorder, async () => {
      attributes = (await server.request(`/api/v1/designs/${design.id}`)).body.data.attributes;
    });
    expect(count, list).toBe(DESIGN_DETAIL_STATEMENTS);
    expect(attributes?.variants).toHaveLength(3);
    expect(attributes?.more_by_artist).toHaveLength(3);
    const images = await countStatements(recorder, async () => {
      expect((await server.request(`/api/v1/designs/${design.id}/images/hoodie`)).status).toBe(200);
    });
    expect(images.count, images.list).toBe(GARMENT_IMAGES_STATEMENTS);
  });
});

describe("kept compressed replies", () => {
  it("sends the home collections as brotli that decodes to the same JSON, with a fresh event id each time", async () => {
    const cached = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "60" } });
    try {
      await buildCollectionItem(cached.database.db, { collectionKey: "anime" });
      const plain = await cached.request("/api/v1/internal_design_collections", {
        headers: { "accept-encoding": "identity" },
      });
      const first = await getRaw(cached.url, "/api/v1/internal_design_collections");
      const second = await getRaw(cached.url, "/api/v1/internal_design_collections");
      for (const reply of [first, second]) {
        expect(reply.status).toBe(200);
        expect(reply.headers["content-encoding"]).toBe("br");
        expect(reply.headers.vary).toContain("Accept-Encoding");
        expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
      }
      const decoded = [first, second].map((reply) => JSON.parse(brotliDecompressSync(reply.body).toString()));
      expect(decoded[0].event_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(decoded[1].event_id).not.toBe(decoded[0].event_id);
      const { event_id: _plainId, ...plainCollections } = plain.body;
      for (const body of decoded) {
        const { event_id: _id, ...collections } = body;
        expect(collections).toEqual(plainCollections);
      }
      expect(plainCollections.anime.attributes.home_page_preview).toHaveLength(1);
    } finally {
      await cached.close();
    }
  });

  it("sends a design page as brotli to clients that take it, and as gzip or text to the others", async () => {
    const { design } = await buildDesign(server.database.db, { garmentStyleKeys: ["mens_tee", "womens_tee"] });
    const path = `/api/v1/designs/${design.id}`;
    const plain = await server.request(path, { headers: { "accept-encoding": "identity" } });
    const brotli = await getRaw(server.url, path, "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(plain.body);
    const gzip = await getRaw(server.url, path, "gzip, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const identity = await getRaw(server.url, path, "identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(identity.body.toString())).toEqual(plain.body);
  });
});
