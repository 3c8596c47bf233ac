import { deflateSync } from "node:zlib";
import type { APIRequestContext, Browser, Page, TestInfo } from "@playwright/test";
import { expect } from "@playwright/test";
import { createConfirmedAccount, signInOverHttp } from "./accounts.ts";

/**
 * Studio helpers for the specs (issue 14): a fresh artist (a confirmed account that opens a storefront), a
 * picture, a resumable upload over HTTP (the tus protocol, as the studio's browser client speaks it) and a
 * design published over HTTP through the drafts API, for tests that are not about the designer's screens
 * (product-designer.spec.ts is). Never touches the seeded designs other specs rely on.
 */

export type Artist = { token: string; username: string; email: string };

/** A confirmed account that opens a storefront (`POST /api/v1/seller_profile`). */
export async function createArtistOverHttp(request: APIRequestContext): Promise<Artist> {
  const identity = await createConfirmedAccount(request, "artist");
  const { access_token: token } = await signInOverHttp(request, identity);
  const username = `e2e${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await request.post("/api/v1/seller_profile", {
    headers: { Authorization: `Bearer ${token}` },
    data: { seller_profile: { display_name: "E2E Studio", unique_username: username, accept_terms: true } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { token, username, email: identity.email };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A `size`-pixel square RGBA PNG: a red disc on transparency (large enough to print well). */
export function discPng(size = 3600): Buffer {
  const row = size * 4 + 1;
  const raw = Buffer.alloc(row * size);
  const centre = size / 2;
  const radius = size * 0.4;
  for (let y = 0; y < size; y++) {
    const half = Math.sqrt(Math.max(0, radius * radius - (y - centre) ** 2));
    for (let x = Math.ceil(centre - half); x < centre + half; x++) {
      const at = y * row + 1 + x * 4;
      raw[at] = 0xd9;
      raw[at + 1] = 0x2d;
      raw[at + 2] = 0x4a;
      raw[at + 3] = 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

/** Uploads `body` in one tus PATCH and waits until the server has checked it; answers the upload id. */
export async function uploadOverTus(
  request: APIRequestContext,
  token: string,
  body: Buffer,
  options: { purpose: "artwork" | "avatar" | "banner"; fileName: string },
): Promise<string> {
  const tus = { Authorization: `Bearer ${token}`, "Tus-Resumable": "1.0.0" };
  const created = await request.post("/api/v1/uploads", {
    headers: {
      ...tus,
      "Upload-Length": String(body.length),
      "Upload-Metadata": `purpose ${base64(options.purpose)},filename ${base64(options.fileName)}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers().location ?? "";
  const sent = await request.patch(location, {
    headers: { ...tus, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    data: body,
  });
  expect(sent.status(), await sent.text()).toBe(204);
  const uploadId = location.split("/").at(-1) ?? "";
  await expect
    .poll(
      async () => {
        const status = await request.get(`/api/v1/uploads/${uploadId}/status`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await status.json()) as { data: { attributes: { status: string } } }).data.attributes.status;
      },
      { timeout: 60_000 },
    )
    .toBe("ready");
  return uploadId;
}

export type PublishedDesign = {
  uuid: string;
  title: string;
  designPath: string;
  priceCents: number;
  /** The men's tee's base cost, for the earnings the artist should see. */
  baseCostCents: number;
};

/** Publishes a men's tee design (white, black, navy, kelly) from a fresh disc artwork, over the drafts API. */
export async function publishDesignOverHttp(
  request: APIRequestContext,
  artist: Pick<Artist, "token" | "username">,
  design: { title?: string; tag?: string; priceCents?: number } = {},
): Promise<PublishedDesign> {
  const title = design.title ?? `Red Disc ${Date.now().toString(36)}`;
  const priceCents = design.priceCents ?? 2600;
  const uploadId = await uploadOverTus(request, artist.token, discPng(), { purpose: "artwork", fileName: "disc.png" });
  const styles = await request.get("/api/v1/garment_styles");
  const tee = (
    (await styles.json()) as { data: Array<{ attributes: { key: string; base_cost_cents: number } }> }
  ).data.find((style) => style.attributes.key === "mens_tee");
  if (!tee) throw new Error("no men's tee style");
  const headers = { Authorization: `Bearer ${artist.token}` };
  const draft = await request.post("/api/v1/design_drafts", {
    headers,
    data: {
      design_draft: {
        step: "publish",
        data: {
          artwork_upload_id: uploadId,
          offered_colors: ["white", "black", "navy", "kelly"],
          default_color: "white",
          products: [{ garment_style_key: "mens_tee", price_cents: priceCents }],
          default_garment_style_key: "mens_tee",
          title,
          description: "A red disc, published by an end-to-end test.",
          tags: [design.tag ?? "disc"],
        },
      },
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const draftId = ((await draft.json()) as { data: { id: string } }).data.id;
  const published = await request.post(`/api/v1/design_drafts/${draftId}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(201);
  const data = ((await published.json()) as { data: { id: string; attributes: { design_path: string } } }).data;
  return {
    uuid: data.id,
    title,
    designPath: data.attributes.design_path,
    priceCents,
    baseCostCents: tee.attributes.base_cost_cents,
  };
}

/** Deactivates a design as its artist (the spec's call with payload `uuid`). */
export async function deactivateDesignOverHttp(
  request: APIRequestContext,
  artist: Pick<Artist, "token" | "username">,
  uuid: string,
): Promise<void> {
  const response = await request.post("/api/v1/seller_designs/deactivate", {
    headers: { Authorization: `Bearer ${artist.token}` },
    data: { uuid },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A second browser window like the test's own (same viewport, touch and user agent): another person's. */
export async function newWindowLikeThis(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    userAgent: use.userAgent,
  });
  return context.newPage();
}
