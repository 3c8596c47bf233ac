import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { UploadFailureCode, UploadPurpose } from "@threadfolk/contract/studio";
import { and, eq, sql } from "drizzle-orm";
import type { MediaStorage } from "../../adapters/storage/storage.ts";
import type { Database } from "../../db/client.ts";
import { uploads } from "../../db/schema/index.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { type HeavyPool, HeavyWorkLimitError } from "../../lib/heavy-pool.ts";
import { type NormalisedUpload, normaliseUpload } from "./normalise-upload.ts";
import { sniffUploadType } from "./sniff-type.ts";
import type { UploadStore } from "./upload-store.ts";

/** Media key of an upload's normalised PNG: a clean key (media-keys.ts), signed only for its owner. */
export function uploadSourceKey(uploadId: string): string {
  return `uploads/${uploadId}/source.png`;
}

export type ProcessUploadOutcome =
  | { status: "ready"; width: number; height: number; hasTransparency: boolean; opaqueBackground: boolean }
  | { status: "failed"; code: UploadFailureCode }
  /** The row was not `processing` (already done by an earlier run, or cancelled): nothing was changed. */
  | { status: "skipped" };

async function failUpload(db: Database, uploadId: string, code: UploadFailureCode, detectedType: string | null) {
  await db
    .update(uploads)
    .set({ status: "failed", failureCode: code, detectedType, updatedAt: sql`now()` })
    .where(and(eq(uploads.id, uploadId), eq(uploads.status, "processing")));
}

/**
 * Checks and normalises the bytes of upload `uploadId` (a row in `processing`) and records the outcome: the
 * normalised sRGB PNG stored at `uploads/{id}/source.png` with its size and transparency (`ready`), or the
 * failure code the artist is shown (`failed`). Exported for the upload-to-mockup benchmark, which times the
 * ingest of a file already received. Idempotent: a row no longer `processing` is left alone.
 */
export async function processUpload(options: {
  db: Database;
  storage: MediaStorage;
  uploadId: string;
  bytes: Buffer;
  /** Where the checks run: in this process by default; the job runs them in the heavy work pool. */
  normalise?: Normalise;
}): Promise<ProcessUploadOutcome> {
  const { db, storage, uploadId, bytes } = options;
  const normalise = options.normalise ?? ((input, purpose) => normaliseUpload(input, { purpose }));
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
  if (row?.status !== "processing") return { status: "skipped" };
  if (bytes.length !== row.declaredBytes) {
    await failUpload(db, uploadId, "incomplete", null);
    return { status: "failed", code: "incomplete" };
  }

  const result = await normalise(bytes, row.purpose);
  if (!result.ok) {
    await failUpload(db, uploadId, result.code, result.detectedType);
    return { status: "failed", code: result.code };
  }
  const sourceKey = uploadSourceKey(uploadId);
  await storage.put(sourceKey, result.png, "image/png");
  await db
    .update(uploads)
    .set({
      status: "ready",
      detectedType: result.detectedType,
      failureCode: null,
      sourceKey,
      width: result.width,
      height: result.height,
      hasTransparency: result.hasTransparency,
      opaqueBackground: result.opaqueBackground,
      updatedAt: sql`now()`,
    })
    .where(and(eq(uploads.id, uploadId), eq(uploads.status, "processing")));
  return {
    status: "ready",
    width: result.width,
    height: result.height,
    hasTransparency: result.hasTransparency,
    opaqueBackground: result.opaqueBackground,
  };
}

/**
 * Moves a `receiving` upload whose bytes are all in to `processing` and queues its `process_upload` job, in one
 * transaction (so a crash leaves either a receiving row the client can finish again, or a queued job). Returns
 * whether this call made the move (false when another request did it first).
 */
export async function markUploadReceived(db: Database, uploadId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(uploads)
      .set({ status: "processing", updatedAt: sql`now()` })
      .where(and(eq(uploads.id, uploadId), eq(uploads.status, "receiving")))
      .returning({ id: uploads.id });
    if (moved.length === 0) return false;
    await enqueueJob(tx, "process_upload", { uploadId }, { dedupeKey: uploadId });
    return true;
  });
}

type Normalise = (bytes: Buffer, purpose: UploadPurpose) => Promise<NormalisedUpload>;

/**
 * The checks and conversion in a child of the heavy work pool (decision 056). A file that keeps it past the
 * time or memory limit, or kills it, is too complex: the artist is told so, and it is never tried again.
 */
export function normaliseInPool(heavy: HeavyPool): Normalise {
  return async (bytes, purpose) => {
    // The bytes go both ways through temporary files: tens of megabytes are slow over the IPC channel.
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), "threadfolk-heavy-"));
    try {
      const inputPath = path.join(folder, "input");
      const outputPath = path.join(folder, "output.png");
      await fs.writeFile(inputPath, bytes);
      const result = await heavy.run<NormalisedUpload>("normalise_upload", { inputPath, outputPath, purpose });
      if (!result.ok) return result;
      return { ...result, png: await fs.readFile(outputPath) };
    } catch (error) {
      if (!(error instanceof HeavyWorkLimitError)) throw error;
      return { ok: false, detectedType: sniffUploadType(bytes) ?? null, code: "too_complex" };
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  };
}

/** The `process_upload` job: reads the received bytes from the upload store, processes them, removes them. */
export function createProcessUploadHandler(options: {
  db: Database;
  storage: MediaStorage;
  uploadStore: UploadStore;
  heavy: HeavyPool;
}): JobHandler<"process_upload"> {
  const { db, storage, uploadStore } = options;
  const normalise = normaliseInPool(options.heavy);
  const retry = { maxAttempts: 3, baseDelaySeconds: 10, maxDelaySeconds: 120, leaseSeconds: 10 * 60 };
  return {
    retry,
    async run({ uploadId }, job) {
      let outcome: ProcessUploadOutcome;
      try {
        const [row] = await db
          .select({ status: uploads.status })
          .from(uploads)
          .where(eq(uploads.id, uploadId))
          .limit(1);
        if (row?.status !== "processing") {
          await uploadStore.remove(uploadId);
          return { outcome: "skipped" };
        }
        let bytes: Buffer;
        try {
          bytes = await uploadStore.read(uploadId);
        } catch (error) {
          // The received file is gone (a purge, a lost disk): nothing to retry with.
          const status = (error as { status_code?: number; code?: string }).status_code;
          if (status === 404 || status === 410 || (error as { code?: string }).code === "ENOENT") {
            await failUpload(db, uploadId, "incomplete", null);
            return { outcome: "failed", code: "incomplete" };
          }
          throw error;
        }
        outcome = await processUpload({ db, storage, uploadId, bytes, normalise });
      } catch (error) {
        // The last attempt: the artist is told rather than left waiting on a check that never ends.
        if (job.attempts >= retry.maxAttempts) await failUpload(db, uploadId, "unreadable", null);
        throw error;
      }
      await uploadStore.remove(uploadId);
      return { outcome: outcome.status, ...(outcome.status === "failed" ? { code: outcome.code } : {}) };
    },
  };
}
