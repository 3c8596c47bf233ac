import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/test-database.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { grantProductionCleanImages } from "./clean-image-grants.ts";
import { artworkKey, GARMENTS, isCleanMediaKey, mockupKey, storageKeyOf } from "./media-keys.ts";
import {
  buildCleanDesignImageUrls,
  buildWatermarkedImageUrls,
  getMediaUrlSecret,
  mediaSignature,
  signCleanMediaUrl,
  signMediaUrl,
} from "./media-urls.ts";
import { renderSampleArtwork } from "./sample-artwork.ts";

let server: TestServer;
let secret: Buffer;
const design = randomUUID();
const dataDirs = [
  `/tmp/threadfolk-media-test-${process.pid}-${Date.now()}`,
  `/tmp/threadfolk-media-shared-${process.pid}-${Date.now()}`,
];

beforeAll(async () => {
  server = await getTestServer({ env: { DATA_DIR: dataDirs[0] as string } });
  secret = await getMediaUrlSecret(server.context);
  await server.context.storage.put(artworkKey(design), await renderSampleArtwork("MEDIA", 500), "image/png");
});

afterAll(async () => {
  await server.close();
  await Promise.all(dataDirs.map((directory) => fs.rm(directory, { recursive: true, force: true })));
});

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");

/** A signed URL for any key: clean design images through a production grant of their design. */
function signAnyMediaUrl(key: string): string {
  if (!isCleanMediaKey(key)) return signMediaUrl({ key, secret });
  const grant = grantProductionCleanImages({ designUuid: key.split("/")[1] as string });
  return signCleanMediaUrl({ grant, key, secret });
}

