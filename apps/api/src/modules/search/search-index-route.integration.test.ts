import { STUDIO_API } from "@threadfolk/contract/studio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReadyUpload, publishThroughStudio } from "../../../test/factories/studio.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";

/**
 * The search index behind the results route (decision 048): this instance's writes show in the next search
 * (SQL answers while the index is rebuilt), and once rebuilt the index answers without counting against the
 * per-address search limit (which only searches that SQL runs pay).
 */
let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({
    env: {
      SEARCH_INDEX: "on",
      SEARCH_CACHE_SECONDS: "0",
      DISCOVERY_CACHE_SECONDS: "0",
      SEARCH_RATE_LIMIT_PER_IP: "3",
      SEARCH_RATE_LIMIT_WINDOW_SECONDS: "1",
    },
  });
});

afterAll(async () => {
  await server.close();
});

const search = (query: string) =>
  server.request(`/api/v1/internal_design_collections?query=${encodeURIComponent(query)}&page=1`);
const ids = (body: { data: Array<{ id: string }> }) => body.data.map((card) => card.id);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until six searches in a row pass a limit of three a second: only index answers do. */
async function untilIndexAnswers(
  query: string,
): Promise<Array<{ status: number; body: { data: Array<{ id: string }> } }>> {
  for (let attempt = 0; attempt < 40; attempt++) {
    await pause(1100);
    const replies = [];
    for (let count = 0; count < 6; count++) replies.push(await search(query));
    if (replies.every((reply) => reply.status === 200)) return replies;
  }
  throw new Error("the search index never answered");
}

describe("search index behind the results route", () => {
  it("shows a publish and a deactivation at once, and answers from the index once rebuilt", async () => {
    const user = await createTestUser(server.database.db);
    const { access_token: token } = await signIn(server, user.email, user.password);
    const opened = await server.request("/api/v1/seller_profile", {
      method: "POST",
      token,
      body: { seller_profile: { display_name: "Index Fox", unique_username: "indexfox", accept_terms: true } },
    });
    expect(opened.status, opened.text).toBe(201);
    const upload = await buildReadyUpload(server.database.db, server.context.storage, { userId: user.id });
    const designId = await publishThroughStudio(server, token, {
      uploadId: upload.id,
      title: "Wombat Lighthouse",
      description: "A wombat keeping a lighthouse.",
      tags: ["wombat"],
    });

    // At once (SQL while the index is rebuilt after the publish's generation bump).
    const first = await search("wombat lighthous");
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual([designId]);

    // Then from the index: more searches than the limit allows, all answered, with the same page.
    for (const reply of await untilIndexAnswers("wombat lighthous")) expect(ids(reply.body)).toEqual([designId]);

    const hidden = await server.request(STUDIO_API.deactivateDesign, {
      method: "POST",
      token,
      body: { uuid: designId },
    });
    expect(hidden.status, hidden.text).toBe(200);
    const after = await search("wombat lighthous");
    expect(after.status).toBe(200);
    expect(after.body.meta.total_count).toBe(0);
  }, 120_000);
});
