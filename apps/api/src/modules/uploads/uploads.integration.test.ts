import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { toCamelKeys } from "@threadfolk/contract/case";
import { errorResponseSchema } from "@threadfolk/contract/errors";
import {
  STUDIO_API,
  UPLOAD_FAILURES,
  UPLOAD_MAX_BYTES,
  type UploadFailureCode,
  uploadStatusSchema,
} from "@threadfolk/contract/studio";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "../../../test/factories/users.ts";
import { useBomb } from "../../../test/hostile-svgs.ts";
import { obtainGuestTokens, signIn } from "../../../test/oauth-client.ts";
import { cmykJpeg, discPicture, noisePng, pngBomb, truncatedPng } from "../../../test/pictures.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { uploads } from "../../db/schema/index.ts";
import { MAX_OPEN_UPLOADS, OPEN_UPLOADS_LIMIT_MESSAGE } from "./open-upload.ts";
import { purgeStaleUploads } from "./purge-stale-uploads.ts";
import { createUploadStore } from "./upload-store.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

async function signedInCustomer(): Promise<string> {
  const user = await createTestUser(server.database.db);
  return (await signIn(server, user.email, user.password)).access_token;
}

const encode = (value: string) => Buffer.from(value, "utf8").toString("base64");

/** A tus request to the real server; JSON error bodies are decoded. */
async function tus(
  method: string,
  url: string,
  options: { token?: string; headers?: Record<string, string>; body?: Buffer } = {},
) {
  const headers: Record<string, string> = { "Tus-Resumable": "1.0.0", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${server.url}${url}`, { method, headers, body: options.body });
  const text = await response.text();
  const body = text && (response.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, body, text };
}

/** POST (creation): the new upload's path, from the Location header. */
async function createUpload(
  token: string,
  length: number,
  metadata: Record<string, string> = { purpose: "artwork", filename: "art.png" },
): Promise<string> {
  const response = await tus("POST", STUDIO_API.uploads, {
    token,
    headers: {
      "Upload-Length": String(length),
      "Upload-Metadata": Object.entries(metadata)
        .map(([key, value]) => `${key} ${encode(value)}`)
        .join(","),
    },
  });
  expect(response.status, response.text).toBe(201);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}$/);
  return location;
}

function patch(token: string, location: string, offset: number, chunk: Buffer) {
  return tus("PATCH", location, {
    token,
    headers: { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    body: chunk,
  });
}

/** Sends the whole file in `chunks` PATCH requests, then runs the queued processing. */
async function uploadFile(token: string, file: Buffer, options: { chunks?: number; purpose?: string } = {}) {
  const location = await createUpload(token, file.length, { purpose: options.purpose ?? "artwork", filename: "f" });
  const chunks = options.chunks ?? 1;
  const size = Math.ceil(file.length / chunks);
  for (let offset = 0; offset < file.length; offset += size) {
    const response = await patch(token, location, offset, file.subarray(offset, offset + size));
    expect(response.status, response.text).toBe(204);
    expect(Number(response.headers.get("upload-offset"))).toBe(Math.min(offset + size, file.length));
  }
  await server.context.jobs.processDue();
  return location;
}

async function status(token: string | undefined, id: string) {
  return server.request(STUDIO_API.uploadStatus(id), token ? { token } : {});
}

const idOf = (location: string) => location.split("/").at(-1) as string;
const tusFile = (id: string) => path.join(server.config.DATA_DIR, "uploads", id);

function expectJsonError(response: { status: number; body: unknown; headers?: Headers }, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers?.get("content-type") ?? "application/json").toMatch(/^application\/json/);
  expect(errorResponseSchema.safeParse(response.body).success, JSON.stringify(response.body)).toBe(true);
}

/** A HEAD answer has no body: the status and the JSON content type are all there is to check. */
function expectHeadError(response: { status: number; headers: Headers }, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
}

describe("tus uploads", () => {
  it("takes a file in several PATCH chunks, processes it, and shows the owner its status and preview", async () => {
    const token = await signedInCustomer();
    const file = await discPicture(1200, 900);
    const location = await uploadFile(token, file, { chunks: 4 });
    const id = idOf(location);

    const response = await status(token, id);
    expect(response.status).toBe(200);
    const upload = uploadStatusSchema.parse(toCamelKeys(response.body.data));
    expect(upload).toMatchObject({
      id,
      type: "upload",
      attributes: {
        purpose: "artwork",
        status: "ready",
        fileName: "f",
        detectedType: "png",
        failureCode: null,
        failureMessage: null,
        width: 1200,
        height: 900,
        hasTransparency: false,
        opaqueBackground: true,
      },
    });
    // Snake case on the wire.
    expect(response.body.data.attributes.has_transparency).toBe(false);

    // The preview is a clean (private) signed URL that serves the normalised PNG.
    const previewUrl = response.body.data.attributes.preview_url as string;
    expect(previewUrl).toMatch(new RegExp(`^/media/uploads/${id}/source\\.png\\?exp=\\d+&sig=`));
    const media = await fetch(`${server.url}${previewUrl}`);
    expect(media.status).toBe(200);
    expect(media.headers.get("cache-control")).toMatch(/^private/);
    expect((await sharp(Buffer.from(await media.arrayBuffer())).metadata()).width).toBe(1200);
    // Editing the URL to another upload's key breaks the signature.
    const forged = await fetch(`${server.url}${previewUrl.replace(id, "00000000-0000-4000-8000-000000000000")}`);
    expect(forged.status).toBe(403);

    // The received bytes are gone once processed; HEAD still tells a resuming client it is complete.
    expect(fs.existsSync(tusFile(id))).toBe(false);
    const head = await tus("HEAD", location, { token });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(file.length));
    expect(head.headers.get("upload-length")).toBe(String(file.length));
    // No more bytes are taken, and it can no longer be cancelled.
    expectJsonError(await patch(token, location, file.length, Buffer.from("x")), 409);
    expectJsonError(await tus("DELETE", location, { token }), 409);
  });

  // 40 MB in and out of the heavy work process on top of the transfer: seconds on a busy machine.
  it("resumes a 40 MB PNG after a dropped connection from the offset HEAD reports, ending with the identical file", {
    timeout: 90_000,
  }, async () => {
    const token = await signedInCustomer();
    const file = await noisePng(40);
    expect(file.length).toBeGreaterThan(40 * 1024 * 1024);
    const location = await createUpload(token, file.length);
    const id = idOf(location);

    // The connection drops half way through the first PATCH.
    const sent = Math.floor(file.length / 2);
    await new Promise<void>((resolve) => {
      const request = http.request(`${server.url}${location}`, {
        method: "PATCH",
        headers: {
          "Tus-Resumable": "1.0.0",
          "Upload-Offset": "0",
          "Content-Type": "application/offset+octet-stream",
          "Content-Length": String(file.length),
          authorization: `Bearer ${token}`,
        },
      });
      request.on("error", () => resolve());
      request.on("close", () => resolve());
      request.write(file.subarray(0, sent), () => setTimeout(() => request.destroy(), 100));
    });

    // The server keeps what it got: HEAD tells where to go on from (retried while the cut request winds down).
    let offset = 0;
    for (let attempt = 0; attempt < 50; attempt++) {
      const head = await tus("HEAD", location, { token });
      if (head.status === 200) {
        offset = Number(head.headers.get("upload-offset"));
        if (offset > 0) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);
    const [row] = await server.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row?.status).toBe("receiving");

    const rest = await patch(token, location, offset, file.subarray(offset));
    expect(rest.status, rest.text).toBe(204);
    expect(Number(rest.headers.get("upload-offset"))).toBe(file.length);
    // Before processing, the received file is byte for byte the original.
    expect(fs.readFileSync(tusFile(id)).equals(file)).toBe(true);

    await server.context.jobs.processDue();
    const done = await status(token, id);
    expect(done.body.data.attributes).toMatchObject({ status: "ready", detected_type: "png" });
  });

  it("takes the whole file with the creation request (creation-with-upload)", async () => {
    const token = await signedInCustomer();
    const file = await discPicture(640, 640, { format: "webp" });
    const response = await tus("POST", STUDIO_API.uploads, {
      token,
      headers: {
        "Upload-Length": String(file.length),
        "Upload-Metadata": `purpose ${encode("avatar")}`,
        "Content-Type": "application/offset+octet-stream",
      },
      body: file,
    });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get("upload-offset")).toBe(String(file.length));
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    await server.context.jobs.processDue();
    const done = await status(token, idOf(response.headers.get("location") ?? ""));
    expect(done.body.data.attributes).toMatchObject({ status: "ready", purpose: "avatar", detected_type: "webp" });
  });

  it("refuses a PATCH at the wrong offset with a conflict", async () => {
    const token = await signedInCustomer();
    const location = await createUpload(token, 100);
    expectJsonError(await patch(token, location, 10, Buffer.alloc(5)), 409);
    expectJsonError(await patch(token, location, 0, Buffer.alloc(101)), 413);
  });

  it("accepts one of two PATCHes of the same chunk sent at once; the other is a conflict", async () => {
    const token = await signedInCustomer();
    const file = await discPicture(600, 600);
    const location = await createUpload(token, file.length);
    const half = Math.floor(file.length / 2);
    const both = await Promise.all([
      patch(token, location, 0, file.subarray(0, half)),
      patch(token, location, 0, file.subarray(0, half)),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([204, 409]);
    const [first, second] = both;
    expectJsonError(first.status === 409 ? first : second, 409);
    const head = await tus("HEAD", location, { token });
    expect(Number(head.headers.get("upload-offset"))).toBe(half);
    expect((await patch(token, location, half, file.subarray(half))).status).toBe(204);
    expect(fs.readFileSync(tusFile(idOf(location))).equals(file)).toBe(true);
  });

  it("counts the open-uploads limit atomically: of 25 starts at once, exactly 10 are accepted", async () => {
    const token = await signedInCustomer();
    const starts = await Promise.all(
      Array.from({ length: 25 }, () =>
        tus("POST", STUDIO_API.uploads, {
          token,
          headers: { "Upload-Length": "100", "Upload-Metadata": `purpose ${encode("artwork")}` },
        }),
      ),
    );
    const statuses = starts.map((response) => response.status);
    expect(statuses.filter((code) => code === 201)).toHaveLength(MAX_OPEN_UPLOADS);
    expect(statuses.filter((code) => code === 429)).toHaveLength(25 - MAX_OPEN_UPLOADS);
    const refused = starts.find((response) => response.status === 429);
    if (!refused) throw new Error("no start was refused");
    expectJsonError(refused, 429);
    expect(refused.body.error).toMatchObject({ code: "rate_limited", message: OPEN_UPLOADS_LIMIT_MESSAGE });
    // Cancelling one makes room for one more.
    const location = starts.find((response) => response.status === 201)?.headers.get("location") ?? "";
    expect((await tus("DELETE", location, { token })).status).toBe(204);
    await createUpload(token, 100);
  });

  it("cancels an upload in progress: DELETE removes the row and the received bytes", async () => {
    const token = await signedInCustomer();
    const file = await discPicture(800, 800);
    const location = await createUpload(token, file.length);
    const id = idOf(location);
    expect((await patch(token, location, 0, file.subarray(0, 1000))).status).toBe(204);
    expect(fs.existsSync(tusFile(id))).toBe(true);

    const response = await tus("DELETE", location, { token });
    expect(response.status).toBe(204);
    expect(fs.existsSync(tusFile(id))).toBe(false);
    expect(await server.database.db.select().from(uploads).where(eq(uploads.id, id))).toEqual([]);
    expectHeadError(await tus("HEAD", location, { token }), 404);
    expectJsonError(await status(token, id), 404);
  });

  it("refuses a declared size over 50 MB at creation with the artist's words", async () => {
    const token = await signedInCustomer();
    const response = await tus("POST", STUDIO_API.uploads, {
      token,
      headers: { "Upload-Length": String(UPLOAD_MAX_BYTES + 1), "Upload-Metadata": `purpose ${encode("artwork")}` },
    });
    expectJsonError(response, 413);
    expect(response.body.error.message).toBe(UPLOAD_FAILURES.too_large);
  });

  it("accepts exactly 50 MB declared", async () => {
    const token = await signedInCustomer();
    const location = await createUpload(token, UPLOAD_MAX_BYTES);
    expect((await tus("DELETE", location, { token })).status).toBe(204);
  });

  it("needs a purpose, a size and a bounded file name at creation", async () => {
    const token = await signedInCustomer();
    const missingPurpose = await tus("POST", STUDIO_API.uploads, {
      token,
      headers: { "Upload-Length": "10", "Upload-Metadata": `filename ${encode("a.png")}` },
    });
    expectJsonError(missingPurpose, 422);
    expect(missingPurpose.body.error.details[0].field).toBe("purpose");
    const wrongPurpose = await tus("POST", STUDIO_API.uploads, {
      token,
      headers: { "Upload-Length": "10", "Upload-Metadata": `purpose ${encode("poster")}` },
    });
    expectJsonError(wrongPurpose, 422);
    const longName = await tus("POST", STUDIO_API.uploads, {
      token,
      headers: {
        "Upload-Length": "10",
        "Upload-Metadata": `purpose ${encode("banner")},filename ${encode("a".repeat(256))}`,
      },
    });
    expectJsonError(longName, 422);
    expect(longName.body.error.details[0].field).toBe("filename");
    expectJsonError(
      await tus("POST", STUDIO_API.uploads, { token, headers: { "Upload-Metadata": `purpose ${encode("avatar")}` } }),
      400,
    );
    expectJsonError(
      await tus("POST", STUDIO_API.uploads, {
        token,
        headers: { "Upload-Defer-Length": "1", "Upload-Metadata": `purpose ${encode("avatar")}` },
      }),
      400,
    );
    expectJsonError(
      await tus("POST", STUDIO_API.uploads, {
        token,
        headers: { "Upload-Length": "0", "Upload-Metadata": `purpose ${encode("avatar")}` },
      }),
      400,
    );
    // Without the protocol header, a JSON 400 (tus would say 412, which has no code in the API's error shape).
    const noVersion = await fetch(`${server.url}${STUDIO_API.uploads}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "Upload-Length": "10",
        "Upload-Metadata": `purpose ${encode("avatar")}`,
      },
    });
    expect(noVersion.status).toBe(400);
    expect(errorResponseSchema.safeParse(await noVersion.json()).success).toBe(true);
  });
});

