import {
  STUDIO_API,
  UPLOAD_FAILURES,
  UPLOAD_MAX_BYTES,
  UPLOAD_METADATA_KEYS,
  type UploadPurpose,
  type UploadStatus,
} from "@threadfolk/contract/studio";
import { useCallback, useEffect, useRef, useState } from "react";
import type { DetailedError, HttpRequest, Upload } from "tus-js-client";
import { apiRequest, ensureAccessToken, isApiError, renewRejectedAccessToken } from "../../../lib/api-client.ts";
import {
  percentOfTransfer,
  recordTransferSample,
  secondsLeft,
  startTransferEstimate,
  type TransferEstimate,
  uploadIdFromUrl,
} from "./transfer-estimate.ts";

export type UploadPhase = "idle" | "uploading" | "processing" | "ready" | "failed" | "cancelled";

export type ResumableUploadState = {
  phase: UploadPhase;
  fileName: string | undefined;
  bytesSent: number;
  bytesTotal: number;
  /** Whole percent of the bytes sent (the checks after the transfer are the `processing` phase). */
  percent: number;
  /** Smoothed estimate while uploading; undefined while it cannot be told yet. */
  secondsLeft: number | undefined;
  /** The upload's id once the server has created it (the last segment of the tus Location). */
  uploadId: string | undefined;
  /** The last status read after the transfer (`ready` carries the size, transparency and preview). */
  status: UploadStatus | undefined;
  /** What went wrong, in the artist's words: the server's failure message or a network message. */
  failureMessage: string | undefined;
};

export const IDLE_UPLOAD_STATE: ResumableUploadState = {
  phase: "idle",
  fileName: undefined,
  bytesSent: 0,
  bytesTotal: 0,
  percent: 0,
  secondsLeft: undefined,
  uploadId: undefined,
  status: undefined,
  failureMessage: undefined,
};

/** 5 MiB a request: a dropped connection loses at most one chunk; the upload resumes from the server's offset. */
export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;
/** Waits between attempts after a failure (about two minutes of outage in all); progress resets the count. */
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 15_000, 20_000, 30_000, 30_000];
const STATUS_POLL_MS = [500, 750, 1000, 1500, 2000];
/** The checks take seconds; a status that has not settled after this long is reported as a failure. */
const STATUS_POLL_LIMIT_MS = 3 * 60_000;

export const UPLOAD_NETWORK_MESSAGE =
  "The connection to the server was lost and the upload could not resume. Check your connection and try again.";
export const UPLOAD_STATUS_TIMEOUT_MESSAGE = "Checking your picture is taking too long. Try again in a moment.";

/** Statuses worth another attempt: no answer (network), server trouble, a conflict or lock on the offset. */
export function isRetryableUploadStatus(status: number): boolean {
  return status === 0 || status === 409 || status === 423 || status === 429 || status >= 500;
}

/** The words for a refusal the server gave during the transfer (413: too large; others: its own message). */
function transferFailureMessage(error: Error | DetailedError): string {
  const response = "originalResponse" in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  if (status === 0) return UPLOAD_NETWORK_MESSAGE;
  if (status === 413) return UPLOAD_FAILURES.too_large;
  const body = response?.getBody() ?? "";
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === "string") return parsed.error.message;
  } catch {
    // Not JSON: tus servers answer plain text; fall through to a generic message.
  }
  return UPLOAD_FAILURES.incomplete;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * A resumable (tus) upload of one picture for `purpose`, then the server's checks: `start(file)` sends it in
 * chunks with the bearer token, retrying and resuming from the server's offset after a dropped connection (and
 * from a previous attempt of the same file, kept in local storage by tus-js-client); once sent, the status is
 * polled until `ready` or `failed`. `cancel()` stops and deletes the unfinished upload on the server.
 */
