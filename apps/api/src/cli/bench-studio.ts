// Times the studio's publish path for a large artwork (issue 14, deliverable 9): a 20 MB PNG (noise, so it
// really is ~20 MB) ingested as an upload (processUpload), published from a complete draft, then the render
// job, measuring from "upload finished" to (1) the default colour's mockup stored and servable and (2) the whole set of one
// style (every offered colour x 3 widths, plain and watermarked). `npm run bench:studio`; targets < 3 s and
// < 15 s. Runs on a throw-away PGlite database and local storage under a temporary directory; the mockups are
// drawn in a heavy work child process, as the server draws them (decision 064).
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { createStorage } from "../adapters/storage/create-storage.ts";
import type { MediaStorage } from "../adapters/storage/storage.ts";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { applyMigrations } from "../db/migrate.ts";
import { designDrafts, garmentStyles, sellerProfiles, uploads, users } from "../db/schema/index.ts";
import type { JobWorker } from "../jobs/job-worker.ts";
import { createHeavyPool } from "../lib/heavy-pool.ts";
import { hashPassword } from "../modules/auth/passwords.ts";
import { getMediaObject } from "../modules/media/get-media-object.ts";
import { MOCKUP_WIDTHS, mockupKey } from "../modules/media/media-keys.ts";
import { renderInPool } from "../modules/media/render-in-pool.ts";
import { publishDraft } from "../modules/studio/publish-draft.ts";
import { renderPublishedDesign } from "../modules/studio/render-design-job.ts";
import { processUpload } from "../modules/uploads/process-upload.ts";

const TARGET_DEFAULT_MS = 3000;
const TARGET_SET_MS = 15_000;
const SIDE = Number(process.env.BENCH_STUDIO_SIDE ?? 2600);

const root = await fs.mkdtemp(path.join(os.tmpdir(), "threadfolk-bench-studio-"));
const config = loadConfig({ DATA_DIR: root });
const storage = createStorage(config);
const database = await openDatabase({ driver: "pglite" });
const format = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;
const heavy = createHeavyPool({
  size: 1,
  timeLimitMs: config.HEAVY_JOB_TIME_LIMIT_SECONDS * 1000,
  memoryLimitMb: config.HEAVY_JOB_MEMORY_LIMIT_MB,
});
const renderer = renderInPool(heavy);

/**
 * The ingest step (decision 036's `processUpload`: type sniffing, bomb and CMYK checks, the normalised PNG at
 * `uploads/{id}/source.png`), on a row whose bytes are all in, as the tus endpoint leaves it: timed as part of
 * "upload finished -> ...".
 */
async function ingestUpload(options: {
  db: Database;
  storage: MediaStorage;
  userId: string;
  raw: Buffer;
}): Promise<{ id: string }> {
  const { db, storage, userId, raw } = options;
  const [row] = await db
    .insert(uploads)
    .values({ userId, purpose: "artwork", status: "processing", fileName: "bench.png", declaredBytes: raw.length })
    .returning({ id: uploads.id });
  if (!row) throw new Error("no upload row");
  const outcome = await processUpload({ db, storage, uploadId: row.id, bytes: raw });
  if (outcome.status !== "ready") throw new Error(`ingest did not finish: ${JSON.stringify(outcome)}`);
  return { id: row.id };
}

