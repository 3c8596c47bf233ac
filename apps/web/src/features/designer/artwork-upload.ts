import type { UploadStatus } from "@threadfolk/contract/studio";
import type { ReactNode } from "react";

/**
 * What the designer needs of an upload (the app hands in the studio's resumable upload hook, so the two
 * features stay apart): its phase, the server's status once checked, the failure in words, start and reset,
 * and the progress bar (percentage, time left, Cancel) to show.
 */
export type ArtworkUploadPort = {
  phase: "idle" | "uploading" | "processing" | "ready" | "failed" | "cancelled";
  status: UploadStatus | undefined;
  failureMessage: string | undefined;
  start: (file: File) => void;
  reset: () => void;
  progress: ReactNode;
};

/** Accepted by the file picker (the server sniffs the real type). */
export const ARTWORK_ACCEPT = "image/png,image/jpeg,image/webp,image/svg+xml,.png,.jpg,.jpeg,.webp,.svg";
