import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { RENDER_FAILURES } from "@threadfolk/contract/studio-designs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDesign, type Design } from "../../../test/factories/catalogue.ts";
import { signInNewArtist } from "../../../test/studio-actors.ts";
import { getTestServer, type TestServer, testConfig } from "../../../test/test-server.ts";
import { createStorage } from "../../adapters/storage/create-storage.ts";
import { jobs } from "../../db/schema/index.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { jobKinds } from "../../jobs/job-kinds.ts";
import { createJobLanes } from "../../jobs/job-lanes.ts";
import type { JobHandlers } from "../../jobs/job-worker.ts";
import { AppError } from "../../lib/app-error.ts";
import { createHeavyPool, type HeavyPool } from "../../lib/heavy-pool.ts";
import { createRenderDesignMockupsHandler, renderJobKey } from "../studio/render-design-job.ts";
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

  it("fails the render job for good, and the artist's progress says why", async () => {
    const db = server.database.db;
    const { artist, token } = await signInNewArtist(server);
    const { design: slow } = await buildDesign(db, { artist, offeredColors: ["black"] });
    await server.context.storage.put(artworkKey(slow.id), await renderSampleArtwork("SLOW", 300), "image/png");
    // No picture is drawn within a millisecond: the first task breaks this time limit.
    const pool = createHeavyPool({ size: 1, timeLimitMs: 1, memoryLimitMb: 1536 });
    pools.push(pool);
    const handlers = Object.fromEntries(Object.keys(jobKinds).map((kind) => [kind, undefined])) as JobHandlers;
    const lanes = createJobLanes({
      db,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      pollIntervalMs: 60_000,
      handlers: {
        ...handlers,
        render_design_mockups: createRenderDesignMockupsHandler({
          db,
          storage: server.context.storage,
          renderer: renderInPool(pool),
          config: server.config,
        }),
      },
    });
    await enqueueJob(
      db,
      "render_design_mockups",
      { designId: slow.id, artworkVersion: 1 },
      { dedupeKey: renderJobKey(slow.id, 1) },
    );
    await lanes.processDue();

    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, renderJobKey(slow.id, 1)));
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(job?.lastError).toContain("took longer than 1 ms");
    const progress = await server.request(`/api/v1/seller_designs/${slow.id}/renders`, { token });
    expect(progress.body.data.attributes).toEqual({
      done: 0,
      total: 1,
      default_ready: false,
      complete: false,
      failure_code: "too_complex",
      failure_message: RENDER_FAILURES.too_complex,
    });
    // Nothing brings it back: another pass finds no due job.
    await lanes.processDue();
    expect(pool.stats().tasks).toEqual({ mockup_working_copy: 1 });
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
