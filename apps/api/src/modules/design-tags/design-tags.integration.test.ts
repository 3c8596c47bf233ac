import { DESIGN_TAG_SUGGESTION_LIMITS } from "@threadfolk/contract/studio-designer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildDesign } from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";

let server: TestServer;
const tags = (query: string) => server.request(`/api/v1/design_tags?query=${encodeURIComponent(query)}`);

beforeAll(async () => {
  server = await getTestServer();
  const db = server.database.db;
  const artist = await buildArtist(db);
  await buildDesign(db, { artist, tags: ["space cats", "space", "spaceship"] });
  await buildDesign(db, { artist, tags: ["space", "retro"] });
  // Only on a deactivated design, and only on a design published in the future: never suggested.
  await buildDesign(db, { artist, tags: ["spacewalk"], status: "deactivated" });
  await buildDesign(db, { artist, tags: ["spaced out"], publishedAt: new Date(Date.now() + 86_400_000) });
  await buildDesign(db, { artist, tags: Array.from({ length: 12 }, (_, index) => `retro${index}`) });
  await buildDesign(db, { artist, tags: ["100%_off"] });
});

afterAll(async () => {
  await server?.close();
});

describe("GET /api/v1/design_tags", () => {
  it("answers the distinct tags of live designs starting with the query, shortest first", async () => {
    const response = await tags("Spa");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: ["space", "spaceship", "space cats"] });
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("normalises the query as tags are stored and matches the wildcard characters literally", async () => {
    expect((await tags("  SPACE   c ")).body.data).toEqual(["space cats"]);
    expect((await tags("100%")).body.data).toEqual(["100%_off"]);
    expect((await tags("1_")).body.data).toEqual([]);
    expect((await tags("%")).body.data).toEqual([]);
  });

  it("answers at most a few suggestions", async () => {
    const response = await tags("retro");
    expect(response.body.data).toHaveLength(DESIGN_TAG_SUGGESTION_LIMITS.results);
    expect(response.body.data[0]).toBe("retro");
  });

  it("refuses a missing, empty, repeated or overlong query with a 422", async () => {
    for (const path of [
      "/api/v1/design_tags",
      "/api/v1/design_tags?query=",
      "/api/v1/design_tags?query=%20%20",
      "/api/v1/design_tags?query=a&query=b",
      `/api/v1/design_tags?query=${"a".repeat(DESIGN_TAG_SUGGESTION_LIMITS.query + 1)}`,
      "/api/v1/design_tags?query=a&page=2",
    ]) {
      const response = await server.request(path);
      expect(response.status, path).toBe(422);
      expect(response.body.error.code, path).toBe("validation_failed");
    }
  });
});
