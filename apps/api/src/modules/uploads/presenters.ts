import {
  UPLOAD_FAILURES,
  type UploadFailureCode,
  type UploadStatus,
  type UploadType,
} from "@threadfolk/contract/studio";
import type { uploads } from "../../db/schema/index.ts";

type UploadRow = typeof uploads.$inferSelect;

/** The artist-facing words of a failure code (an unknown code reads as unreadable). */
export function uploadFailureMessage(code: string): string {
  return UPLOAD_FAILURES[code as UploadFailureCode] ?? UPLOAD_FAILURES.unreadable;
}

/** GET /uploads/{id}/status: `uploadStatusSchema`; `previewUrl` is the owner's signed clean URL once ready. */
export function presentUploadStatus(row: UploadRow, previewUrl: string | null): UploadStatus {
  return {
    id: row.id,
    type: "upload",
    attributes: {
      purpose: row.purpose,
      status: row.status,
      fileName: row.fileName,
      detectedType: (row.detectedType as UploadType | null) ?? null,
      failureCode: row.status === "failed" ? (row.failureCode ?? "unreadable") : null,
      failureMessage: row.status === "failed" ? uploadFailureMessage(row.failureCode ?? "unreadable") : null,
      width: row.width,
      height: row.height,
      hasTransparency: row.hasTransparency,
      opaqueBackground: row.opaqueBackground,
      previewUrl,
    },
  };
}
