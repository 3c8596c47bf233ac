import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildArtist,
  buildCarousel,
  buildCollectionItem,
  buildDesign,
  type Design,
} from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { grantArtistCleanImages } from "./clean-image-grants.ts";
import { artworkKey, MOCKUP_WIDTHS, storageKeyOf } from "./media-keys.ts";
import { buildCleanDesignImageUrls, getMediaUrlSecret, mediaSignature, signCleanMediaUrl } from "./media-urls.ts";
import { preparePrint, printAreaPixels, UNMARKED_MAX_WIDTH } from "./render-mockup.ts";
import { renderSampleArtwork } from "./sample-artwork.ts";

let server: TestServer;
let webDir: string;
let design: Design;
let artistId: string;
const dataDir = `/tmp/threadfolk-watermark-test-${process.pid}-${Date.now()}`;

beforeAll(async () => {
  // A minimal built web app, so the design, artist and home pages are served with their head tags.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), "tf-watermark-web-"));
  fs.writeFileSync(
    path.join(webDir, "index.html"),
    "<!doctype html><html><head><!--app-head--></head><body></body></html>",
  );
  server = await getTestServer({ env: { DISCOVERY_CACHE_SECONDS: "0", WEB_DIST_DIR: webDir, DATA_DIR: dataDir } });
  const db = server.database.db;
  const artist = await buildArtist(db, { displayName: "Watermark Artist", avatarKey: "artists/x/avatar.png" });
  artistId = artist.id;
  ({ design } = await buildDesign(db, {
    artist,
    displayName: "Guarded Shirt",
    tags: ["guarded"],
    garmentStyleKeys: ["mens_tee", "hoodie"],
    orderCount30d: 9000,
  }));
  await buildDesign(db, { artist, displayName: "Guarded Sibling" });
  await buildCollectionItem(db, { collectionKey: "anime", design, position: 0 });
  await buildCarousel(db, { assets: [{ altText: "Only slide" }] });
  await server.context.storage.put(artworkKey(design.id), await renderSampleArtwork("GUARD", 400), "image/png");
});

