import { deflateSync } from "node:zlib";
import { type APIRequestContext, expect } from "@playwright/test";
import { createConfirmedAccount, signInOverHttp } from "./accounts.ts";

/**
 * Studio helpers for the specs: a fresh artist (a confirmed account that opens a storefront) and a design
 * published over HTTP the way the product designer does it (tus upload, draft, publish), for tests that are not
 * about the studio's screens. Never touches the seeded designs other specs rely on.
 */

export type Artist = { token: string; username: string };

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
  return { token, username };
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

/** Uploads `file` as artwork over tus in one PATCH and waits until the server's checks are done. */
export async function uploadArtworkOverHttp(request: APIRequestContext, token: string, file: Buffer): Promise<string> {
  const metadata = `purpose ${Buffer.from("artwork").toString("base64")},filename ${Buffer.from("disc.png").toString("base64")}`;
  const created = await request.post("/api/v1/uploads", {
    headers: {
      Authorization: `Bearer ${token}`,
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(file.length),
      "Upload-Metadata": metadata,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers().location ?? "";
  const sent = await request.patch(location, {
    headers: {
      Authorization: `Bearer ${token}`,
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
    },
    data: file,
  });
  expect(sent.status(), await sent.text()).toBe(204);
  const id = location.split("/").at(-1) ?? "";
  await expect
    .poll(
      async () => {
        const status = await request.get(`/api/v1/uploads/${id}/status`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await status.json()) as { data: { attributes: { status: string } } }).data.attributes.status;
      },
      { timeout: 60_000 },
    )
    .toBe("ready");
  return id;
}

/** Publishes a design (men's tee, black and white) from a fresh artwork; answers its uuid and title. */
export async function publishDesignOverHttp(
  request: APIRequestContext,
  artist: Artist,
  title = `Red Disc ${Date.now().toString(36)}`,
): Promise<{ uuid: string; title: string }> {
  const uploadId = await uploadArtworkOverHttp(request, artist.token, discPng());
  const headers = { Authorization: `Bearer ${artist.token}` };
  const draft = await request.post("/api/v1/design_drafts", {
    headers,
    data: {
      design_draft: {
        step: "details",
        data: {
          artwork_upload_id: uploadId,
          offered_colors: ["black", "white"],
          default_color: "black",
          products: [{ garment_style_key: "mens_tee", price_cents: 2600 }],
          default_garment_style_key: "mens_tee",
          title,
          description: "A red disc, published by an end-to-end test.",
          tags: ["disc"],
        },
      },
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const draftId = ((await draft.json()) as { data: { id: string } }).data.id;
  const published = await request.post(`/api/v1/design_drafts/${draftId}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(201);
  return { uuid: ((await published.json()) as { data: { id: string } }).data.id, title };
}

/** Deactivates a design as its artist (the spec's call with payload `uuid`). */
export async function deactivateDesignOverHttp(
  request: APIRequestContext,
  artist: Artist,
  uuid: string,
): Promise<void> {
  const response = await request.post("/api/v1/seller_designs/deactivate", {
    headers: { Authorization: `Bearer ${artist.token}` },
    data: { uuid },
  });
  expect(response.status(), await response.text()).toBe(200);
}
