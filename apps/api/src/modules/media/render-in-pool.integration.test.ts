import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDesign, type Design } from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer, testConfig } from "../../../test/test-server.ts";
import { createStorage } from "../../adapters/storage/create-storage.ts";
import { jobs } from "../../db/schema/index.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { AppError } from "../../lib/app-error.ts";
import { createHeavyPool, type HeavyPool } from "../../lib/heavy-pool.ts";
import { renderJobKey } from "../studio/render-design-job.ts";
import { getMediaObject } from "./get-media-object.ts";
import { artworkKey, mockupKey, mockupStorageKey } from "./media-keys.ts";
import { getMediaUrlSecret, signMediaUrl } from "./media-urls.ts";
import { renderInPool } from "./render-in-pool.ts";
import { renderSampleArtwork } from "./sample-artwork.ts";

/**
 * Mockups are drawn in the heavy work child processes (decision 064), not on the server's event loop: the
 * pools' own records show which of them drew what, and a render past its limit is refused with its reason.
 */

let server: TestServer;
let design: Design;

beforeAll(async () => {
  server = await getTestServer();
  ({ design } = await buildDesign(server.database.db, { offeredColors: ["black", "white"] }));
  await server.context.storage.put(artworkKey(design.id), await renderSampleArtwork("POOL", 500), "image/png");
});

afterAll(async () => {
  await server?.close();
});

describe("the media route", () => {
  it("draws an absent mockup in a render process, stores it, and serves it from storage afterwards", async () => {
    const { renders, jobs: jobPool } = server.context.heavyWork;
    const key = mockupKey({
      designUuid: design.id,
      variant: "watermarked",
      garment: "tee",
      color: "white",
      width: 320,
    });
    const url = signMediaUrl({ key, secret: await getMediaUrlSecret(server.context) });
    const before = renders.stats().tasks.render_mockup ?? 0;

    const first = await server.request(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(renders.stats().tasks.render_mockup).toBe(before + 1);
    expect(jobPool.stats().tasks.render_mockup).toBeUndefined();
    const stored = await server.context.storage.get(
      mockupStorageKey({ designUuid: design.id, variant: "watermarked", garment: "tee", color: "white", width: 320 }),
    );
    expect(stored?.body.length).toBeGreaterThan(0);

    const again = await server.request(url);
    expect(again.status).toBe(200);
    expect(renders.stats().tasks.render_mockup).toBe(before + 1);
  });
});

describe("the render_design_mockups job", () => {
  it("draws the set in the heavy lane's process, which hands every picture back to be stored", async () => {
    const db = server.database.db;
    const jobPool = server.context.heavyWork.jobs;
    const setsBefore = jobPool.stats().tasks.render_mockup_set ?? 0;
    await enqueueJob(
      db,
      "render_design_mockups",
      { designId: design.id, artworkVersion: 1 },
      { dedupeKey: renderJobKey(design.id, 1) },
    );
    await server.context.jobs.processDue();

    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, renderJobKey(design.id, 1)));
    expect(job).toMatchObject({ status: "succeeded", result: { done: 2, total: 2, defaultReady: true } });
    // The default colour first, then the rest of the garment: two sets, drawn in the job pool only.
    expect(jobPool.stats().tasks.render_mockup_set).toBe(setsBefore + 2);
    expect(server.context.heavyWork.renders.stats().tasks.render_mockup_set).toBeUndefined();
    for (const color of ["black", "white"] as const) {
      for (const variant of ["mockups", "watermarked"] as const) {
        const key = mockupStorageKey({ designUuid: design.id, variant, garment: "tee", color, width: 1024 });
        const picture = await server.context.storage.get(key);
        expect(await sharp(picture?.body).metadata(), key).toMatchObject({ format: "webp", width: 1024 });
      }
    }
  });
});

describe("a render past its limit", () => {
  const pools: HeavyPool[] = [];
  afterEach(async () => {
    while (pools.length > 0) await pools.pop()?.close();
  });

  it("is refused with its reason, and the same request is not drawn again meanwhile", async () => {
    // No mockup is drawn within a millisecond: every render breaks this time limit.
    const pool = createHeavyPool({ size: 1, timeLimitMs: 1, memoryLimitMb: 1536 });
    pools.push(pool);
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "threadfolk-render-limit-"));
    try {
      const storage = createStorage(testConfig({ DATA_DIR: root }));
      const designUuid = "3f0b9a8e-4b2c-4d6e-9a1f-6c2d8e0f1a2b";
      await storage.put(artworkKey(designUuid), await renderSampleArtwork("SLOW", 300), "image/png");
      const key = mockupKey({ designUuid, variant: "mockups", garment: "tee", color: "navy", width: 640 });
      const options = { key, storage, brandName: "Threadfolk", renderer: renderInPool(pool) };

      const refusal = await getMediaObject(options).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({
        code: "service_unavailable",
        message: "This picture could not be rendered: it took longer than the time limit of picture rendering.",
      });
      expect(pool.stats()).toEqual({ tasks: { render_mockup: 1 }, limitsBroken: 1 });

      await expect(getMediaObject(options)).rejects.toMatchObject({ message: (refusal as AppError).message });
      expect(pool.stats()).toEqual({ tasks: { render_mockup: 1 }, limitsBroken: 1 });
      expect(
        await storage.exists(
          mockupStorageKey({ designUuid, variant: "mockups", garment: "tee", color: "navy", width: 640 }),
        ),
      ).toBe(false);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