describe("upload failures end in `failed` with the right code and words", () => {
  const cases: Array<{ name: string; file: () => Promise<Buffer>; code: UploadFailureCode; type: string | null }> = [
    {
      name: "an unsupported type (a GIF named .png)",
      file: async () =>
        sharp({ create: { width: 600, height: 600, channels: 3, background: "#f00" } })
          .gif()
          .toBuffer(),
      code: "unsupported_type",
      type: null,
    },
    { name: "a corrupt PNG", file: () => truncatedPng(900, 900), code: "unreadable", type: "png" },
    { name: "a decompression bomb", file: async () => pngBomb(40_000, 40_000), code: "too_many_pixels", type: "png" },
    { name: "artwork too small to print", file: () => discPicture(400, 300), code: "too_small", type: "png" },
    {
      name: "an SVG with nothing safe to draw",
      file: async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><foreignObject><p>hi</p></foreignObject></svg>',
        ),
      code: "svg_unsafe",
      type: "svg",
    },
    {
      name: "an empty SVG",
      file: async () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      code: "svg_unsafe",
      type: "svg",
    },
    {
      name: "a 2.3 KB SVG of nested <use> copies (issue 25)",
      file: async () => Buffer.from(useBomb({ levels: 9, fanout: 9, padding: 659 })),
      code: "too_complex",
      type: "svg",
    },
  ];

  for (const testCase of cases) {
    it(testCase.name, async () => {
      const token = await signedInCustomer();
      const location = await uploadFile(token, await testCase.file());
      const response = await status(token, idOf(location));
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toMatchObject({
        status: "failed",
        failure_code: testCase.code,
        failure_message: UPLOAD_FAILURES[testCase.code],
        detected_type: testCase.type,
        preview_url: null,
        width: null,
      });
      expect(fs.existsSync(tusFile(idOf(location)))).toBe(false);
    });
  }

  it("a CMYK JPEG becomes an sRGB PNG", async () => {
    const token = await signedInCustomer();
    const location = await uploadFile(token, await cmykJpeg(900, 600), { chunks: 2 });
    const id = idOf(location);
    const [row] = await server.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ status: "ready", detectedType: "jpeg", sourceKey: `uploads/${id}/source.png` });
    const stored = await server.context.storage.get(`uploads/${id}/source.png`);
    expect(stored?.contentType).toBe("image/png");
    const metadata = await sharp(stored?.body).metadata();
    expect(metadata).toMatchObject({ format: "png", space: "srgb", width: 900, height: 600 });
    expect(metadata.icc).toBeUndefined();
  });

  it("a hostile SVG is sanitised and rasterised to print size", async () => {
    const token = await signedInCustomer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 300" onload="alert(1)"><image xlink:href="http://127.0.0.1:1/x.png" width="10" height="10"/><circle cx="150" cy="150" r="100" fill="#123456"/></svg>',
    );
    const location = await uploadFile(token, svg, { chunks: 3 });
    const response = await status(token, idOf(location));
    expect(response.body.data.attributes).toMatchObject({
      status: "ready",
      detected_type: "svg",
      width: 4500,
      height: 4500,
      has_transparency: true,
    });
  });
});