describe("GET /media/*", () => {
  it("renders an absent mockup on first request, stores it and serves it with immutable caching", async () => {
    const key = mockupKey({ designUuid: design, variant: "watermarked", garment: "tee", color: "navy", width: 320 });
    expect(await server.context.storage.exists(storageKeyOf(key))).toBe(false);
    const url = signMediaUrl({ key, secret });
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const exp = Number(new URL(url, server.url).searchParams.get("exp"));
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1]);
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+, immutable$/);
    expect(Math.abs(maxAge - (exp - Math.floor(Date.now() / 1000)))).toBeLessThanOrEqual(2);
    expect(maxAge).toBeGreaterThanOrEqual(7 * 86_400 - 2);
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ format: "webp", width: 320, height: 320 });
    expect(await server.context.storage.exists(storageKeyOf(key))).toBe(true);

    const head = await fetch(`${server.url}${url}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect(head.headers.get("etag")).toBe(etag);
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const revalidated = await fetch(`${server.url}${url}`, { headers: { "if-none-match": etag as string } });
    expect(revalidated.status).toBe(304);
  });

  it("renders every garment on first request, through the signed URLs the discovery API hands out", async () => {
    for (const garment of GARMENTS) {
      const urls = buildWatermarkedImageUrls({ designUuid: design, secret, garment, colors: ["black"] });
      const small = urls.black?.srcSet.split(", ")[0]?.split(" ")[0] as string;
      expect(small, garment).toContain(`/watermarked/${garment}-black-320.webp?`);
      const key = mockupKey({ designUuid: design, variant: "watermarked", garment, color: "black", width: 320 });
      expect(await server.context.storage.exists(storageKeyOf(key))).toBe(false);
      const response = await fetch(`${server.url}${pathOf(small)}`);
      expect(response.status, garment).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      const body = Buffer.from(await response.arrayBuffer());
      expect(await sharp(body).metadata(), garment).toMatchObject({ format: "webp", width: 320, height: 320 });
      expect(await server.context.storage.exists(storageKeyOf(key)), garment).toBe(true);
    }
  });

  it("serves stored sources with their own content type", async () => {
    const response = await fetch(`${server.url}${signAnyMediaUrl(artworkKey(design))}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
  });

  it("renders and serves clean mockups for a grant, privately cached and unlike the watermarked ones", async () => {
    const grant = grantProductionCleanImages({ designUuid: design });
    const clean = buildCleanDesignImageUrls({ grant, secret, colors: ["red"], garment: "tank-top" }).red;
    const watermarked = buildWatermarkedImageUrls({ designUuid: design, secret, colors: ["red"], garment: "tank-top" });
    const [plain, marked] = await Promise.all(
      [clean?.src, watermarked.red?.src].map((url) => fetch(`${server.url}${pathOf(url as string)}`)),
    );
    expect(plain?.status).toBe(200);
    expect(plain?.headers.get("cache-control")).toMatch(/^private, max-age=\d+, immutable$/);
    expect(Number(/max-age=(\d+)/.exec(plain?.headers.get("cache-control") ?? "")?.[1])).toBeLessThanOrEqual(7200);
    expect(marked?.headers.get("cache-control")).toMatch(/^public, /);
    const [plainBody, markedBody] = await Promise.all([plain, marked].map(async (response) => response?.arrayBuffer()));
    expect(Buffer.from(plainBody as ArrayBuffer).equals(Buffer.from(markedBody as ArrayBuffer))).toBe(false);
    expect(
      await server.context.storage.exists(
        storageKeyOf(
          mockupKey({ designUuid: design, variant: "mockups", garment: "tank-top", color: "red", width: 640 }),
        ),
      ),
    ).toBe(true);
  });

  it("rejects missing, tampered and expired signatures with a 403 JSON error", async () => {
    const key = mockupKey({ designUuid: design, variant: "watermarked", garment: "tee", color: "white", width: 640 });
    const url = new URL(signMediaUrl({ key, secret }), server.url);
    const exp = url.searchParams.get("exp") as string;
    const sig = url.searchParams.get("sig") as string;
    const past = Math.floor(Date.now() / 1000) - 60;
    const cases: Array<[string, string]> = [
      [`/media/${key}`, "This media link is not signed"],
      [`/media/${key}?exp=${exp}`, "This media link is not signed"],
      [`/media/${key.replace("white", "black")}?exp=${exp}&sig=${sig}`, "This media link is not valid"],
      [`/media/${key}?exp=${Number(exp) + 86_400}&sig=${sig}`, "This media link is not valid"],
      [`/media/${key}?exp=${exp}&sig=${sig.slice(0, -2)}xx`, "This media link is not valid"],
      [`/media/${key}?exp=${past}&sig=${mediaSignature(secret, key, past)}`, "This media link has expired"],
    ];
    for (const [path, message] of cases) {
      const response = await server.request(path);
      expect(response.status, path).toBe(403);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.body.error, path).toEqual({ code: "forbidden", message });
    }
    expect(await server.context.storage.exists(storageKeyOf(key))).toBe(false);
  });

  it("rejects unknown query parameters with a 422", async () => {
    const key = artworkKey(design);
    const response = await server.request(`${signAnyMediaUrl(key)}&width=9000`);
    expect(response.status).toBe(422);
    expect(response.body.error.details).toEqual([{ field: "width", message: "Unknown field" }]);
  });

  it("answers a 404 JSON error for missing objects, missing sources and keys outside the allow-lists", async () => {
    const other = randomUUID();
    for (const key of [
      artworkKey(other),
      mockupKey({ designUuid: other, variant: "mockups", garment: "tee", color: "red", width: 640 }),
      `designs/${design}/mockups/tee-red-777.webp`,
      `designs/${design}/mockups/tee-light_grey-640.webp`,
      `artists/${other}/avatar-128.webp`,
    ]) {
      const response = await server.request(signAnyMediaUrl(key));
      expect(response.status, key).toBe(404);
      expect(response.body.error.code).toBe("not_found");
      expect(await server.context.storage.exists(storageKeyOf(key))).toBe(false);
    }
    const traversal = await server.request("/media/designs/..%2F..%2Fsecret.png?exp=1&sig=x");
    expect(traversal.status).toBe(404);
  });

  it("serves the URLs the discovery API hands out", async () => {
    const urls = buildWatermarkedImageUrls({ designUuid: design, secret, colors: ["kelly"] });
    const kelly = urls.kelly;
    const small = kelly?.srcSet.split(", ")[0]?.split(" ")[0] as string;
    const response = await fetch(`${server.url}${pathOf(small)}`);
    expect(response.status).toBe(200);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 320 });
  });
});

describe("media URL secret", () => {
  let database: DatabaseHandle;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { DATA_DIR: dataDirs[1] as string };
    [first, second] = await Promise.all([getTestServer({ database, env }), getTestServer({ database, env })]);
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await database?.close();
  });

  it("is generated once in app_settings and shared by every instance on the database", async () => {
    const [a, b] = await Promise.all([getMediaUrlSecret(first.context), getMediaUrlSecret(second.context)]);
    expect(a.equals(b)).toBe(true);
    expect(a.length).toBe(32);
    const key = `artists/${design}/avatar.png`;
    expect(signMediaUrl({ key, secret: a })).toBe(signMediaUrl({ key, secret: b }));
    // Each instance accepts the other's links.
    await first.context.storage.put(key, Buffer.from("fake png"), "image/png");
    const response = await second.request(signMediaUrl({ key, secret: a }));
    expect(response.status).toBe(200);
    // And a different database means a different secret.
    expect(a.equals(secret)).toBe(false);
  });

  it("derives from SECRET_KEY when it is set", async () => {
    const env = { SECRET_KEY: "k".repeat(40) };
    const withKey = await getMediaUrlSecret({ db: database.db, config: env });
    expect(withKey.equals(await getMediaUrlSecret(first.context))).toBe(false);
    expect(withKey.equals(await getMediaUrlSecret({ db: server.context.db, config: env }))).toBe(true);
  });
});
