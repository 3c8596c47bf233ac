import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildDesign } from "../../../test/factories/catalogue.ts";
import { createTestUser } from "../../../test/factories/users.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { findArtistCounts } from "../discovery/queries.ts";
import { findArtistCountsByIds } from "./queries.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

async function signedInCustomer() {
  const user = await createTestUser(server.database.db);
  const tokens = await signIn(server, user.email, user.password);
  return { user, token: tokens.access_token };
}

function follow(token: string | undefined, sellerProfileId: unknown) {
  return server.request("/api/v1/artist_follows", {
    method: "POST",
    token,
    body: { artist_follow: { seller_profile_id: sellerProfileId } },
  });
}

function unfollow(token: string | undefined, sellerProfileId: string) {
  return server.request(`/api/v1/artist_follows/${sellerProfileId}`, { method: "DELETE", token });
}

const storefrontFollowers = async (artistId: string) =>
  (await server.request(`/api/v1/artists/${artistId}`)).body.data.attributes.follower_count as number;

describe("follows", () => {
  it("follows once however often it is asked (201 then 200) and counts followers on the storefront", async () => {
    const { token } = await signedInCustomer();
    const other = await signedInCustomer();
    const artist = await buildArtist(server.database.db);
    expect(await storefrontFollowers(artist.id)).toBe(0);

    const first = await follow(token, artist.id);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      data: {
        id: artist.id,
        type: "artist_follow",
        attributes: { seller_profile_id: artist.id, following: true, follower_count: 1 },
      },
      followed_seller_uuids: [artist.id],
    });
    const second = await follow(token, artist.id.toUpperCase());
    expect(second.status).toBe(200);
    expect(second.body.data.attributes.follower_count).toBe(1);
    const racing = await Promise.all([follow(other.token, artist.id), follow(other.token, artist.id)]);
    expect(racing.map((response) => response.status).sort()).toEqual([200, 201]);
    expect(await storefrontFollowers(artist.id)).toBe(2);

    const info = await server.request("/api/v1/user_info", { token });
    expect(info.body.followed_seller_uuids).toEqual([artist.id]);
  });

  it("unfollows idempotently; unknown artists are 404", async () => {
    const { token } = await signedInCustomer();
    const artist = await buildArtist(server.database.db);
    await follow(token, artist.id);
    const first = await unfollow(token, artist.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      data: { attributes: { following: false, follower_count: 0 } },
      followed_seller_uuids: [],
    });
    const second = await unfollow(token, artist.id);
    expect(second.status).toBe(200);
    expect(second.body.followed_seller_uuids).toEqual([]);
    expect(await storefrontFollowers(artist.id)).toBe(0);
    expect((await unfollow(token, crypto.randomUUID())).status).toBe(404);
    expect((await unfollow(token, "not-a-uuid")).status).toBe(404);
    expect((await follow(token, crypto.randomUUID())).status).toBe(404);
  });

  it("refuses to let users follow their own storefront (422) and malformed ids", async () => {
    const { user, token } = await signedInCustomer();
    const ownProfile = await buildArtist(server.database.db, { userId: user.id });
    const response = await follow(token, ownProfile.id);
    expect(response.status).toBe(422);
    expect(response.body.error.details).toEqual([
      { field: "artist_follow.seller_profile_id", message: "You cannot follow yourself" },
    ]);
    for (const body of [{}, { artist_follow: {} }, { artist_follow: { seller_profile_id: 12 } }]) {
      const bad = await server.request("/api/v1/artist_follows", { method: "POST", token, body });
      expect(bad.status, JSON.stringify(body)).toBe(422);
    }
    const extra = await server.request("/api/v1/artist_follows", {
      method: "POST",
      token,
      body: { artist_follow: { seller_profile_id: ownProfile.id, notify: true } },
    });
    expect(extra.status).toBe(422);
  });

  it("lists followed artists newest follow first with avatar, counts and their latest four designs as cards", async () => {
    const { token } = await signedInCustomer();
    const fan = await signedInCustomer();
    const painter = await buildArtist(server.database.db, {
      displayName: "Painter",
      avatarKey: "artists/x/avatar.png",
    });
    const sculptor = await buildArtist(server.database.db, { displayName: "Sculptor" });
    const published: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const { design } = await buildDesign(server.database.db, {
        artist: painter,
        displayName: `Painting ${index}`,
        publishedAt: new Date(Date.now() - (10 - index) * 60_000),
      });
      published.push(design.id);
    }
    await buildDesign(server.database.db, { artist: painter, status: "deactivated" });
    await follow(token, painter.id);
    await follow(fan.token, painter.id);
    await follow(token, sculptor.id);

    const list = await server.request("/api/v1/artist_follows", { token });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ total_count: 2, page: 1, per_page: 24, total_pages: 1 });
    expect(
      list.body.data.map((entry: { attributes: { display_name: string } }) => entry.attributes.display_name),
    ).toEqual(["Sculptor", "Painter"]);
    const entry = list.body.data[1];
    expect(entry).toMatchObject({
      id: painter.id,
      type: "artist",
      attributes: {
        uuid: painter.id,
        unique_username: painter.uniqueUsername,
        design_count: 5,
        follower_count: 2,
        followed_at: expect.any(String),
      },
    });
    expect(entry.attributes.avatar.src).toMatch(/^\/media\//);
    expect(list.body.data[0].attributes.avatar).toBeNull();
    expect(entry.attributes.latest_designs.map((card: { uuid: string }) => card.uuid)).toEqual(
      [...published].reverse().slice(0, 4),
    );
    expect(entry.attributes.latest_designs[0]).toMatchObject({ artist_uuid: painter.id, display_name: "Painting 4" });
    expect(list.body.data[0].attributes.latest_designs).toEqual([]);
    expect((await server.request("/api/v1/artist_follows?page=2", { token })).body.data).toEqual([]);
    expect((await server.request("/api/v1/artist_follows?page=x", { token })).status).toBe(422);
    // Nobody else's follows leak into the list.
    const fanList = await server.request("/api/v1/artist_follows", { token: fan.token });
    expect(fanList.body.data.map((item: { id: string }) => item.id)).toEqual([painter.id]);
  });

  it("counts a page of artists in one query exactly as the storefront counts each one", async () => {
    const db = server.database.db;
    const busy = await buildArtist(db);
    const quiet = await buildArtist(db);
    const hidden = await buildArtist(db);
    for (let index = 0; index < 3; index += 1) await buildDesign(db, { artist: busy });
    await buildDesign(db, { artist: busy, status: "deactivated" });
    await buildDesign(db, { artist: hidden, status: "deactivated" });
    await buildDesign(db, { artist: hidden, publishedAt: new Date(Date.now() + 3_600_000) });
    const fans = await Promise.all([signedInCustomer(), signedInCustomer()]);
    for (const fan of fans) await follow(fan.token, busy.id);
    await follow(fans[0].token, hidden.id);

    const ids = [busy.id, quiet.id, hidden.id, crypto.randomUUID()];
    const batch = await findArtistCountsByIds({ db, artistIds: ids });
    for (const artistId of ids) {
      expect(batch.get(artistId), artistId).toEqual(await findArtistCounts({ db, artistId }));
    }
    expect(batch.get(busy.id)).toEqual({ designCount: 3, followerCount: 2 });
    expect(batch.get(hidden.id)).toEqual({ designCount: 0, followerCount: 1 });
    expect((await findArtistCountsByIds({ db, artistIds: [] })).size).toBe(0);
  });

  it("answers 401 to guests and requests without a token on every endpoint", async () => {
    const guest = (await obtainGuestTokens(server)).access_token;
    const artist = await buildArtist(server.database.db);
    for (const token of [guest, undefined]) {
      expect((await follow(token, artist.id)).status).toBe(401);
      expect((await unfollow(token, artist.id)).status).toBe(401);
      expect((await server.request("/api/v1/artist_follows", { token })).status).toBe(401);
    }
    expect(await storefrontFollowers(artist.id)).toBe(0);
  });
});