describe("upload authorisation", () => {
  it("answers 401 to no token and to a guest on every tus request and the status", async () => {
    const owner = await signedInCustomer();
    const location = await createUpload(owner, 50);
    const guest = (await obtainGuestTokens(server)).access_token as string;
    for (const token of [undefined, guest]) {
      const headers = { "Upload-Length": "10", "Upload-Metadata": `purpose ${encode("artwork")}` };
      expectJsonError(await tus("POST", STUDIO_API.uploads, { token, headers }), 401);
      expectHeadError(await tus("HEAD", location, { token }), 401);
      expectJsonError(await patch(token as string, location, 0, Buffer.alloc(5)), 401);
      expectJsonError(await tus("DELETE", location, { token }), 401);
      expectJsonError(await status(token, idOf(location)), 401);
    }
  });

  it("answers 404 to another customer on HEAD, PATCH, DELETE and the status, and leaves the upload alone", async () => {
    const owner = await signedInCustomer();
    const other = await signedInCustomer();
    const location = await createUpload(owner, 50);
    expectHeadError(await tus("HEAD", location, { token: other }), 404);
    expectJsonError(await patch(other, location, 0, Buffer.alloc(5)), 404);
    expectJsonError(await tus("DELETE", location, { token: other }), 404);
    expectJsonError(await status(other, idOf(location)), 404);
    const head = await tus("HEAD", location, { token: owner });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe("0");
  });

  it("answers 404 for ids that are not uploads", async () => {
    const token = await signedInCustomer();
    expectHeadError(await tus("HEAD", `${STUDIO_API.uploads}/not-a-uuid`, { token }), 404);
    expectJsonError(await status(token, "00000000-0000-4000-8000-000000000000"), 404);
  });
});

describe("purging stale uploads", () => {
  it("removes uploads stuck receiving for more than a day, with their bytes, and nothing else", async () => {
    const token = await signedInCustomer();
    const stale = idOf(await createUpload(token, 500));
    const fresh = idOf(await createUpload(token, 500));
    const ready = idOf(await uploadFile(token, await discPicture(600, 600)));
    const db = server.database.db;
    await db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'`, updatedAt: sql`now() - interval '25 hours'` })
      .where(sql`${uploads.id} in (${stale}, ${ready})`);
    expect(fs.existsSync(tusFile(stale))).toBe(true);

    const uploadStore = await createUploadStore(server.config);
    expect(await purgeStaleUploads({ db, uploadStore })).toBe(1);
    expect(fs.existsSync(tusFile(stale))).toBe(false);
    expect(fs.existsSync(tusFile(fresh))).toBe(true);
    const left = (await db.select({ id: uploads.id }).from(uploads)).map((row) => row.id);
    expect(left).not.toContain(stale);
    expect(left).toEqual(expect.arrayContaining([fresh, ready]));
  });
});