export function useResumableUpload({ purpose }: { purpose: UploadPurpose }) {
  const [state, setState] = useState<ResumableUploadState>(IDLE_UPLOAD_STATE);
  const uploadRef = useRef<Upload | undefined>(undefined);
  const pollAbortRef = useRef<AbortController | undefined>(undefined);
  // Each start gets a number; callbacks of an older attempt (cancelled, replaced) change nothing.
  const attemptRef = useRef(0);

  const stopEverything = useCallback((terminate: boolean) => {
    attemptRef.current += 1;
    pollAbortRef.current?.abort();
    pollAbortRef.current = undefined;
    const upload = uploadRef.current;
    uploadRef.current = undefined;
    // Terminating deletes the partial bytes on the server (tus termination); a refusal there changes nothing here.
    if (upload) upload.abort(terminate).catch(() => {});
  }, []);

  useEffect(() => () => stopEverything(false), [stopEverything]);

  const pollStatus = useCallback(async (attempt: number, uploadId: string) => {
    const controller = new AbortController();
    pollAbortRef.current = controller;
    const startedAt = Date.now();
    let round = 0;
    try {
      while (Date.now() - startedAt < STATUS_POLL_LIMIT_MS) {
        let status: UploadStatus | undefined;
        try {
          const reply = await apiRequest<{ data: UploadStatus }>(STUDIO_API.uploadStatus(uploadId), {
            signal: controller.signal,
          });
          status = reply.data;
        } catch (error) {
          if (controller.signal.aborted) return;
          // A refusal (404, 403) will not change by asking again; a network hiccup might.
          if (isApiError(error) && error.status < 500) {
            if (attempt !== attemptRef.current) return;
            setState((previous) => ({ ...previous, phase: "failed", failureMessage: error.message }));
            return;
          }
        }
        if (attempt !== attemptRef.current) return;
        if (status?.attributes.status === "ready") {
          setState((previous) => ({ ...previous, phase: "ready", status }));
          return;
        }
        if (status?.attributes.status === "failed") {
          const failureMessage = status.attributes.failureMessage ?? UPLOAD_FAILURES.incomplete;
          setState((previous) => ({ ...previous, phase: "failed", status, failureMessage }));
          return;
        }
        if (status) setState((previous) => ({ ...previous, status }));
        await wait(STATUS_POLL_MS[Math.min(round, STATUS_POLL_MS.length - 1)] ?? 2000, controller.signal);
        round += 1;
      }
      if (attempt === attemptRef.current) {
        setState((previous) => ({ ...previous, phase: "failed", failureMessage: UPLOAD_STATUS_TIMEOUT_MESSAGE }));
      }
    } catch {
      // Aborted by cancel, a new start or unmounting.
    }
  }, []);

  const start = useCallback(
    async (file: File) => {
      stopEverything(true);
      const attempt = attemptRef.current;
      const base = { ...IDLE_UPLOAD_STATE, fileName: file.name, bytesTotal: file.size };
      if (file.size > UPLOAD_MAX_BYTES) {
        setState({ ...base, phase: "failed", failureMessage: UPLOAD_FAILURES.too_large });
        return;
      }
      setState({ ...base, phase: "uploading" });
      // tus-js-client is needed only once a file is chosen: its code loads with the first upload.
      const tus = await import("tus-js-client");
      if (attempt !== attemptRef.current) return;

      let estimate: TransferEstimate = startTransferEstimate();
      // The token a request went with, so a 401 renews exactly that one (shared with the app's other calls).
      let rejectedToken: string | undefined;
      const upload: Upload = new tus.Upload(file, {
        endpoint: STUDIO_API.uploads,
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: UPLOAD_RETRY_DELAYS_MS,
        metadata: { [UPLOAD_METADATA_KEYS.purpose]: purpose, [UPLOAD_METADATA_KEYS.fileName]: file.name },
        // Keep the upload URL until it succeeds, so a reload or a second try with the same file resumes it.
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        fingerprint: async (source) =>
          `threadfolk-${purpose}-${source.name}-${source.size}-${source.lastModified}-${source.type}`,
        onBeforeRequest: async (request: HttpRequest) => {
          const token = rejectedToken ? await renewRejectedAccessToken(rejectedToken) : await ensureAccessToken();
          rejectedToken = undefined;
          request.setHeader("Authorization", `Bearer ${token}`);
        },
        onShouldRetry: (error: DetailedError) => {
          const status = error.originalResponse?.getStatus() ?? 0;
          if (status === 401) {
            // Renew before the next attempt (onBeforeRequest); a second 401 in a row gives up.
            if (rejectedToken !== undefined) return false;
            rejectedToken = error.originalRequest?.getHeader("Authorization")?.replace(/^Bearer /, "") ?? "";
            return true;
          }
          return isRetryableUploadStatus(status);
        },
        onUploadUrlAvailable: () => {
          if (attempt !== attemptRef.current || !upload.url) return;
          const uploadId = uploadIdFromUrl(upload.url);
          setState((previous) => ({ ...previous, uploadId }));
        },
        onProgress: (bytesSent, bytesTotal) => {
          if (attempt !== attemptRef.current) return;
          estimate = recordTransferSample(estimate, performance.now(), bytesSent);
          setState((previous) => ({
            ...previous,
            bytesSent,
            bytesTotal,
            percent: percentOfTransfer(bytesSent, bytesTotal),
            secondsLeft: secondsLeft(estimate, bytesTotal),
          }));
        },
        onError: (error) => {
          if (attempt !== attemptRef.current) return;
          uploadRef.current = undefined;
          setState((previous) => ({ ...previous, phase: "failed", failureMessage: transferFailureMessage(error) }));
        },
        onSuccess: () => {
          if (attempt !== attemptRef.current || !upload.url) return;
          uploadRef.current = undefined;
          const uploadId = uploadIdFromUrl(upload.url);
          setState((previous) => ({
            ...previous,
            phase: "processing",
            uploadId,
            bytesSent: previous.bytesTotal,
            percent: 100,
            secondsLeft: 0,
          }));
          void pollStatus(attempt, uploadId);
        },
      });
      uploadRef.current = upload;
      // Resume the most recent unfinished attempt of this same file, when one is remembered.
      const previous = await upload.findPreviousUploads().catch(() => []);
      if (attempt !== attemptRef.current) return;
      const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) upload.resumeFromPreviousUpload(latest);
      upload.start();
    },
    [pollStatus, purpose, stopEverything],
  );

  const cancel = useCallback(() => {
    stopEverything(true);
    setState((previous) =>
      previous.phase === "uploading" || previous.phase === "processing"
        ? { ...previous, phase: "cancelled", secondsLeft: undefined }
        : previous,
    );
  }, [stopEverything]);

  /** Back to idle (after a failure or once the caller has taken the ready upload). */
  const reset = useCallback(() => {
    stopEverything(false);
    setState(IDLE_UPLOAD_STATE);
  }, [stopEverything]);

  return { start, cancel, reset, state };
}
