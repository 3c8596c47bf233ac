import { UPLOAD_FAILURES, type UploadFailureCode, type UploadPurpose } from "@threadfolk/contract/studio";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { uploads } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";

/** A checked, normalised upload: what a storefront or a design takes its picture from. */
export type ReadyUpload = {
  id: string;
  /** Media key of the normalised sRGB PNG. */
  sourceKey: string;
  width: number;
  height: number;
  hasTransparency: boolean;
  opaqueBackground: boolean;
};

const NOT_READY_MESSAGES = {
  receiving: "The upload has not finished yet",
  processing: "The upload is still being checked",
} as const;

/**
 * The caller's upload `uploadId` of `purpose`, once ready: what the studio's writes (a storefront's avatar or
 * banner, a design's artwork) call before using it. Someone else's upload, or one of another purpose, is a 404
 * as if it did not exist; one that is not ready, or failed, is a 422 on `field` with the words the artist is
 * shown. `db` may be a transaction.
 */
export async function loadReadyUpload(
  db: Database,
  options: { userId: string; uploadId: string; purpose: UploadPurpose; field: string },
): Promise<ReadyUpload> {
  const { userId, uploadId, purpose, field } = options;
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId), eq(uploads.purpose, purpose)))
    .limit(1);
  if (!row) throw AppError.notFound("Upload");
  if (row.status === "failed") {
    const message =
      UPLOAD_FAILURES[(row.failureCode ?? "unreadable") as UploadFailureCode] ?? UPLOAD_FAILURES.unreadable;
    throw new AppError("validation_failed", message, [{ field, message }]);
  }
  if (row.status !== "ready" || !row.sourceKey || row.width === null || row.height === null) {
    const message = NOT_READY_MESSAGES[row.status === "receiving" ? "receiving" : "processing"];
    throw new AppError("validation_failed", message, [{ field, message }]);
  }
  return {
    id: row.id,
    sourceKey: row.sourceKey,
    width: row.width,
    height: row.height,
    hasTransparency: row.hasTransparency ?? false,
    opaqueBackground: row.opaqueBackground ?? false,
  };
}