afterAll(async () => {
  await server.close();
  fs.rmSync(webDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every `/media/...` URL in a reply, JSON or HTML (attribute values are HTML-escaped there). */
function mediaUrlsIn(text: string): string[] {
  const found = text.match(/\/media\/[^\s"'<>,\\]+/g) ?? [];
  return [...new Set(found.map((url) => url.replaceAll("&amp;", "&")))];
}

const keyOf = (url: string) => decodeURIComponent(new URL(url, "http://x").pathname.slice("/media/".length));

/** What anyone can read without a token: the JSON replies and the server-rendered pages that name design images. */
async function collectPublicUrls(): Promise<Map<string, string[]>> {
  const sources = [
    `/api/v1/designs/${design.id}`,
    // The design page's other garment (decision 049).
    `/api/v1/designs/${design.id}/images/hoodie`,
    "/api/v1/internal_design_collections",
    "/api/v1/internal_design_collections?query=guarded",
    "/api/v1/internal_design_collections/anime",
    `/api/v1/artists/${artistId}`,
    "/api/v1/carousels?location_code=front_page",
    "/api/v1/search_suggestions?query=guard",
    `/design/${design.id}/guarded-shirt/black`,
    "/",
  ];
  const urls = new Map<string, string[]>();
  for (const source of sources) {
    const response = await server.request(source);
    expect(response.status, source).toBe(200);
    urls.set(source, mediaUrlsIn(response.text));
  }
  return urls;
}

/** Raw RGB of a served WebP. */
async function pixelsOf(url: string): Promise<Buffer> {
  const response = await fetch(`${server.url}${url}`);
  expect(response.status, url).toBe(200);
  return sharp(Buffer.from(await response.arrayBuffer()))
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Pixels of the print area where two pictures of `width` differ clearly (more than lossy encoding does). */
function markedPixels(a: Buffer, b: Buffer, width: number): number {
  const area = printAreaPixels("tee", width);
  let changed = 0;
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x; x < area.x + area.width; x++) {
      const pixel = (y * width + x) * 3;
      const difference = Math.max(
        Math.abs((a[pixel] as number) - (b[pixel] as number)),
        Math.abs((a[pixel + 1] as number) - (b[pixel + 1] as number)),
        Math.abs((a[pixel + 2] as number) - (b[pixel + 2] as number)),
      );
      if (difference > 40) changed++;
    }
  }
  return changed;
}

const urlOfWidth = (srcSet: string, width: number) =>
  srcSet
    .split(", ")
    .map((entry) => entry.split(" "))
    .find(([, descriptor]) => descriptor === `${width}w`)?.[0] as string;

describe("watermarks that protect", () => {
  it("hands the public only watermarked design images, in every reply and page that shows them", async () => {
    const urls = await collectPublicUrls();
    const designKeys = [...urls.values()]
      .flat()
      .map(keyOf)
      .filter((key) => key.startsWith("designs/"));
    // Each reply that shows the design names its images (the detail and its other garment's images: every colour
    // of both garments, 3 widths).
    const detailKeys = [
      ...(urls.get(`/api/v1/designs/${design.id}`) ?? []),
      ...(urls.get(`/api/v1/designs/${design.id}/images/hoodie`) ?? []),
    ].map(keyOf);
    expect(detailKeys.filter((key) => key.startsWith(`designs/${design.id}/`)).length).toBeGreaterThanOrEqual(
      (19 + 13) * 3,
    );
    for (const source of ["/api/v1/internal_design_collections", `/design/${design.id}/guarded-shirt/black`, "/"]) {
      expect(
        urls.get(source)?.some((url) => url.includes(`/designs/${design.id}/`)),
        source,
      ).toBe(true);
    }
    for (const key of designKeys)
      expect(key).toMatch(/^designs\/[0-9a-f-]{36}\/watermarked\/[a-z-]+-[a-z_]+-\d+\.webp$/);
    expect(designKeys.some((key) => key.endsWith("-1024.webp"))).toBe(true);
  });

  it("serves what it hands out: a watermarked image from each reply resolves, and only to a watermarked key", async () => {
    const urls = await collectPublicUrls();
    const samples = new Set<string>();
    for (const list of urls.values()) {
      const first = list.find((url) => keyOf(url).startsWith(`designs/${design.id}/`));
      if (first) samples.add(first.replace(/^https?:\/\/[^/]+/, ""));
    }
    const large = urls.get(`/api/v1/designs/${design.id}`)?.find((url) => url.includes("-1024.webp"));
    samples.add(large as string);
    expect(samples.size).toBeGreaterThanOrEqual(2);
    for (const url of samples) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(await server.context.storage.exists(storageKeyOf(keyOf(url))), url).toBe(true);
    }
  }, 120_000); // It renders each picture it fetches in the render pool's children (decision 064): slow on a loaded two-core machine, not a hang.

  it("refuses a watermarked URL edited into a clean one, and a clean key signed like a public image", async () => {
    const detail = await server.request(`/api/v1/designs/${design.id}`);
    const watermarked = detail.body.data.attributes.images.tee.black.watermarked.src_set
      .split(", ")
      .map((entry: string) => entry.split(" ")[0])
      .find((url: string) => url.includes("-1024.webp")) as string;
    const cleanKey = keyOf(watermarked).replace("/watermarked/", "/mockups/");
    const { search } = new URL(watermarked, "http://x");
    const edits = [watermarked.replace("/watermarked/", "/mockups/"), `/media/${artworkKey(design.id)}${search}`];
    // Whoever learnt the public signing key (or a code path that signs everything alike) still gets nothing clean.
    const secret = await getMediaUrlSecret(server.context);
    const exp = Number(new URL(watermarked, "http://x").searchParams.get("exp"));
    edits.push(`/media/${cleanKey}?exp=${exp}&sig=${mediaSignature(secret, cleanKey, exp)}`);
    edits.push(`/media/${artworkKey(design.id)}?exp=${exp}&sig=${mediaSignature(secret, artworkKey(design.id), exp)}`);
    for (const url of edits) {
      const response = await server.request(url);
      expect([403, 404], url).toContain(response.status);
      expect(response.body.error.code, url).toMatch(/^(forbidden|not_found)$/);
    }
    expect(await server.context.storage.exists(cleanKey)).toBe(false);
  });

  it("serves the clean images to the design's artist through an authorised grant, privately", async () => {
    const secret = await getMediaUrlSecret(server.context);
    const actor = { kind: "user" as const, userId: "owner", artistId, sessionId: "session" };
    const grant = grantArtistCleanImages({ actor, design });
    const plain = buildCleanDesignImageUrls({ grant, secret, colors: ["navy"], garment: "hoodie" }).navy;
    const response = await fetch(`${server.url}${plain?.src}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/^private, /);
    const artwork = await fetch(`${server.url}${signCleanMediaUrl({ grant, key: artworkKey(design.id), secret })}`);
    expect(artwork.status).toBe(200);
    expect(artwork.headers.get("content-type")).toBe("image/png");
    // Another artist is told the design does not exist, so no URL is ever minted for them.
    const stranger = { ...actor, artistId: (await buildArtist(server.database.db)).id };
    expect(() => grantArtistCleanImages({ actor: stranger, design })).toThrow(/Design not found/);
  });

  it("marks every public picture larger than card size, and shows the print unmarked only far below print resolution", async () => {
    const urls = await collectPublicUrls();
    const widths = [...urls.values()]
      .flat()
      .map(keyOf)
      .filter((key) => key.startsWith("designs/"))
      .map((key) => Number(/-(\d+)\.webp$/.exec(key)?.[1]));
    // Nothing public is larger than the mockup widths (the artwork itself is never public).
    expect(Math.max(...widths)).toBe(Math.max(...MOCKUP_WIDTHS));
    const detail = await server.request(`/api/v1/designs/${design.id}`);
    const publicSet: string = detail.body.data.attributes.images.tee.black.watermarked.src_set;
    const secret = await getMediaUrlSecret(server.context);
    const actor = { kind: "user" as const, userId: "owner", artistId, sessionId: "session" };
    const clean = buildCleanDesignImageUrls({
      grant: grantArtistCleanImages({ actor, design }),
      secret,
      colors: ["black"],
      garment: "tee",
    }).black;
    const artwork = (await server.context.storage.get(artworkKey(design.id)))?.body as Buffer;
    for (const width of MOCKUP_WIDTHS) {
      const [marked, plain] = await Promise.all([
        pixelsOf(urlOfWidth(publicSet, width)),
        pixelsOf(urlOfWidth(clean?.srcSet ?? "", width)),
      ]);
      const changed = markedPixels(marked, plain, width);
      const print = await preparePrint(artwork, "tee", width);
      if (width > UNMARKED_MAX_WIDTH) {
        // A visible mark across the print, on every public size above card size.
        expect(changed, `${width}`).toBeGreaterThan(print.width * print.height * 0.01);
      } else {
        // Card size is left clean: its print is under 100 px wide, under 10 DPI on a 12 in print.
        expect(changed, `${width}`).toBeLessThan(print.width * print.height * 0.002);
        expect(print.width, `${width}`).toBeLessThan(100);
      }
    }
  });
});