try {
  await applyMigrations(database);
  const { db } = database;
  console.log(`Studio publish benchmark: CPUs ${os.availableParallelism()}, libvips ${sharp.versions.vips}`);
  // Noise does not compress: a ${SIDE} px square of random RGB is about 20 MB as PNG.
  const raw = await sharp(randomBytes(SIDE * SIDE * 3), { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  console.log(`artwork: ${SIDE}x${SIDE} PNG, ${(raw.length / 1024 / 1024).toFixed(1)} MB`);

  const [user] = await db
    .insert(users)
    .values({
      email: "bench-artist@example.com",
      passwordHash: await hashPassword("bench-password-1"),
      firstName: "Bench",
      lastName: "Artist",
      username: "bench_artist",
      uniqueUsername: "bench_artist",
      emailConfirmedAt: new Date(),
    })
    .returning();
  if (!user) throw new Error("no user");
  const [profile] = await db
    .insert(sellerProfiles)
    .values({
      userId: user.id,
      uniqueUsername: "bench-artist",
      displayName: "Bench Artist",
      termsAcceptedAt: new Date(),
    })
    .returning();
  if (!profile) throw new Error("no profile");
  const [tee] = await db.select().from(garmentStyles).where(eq(garmentStyles.key, "mens_tee"));
  if (!tee) throw new Error("no mens_tee style");
  const colors = PRODUCT_COLORS.filter((color) => tee.colors.includes(color)) as ProductColor[];
  const defaultColor: ProductColor = colors.includes("black") ? "black" : (colors[0] as ProductColor);

  // A running server's heavy work process has the tee's drawing rasterised since its first mockup; this fresh
  // one does it now, with a small picture at every width.
  const layersStarted = performance.now();
  const warmUp = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#c33" } })
    .png()
    .toBuffer();
  for (const width of MOCKUP_WIDTHS) {
    await renderer.mockup({
      artwork: warmUp,
      garment: "tee",
      color: defaultColor,
      width,
      variant: "watermarked",
      brandName: config.BRAND_NAME,
    });
  }
  console.log(`heavy work process and tee layers (not timed): ${format(performance.now() - layersStarted)}`);

  // Upload finished: from here on the clock runs.
  const started = performance.now();
  const upload = await ingestUpload({ db, storage, userId: user.id, raw });
  const ingested = performance.now();
  const [draft] = await db
    .insert(designDrafts)
    .values({
      sellerProfileId: profile.id,
      step: "details",
      data: {
        artworkUploadId: upload.id,
        offeredColors: colors,
        defaultColor,
        products: [{ garmentStyleKey: "mens_tee", priceCents: tee.baseCostCents + 1000 }],
        defaultGarmentStyleKey: "mens_tee",
        title: "Benchmark Noise",
        description: "",
        tags: ["benchmark"],
      },
    })
    .returning();
  if (!draft) throw new Error("no draft");
  const jobs: Pick<JobWorker, "nudge"> = { nudge: () => undefined };
  const actor = { kind: "user" as const, userId: user.id, artistId: profile.id, sessionId: "bench" };
  const designId = await publishDraft({ context: { db, storage, jobs: jobs as JobWorker }, actor, draftId: draft.id });
  const published = performance.now();

  let defaultMs = Number.NaN;
  let servableMs = Number.NaN;
  const result = await renderPublishedDesign({
    db,
    storage,
    renderer,
    brandName: config.BRAND_NAME,
    designId,
    artworkVersion: 1,
    onProgress: async (progress) => {
      if (progress.defaultReady && Number.isNaN(defaultMs)) {
        defaultMs = performance.now() - started;
        // Servable: the media route's read of the watermarked card image finds it stored.
        const key = mockupKey({
          designUuid: designId,
          variant: "watermarked",
          garment: "tee",
          color: defaultColor,
          width: 640,
        });
        const object = await getMediaObject({ key, storage, brandName: config.BRAND_NAME, renderer, db });
        if (!object) throw new Error("default mockup not servable");
        servableMs = performance.now() - started;
      }
    },
  });
  const setMs = performance.now() - started;
  console.log(`ingest (processUpload):                   ${format(ingested - started)}`);
  console.log(`publish (artwork copy + transaction):     ${format(published - ingested)}`);
  console.log(`default colour mockup stored:             ${format(defaultMs)}`);
  console.log(
    `default colour mockup servable:           ${format(servableMs)}  target ${TARGET_DEFAULT_MS} ms: ${servableMs <= TARGET_DEFAULT_MS ? "met" : "NOT met"}`,
  );
  console.log(
    `whole set of one style (${result.done} colours x 3 widths x 2): ${format(setMs)}  target ${TARGET_SET_MS} ms: ${setMs <= TARGET_SET_MS ? "met" : "NOT met"}`,
  );
  console.log(
    `load average: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await heavy.close();
  await database.close();
  await fs.rm(root, { recursive: true, force: true });
}
