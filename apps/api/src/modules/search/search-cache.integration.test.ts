import { STUDIO_API } from "@threadfolk/contract/studio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildDesign } from "../../../test/factories/catalogue.ts";
import { buildReadyUpload, publishThroughStudio } from "../../../test/factories/studio.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";

/**
 * The search result cache as shipped (decision 047): a repeated search is answered from memory, and this
 * instance's catalogue changes (publish, edit, deactivate) show in the next search at once.
 */
let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({ env: { SEARCH_CACHE_SECONDS: "600", DISCOVERY_CACHE_SECONDS: "600" } });
});

afterAll(async () => {
  await server.close();
});

const search = (query: string) =>
  server.request(`/api/v1/internal_design_collections?query=${encodeURIComponent(query)}&page=1`);
const ids = (body: { data: Array<{ id: string }> }) => body.data.map((card) => card.id);

async function newArtist() {
  const user = await createTestUser(server.database.db);
  const { access_token: token } = await signIn(server, user.email, user.password);
  const opened = await server.request("/api/v1/seller_profile", {
    method: "POST",
    token,
    body: {
      seller_profile: {
        display_name: "Cache Fox",
        unique_username: `cachefox${Date.now() % 100000}`,
        accept_terms: true,
      },
    },
  });
  expect(opened.status, opened.text).toBe(201);
  return { user, token };
}

describe("search result cache", () => {
  it("answers a repeated search from memory, echoing each request's own query", async () => {
    const artist = await buildArtist(server.database.db, { displayName: "Lena Brook" });
    await buildDesign(server.database.db, { artist, displayName: "Marmalade Heron" });
    const first = await search("marmalade heron");
    expect(first.body.meta.total_count).toBe(1);
    // Written behind the services' back (no generation bump), so only a fresh search could find it.
    await buildDesign(server.database.db, { artist, displayName: "Marmalade Heron Twins" });
    const again = await search("  Marmalade  HERON! ");
    expect(again.status).toBe(200);
    expect(again.body.meta).toMatchObject({ total_count: 1, query: "  Marmalade  HERON! ", sort: "relevance" });
    expect(ids(again.body)).toEqual(ids(first.body));
    // Another page or sort is another entry.
    expect(
      (await server.request("/api/v1/internal_design_collections?query=marmalade&sort=newest")).body.meta.total_count,
    ).toBe(2);
  });

  it("shows a publish, a price change and a deactivation in the next search of the same words", async () => {
    const artist = await newArtist();
    const before = await search("quokka lantern");
    expect(before.body.meta.total_count).toBe(0);

    const upload = await buildReadyUpload(server.database.db, server.context.storage, { userId: artist.user.id });
    const designId = await publishThroughStudio(server, artist.token, {
      uploadId: upload.id,
      title: "Quokka Lantern",
      description: "A quokka with a lantern.",
      tags: ["quokka"],
    });

    const after = await search("quokka lantern");
    expect(after.body.meta.total_count).toBe(1);
    expect(ids(after.body)).toEqual([designId]);
    expect(after.body.data[0].price).toBe("$26.00");
    // The home payload's recent designs let go of their cached copy too.
    const home = await server.request("/api/v1/internal_design_collections");
    expect(home.body.recent.attributes.home_page_preview[0].id).toBe(designId);

    const edited = await server.request(`/api/v1/seller_designs/${designId}`, {
      method: "PATCH",
      token: artist.token,
      body: { seller_design: { products: [{ garment_style_key: "mens_tee", price_cents: 3100 }] } },
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await search("quokka lantern")).body.data[0].price).toBe("$31.00");

    const hidden = await server.request(STUDIO_API.deactivateDesign, {
      method: "POST",
      token: artist.token,
      body: { uuid: designId },
    });
    expect(hidden.status, hidden.text).toBe(200);
    expect((await search("quokka lantern")).body.meta.total_count).toBe(0);
  });
});

describe("search concurrency limit", () => {
  it("answers 503 with Retry-After in the API error shape to searches that wait past the queue timeout", async () => {
    // One search at a time, and a queue that gives up after 1 ms: of many different searches sent at once,
    // those that find the slot taken fail (a search is several database round trips, far above 1 ms).
    const limited = await getTestServer({
      database: server.database,
      env: { SEARCH_CONCURRENCY: "1", SEARCH_QUEUE_TIMEOUT_MS: "1", SEARCH_CACHE_SECONDS: "0" },
    });
    try {
      const queries = ["heron", "quokka", "lantern", "twins", "marmalade", "fox", "brook", "owl", "moth", "kite"];
      const replies = await Promise.all(
        queries.map((query) =>
          limited.request(`/api/v1/internal_design_collections?query=${encodeURIComponent(query)}`),
        ),
      );
      const statuses = replies.map((reply) => reply.status);
      expect(statuses).toContain(200);
      expect(statuses).toContain(503);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
      const refused = replies.find((reply) => reply.status === 503);
      expect(refused?.headers.get("retry-after")).toBe("1");
      expect(refused?.body).toMatchObject({ error: { code: "service_unavailable" } });
      // Nothing stays queued: the next search runs.
      expect((await limited.request("/api/v1/internal_design_collections?query=heron")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
