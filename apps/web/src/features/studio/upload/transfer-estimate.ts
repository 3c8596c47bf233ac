/**
 * The upload's "time left": a transfer rate smoothed over the last few seconds (an exponential moving
 * average weighted by elapsed time), so the estimate follows a real change of speed without jumping with
 * every progress event. Pure: the hook feeds it (time, bytes) samples.
 */

/** How long the rate remembers: after this many seconds an old speed weighs 1/e. */
const RATE_MEMORY_SECONDS = 3;
/** No estimate before this much of the transfer has been seen (the first events measure the buffer). */
const MIN_OBSERVED_SECONDS = 1;

export type TransferEstimate = {
  /** Milliseconds timestamp and byte count of the last sample. */
  lastAtMs: number | undefined;
  lastBytes: number;
  /** Smoothed bytes per second; undefined until there is a measurement. */
  bytesPerSecond: number | undefined;
  /** Seconds of transfer measured since the start or the last resume. */
  observedSeconds: number;
};

/** An estimate before anything has been sent. */
export function startTransferEstimate(): TransferEstimate {
  return { lastAtMs: undefined, lastBytes: 0, bytesPerSecond: undefined, observedSeconds: 0 };
}

/**
 * Takes in one progress sample. Bytes that go backwards (a resumed upload restarts from the server's offset)
 * or a pause longer than the memory (a dropped connection) restart the measurement without forgetting the
 * smoothed rate, which stays the best guess until new samples replace it.
 */
export function recordTransferSample(estimate: TransferEstimate, atMs: number, bytes: number): TransferEstimate {
  if (estimate.lastAtMs === undefined || bytes < estimate.lastBytes || atMs < estimate.lastAtMs) {
    return { ...estimate, lastAtMs: atMs, lastBytes: bytes };
  }
  const seconds = (atMs - estimate.lastAtMs) / 1000;
  if (seconds <= 0) return { ...estimate, lastBytes: Math.max(bytes, estimate.lastBytes) };
  if (seconds > RATE_MEMORY_SECONDS * 2) {
    // A stall: its gap says nothing about the speed once the connection is back.
    return { ...estimate, lastAtMs: atMs, lastBytes: bytes, observedSeconds: 0 };
  }
  const rate = (bytes - estimate.lastBytes) / seconds;
  const weight = 1 - Math.exp(-seconds / RATE_MEMORY_SECONDS);
  const bytesPerSecond =
    estimate.bytesPerSecond === undefined ? rate : estimate.bytesPerSecond + weight * (rate - estimate.bytesPerSecond);
  return { lastAtMs: atMs, lastBytes: bytes, bytesPerSecond, observedSeconds: estimate.observedSeconds + seconds };
}

/** Whole seconds left to send `totalBytes`, or undefined while there is no trustworthy rate. */
export function secondsLeft(estimate: TransferEstimate, totalBytes: number): number | undefined {
  const remaining = Math.max(0, totalBytes - estimate.lastBytes);
  if (remaining === 0) return 0;
  if (estimate.bytesPerSecond === undefined || estimate.bytesPerSecond <= 0) return undefined;
  if (estimate.observedSeconds < MIN_OBSERVED_SECONDS) return undefined;
  return Math.ceil(remaining / estimate.bytesPerSecond);
}

/** The words under the progress bar: rounded the way people say it, never a false precision. */
export function formatTimeLeft(seconds: number | undefined): string {
  if (seconds === undefined) return "Estimating time left…";
  if (seconds <= 5) return "A few seconds left";
  if (seconds < 60) return `About ${Math.ceil(seconds / 5) * 5} seconds left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "About a minute left" : `About ${minutes} minutes left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `About ${hours} h ${rest} min left`;
}

/** The whole-number percentage of `sent` over `total` (0 for an empty total), never above 100. */
export function percentOfTransfer(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((sent / total) * 100));
}

/** The upload's id: the last path segment of the tus upload URL (the Location header). */
export function uploadIdFromUrl(url: string): string {
  const path = new URL(url, "http://upload.invalid").pathname.replace(/\/+$/, "");
  return decodeURIComponent(path.slice(path.lastIndexOf("/") + 1));
}
