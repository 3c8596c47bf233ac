import { describe, expect, it } from "vitest";
import {
  formatTimeLeft,
  percentOfTransfer,
  recordTransferSample,
  secondsLeft,
  startTransferEstimate,
  type TransferEstimate,
  uploadIdFromUrl,
} from "./transfer-estimate.ts";

const MB = 1024 * 1024;

/** Feeds samples `[ms, bytes]` in order. */
function feed(samples: Array<[number, number]>, from: TransferEstimate = startTransferEstimate()): TransferEstimate {
  return samples.reduce((estimate, [at, bytes]) => recordTransferSample(estimate, at, bytes), from);
}

describe("the time-left estimate", () => {
  it("tells nothing before a second of transfer has been seen", () => {
    const estimate = feed([
      [0, 0],
      [500, MB],
    ]);
    expect(secondsLeft(estimate, 40 * MB)).toBeUndefined();
    expect(formatTimeLeft(secondsLeft(estimate, 40 * MB))).toBe("Estimating time left…");
  });

  it("divides what is left by a steady rate", () => {
    // 1 MB every 500 ms: 2 MB/s, 30 MB left after 10 MB.
    const samples: Array<[number, number]> = [];
    for (let step = 0; step <= 10; step += 1) samples.push([step * 500, step * MB]);
    expect(secondsLeft(feed(samples), 40 * MB)).toBe(15);
  });

  it("follows a change of speed smoothly instead of jumping to the last sample", () => {
    const steady: Array<[number, number]> = [];
    for (let step = 0; step <= 10; step += 1) steady.push([step * 500, step * MB]);
    const before = feed(steady);
    // The speed halves: 0.5 MB every 500 ms for one sample.
    const after = recordTransferSample(before, 5500, 10.5 * MB);
    const left = secondsLeft(after, 40 * MB) ?? 0;
    const atOldRate = Math.ceil((40 - 10.5) / 2);
    const atNewRate = Math.ceil((40 - 10.5) / 1);
    expect(left).toBeGreaterThan(atOldRate);
    expect(left).toBeLessThan(atNewRate);
  });

  it("restarts the measurement when a resumed upload goes back to the server's offset, keeping the rate", () => {
    const samples: Array<[number, number]> = [];
    for (let step = 0; step <= 10; step += 1) samples.push([step * 500, step * MB]);
    const before = feed(samples);
    const resumed = recordTransferSample(before, 6000, 8 * MB);
    expect(resumed.lastBytes).toBe(8 * MB);
    expect(resumed.bytesPerSecond).toBe(before.bytesPerSecond);
    expect(secondsLeft(resumed, 40 * MB)).toBe(16);
  });

  it("does not count a stalled connection's gap as a slow transfer", () => {
    const samples: Array<[number, number]> = [];
    for (let step = 0; step <= 10; step += 1) samples.push([step * 500, step * MB]);
    const before = feed(samples);
    const afterStall = recordTransferSample(before, 65_000, 11 * MB);
    expect(afterStall.bytesPerSecond).toBe(before.bytesPerSecond);
    // A second of fresh samples is needed before the estimate is trusted again.
    expect(secondsLeft(afterStall, 40 * MB)).toBeUndefined();
  });

  it("says zero once everything is sent", () => {
    expect(secondsLeft(feed([[0, 5 * MB]]), 5 * MB)).toBe(0);
  });
});

describe("formatTimeLeft", () => {
  it("rounds the way people say it", () => {
    expect(formatTimeLeft(0)).toBe("A few seconds left");
    expect(formatTimeLeft(5)).toBe("A few seconds left");
    expect(formatTimeLeft(12)).toBe("About 15 seconds left");
    expect(formatTimeLeft(59)).toBe("About 60 seconds left");
    expect(formatTimeLeft(80)).toBe("About a minute left");
    expect(formatTimeLeft(150)).toBe("About 3 minutes left");
    expect(formatTimeLeft(3 * 3600 + 20 * 60)).toBe("About 3 h 20 min left");
  });
});

describe("percentOfTransfer", () => {
  it("is whole, never above 100 and 0 for an empty total", () => {
    expect(percentOfTransfer(1, 3)).toBe(33);
    expect(percentOfTransfer(5, 5)).toBe(100);
    expect(percentOfTransfer(6, 5)).toBe(100);
    expect(percentOfTransfer(0, 0)).toBe(0);
  });
});

describe("uploadIdFromUrl", () => {
  it("takes the last path segment of absolute or relative upload URLs", () => {
    const id = "0b9f3c62-3f0e-4c8e-9c43-4f9c2ad1a7b1";
    expect(uploadIdFromUrl(`http://localhost:3000/api/v1/uploads/${id}`)).toBe(id);
    expect(uploadIdFromUrl(`/api/v1/uploads/${id}/`)).toBe(id);
    expect(uploadIdFromUrl(`/api/v1/uploads/${id}?x=1`)).toBe(id);
  });
});
