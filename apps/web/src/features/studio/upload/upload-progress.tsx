import { formatTimeLeft } from "./transfer-estimate.ts";
import type { ResumableUploadState } from "./use-resumable-upload.ts";

type UploadProgressProps = {
  state: ResumableUploadState;
  onCancel: () => void;
  /** What is being uploaded, for the bar's accessible name ('Artwork', 'Avatar'). */
  label?: string;
  className?: string;
};

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MB`;
}

/**
 * An upload's progress: the bar with its percentage, the bytes and the time left, and a Cancel button while
 * it can be cancelled; then "Checking…" while the server looks at the picture; the failure in words.
 * Nothing is shown while idle or once ready (the caller shows the picture).
 */
export function UploadProgress({ state, onCancel, label = "Upload", className = "" }: UploadProgressProps) {
  if (state.phase === "idle" || state.phase === "ready") return null;
  if (state.phase === "failed") {
    return (
      <p role="alert" className={`rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ${className}`}>
        {state.failureMessage}
      </p>
    );
  }
  if (state.phase === "cancelled") {
    return (
      <p role="status" className={`text-sm text-neutral-600 ${className}`}>
        Upload cancelled.
      </p>
    );
  }
  const isProcessing = state.phase === "processing";
  return (
    <div className={`rounded-xl border border-neutral-200 bg-white p-3 ${className}`}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate font-semibold text-neutral-900" title={state.fileName}>
          {state.fileName ?? label}
        </span>
        <span className="shrink-0 font-bold tabular-nums text-neutral-900">{state.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.percent}
        aria-valuetext={
          isProcessing ? "Checking the picture" : `${state.percent}%, ${formatTimeLeft(state.secondsLeft)}`
        }
        className="mt-2 h-2 overflow-hidden rounded-full bg-neutral-200"
      >
        <div
          className={`h-full rounded-full bg-brand transition-[width] duration-200 ${isProcessing ? "animate-pulse" : ""}`}
          style={{ width: `${state.percent}%` }}
        />
      </div>
      <div className="mt-2 flex items-center justify-between gap-3 text-xs text-neutral-600">
        <span>
          {isProcessing
            ? "Checking your picture…"
            : `${formatMegabytes(state.bytesSent)} of ${formatMegabytes(state.bytesTotal)} · ${formatTimeLeft(state.secondsLeft)}`}
        </span>
        <button
          type="button"
          onClick={onCancel}
          className="shrink-0 rounded px-2 py-1 text-sm font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
