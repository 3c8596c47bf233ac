import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UploadProgress } from "./upload-progress.tsx";
import { IDLE_UPLOAD_STATE, isRetryableUploadStatus } from "./use-resumable-upload.ts";

const render = (state: Partial<typeof IDLE_UPLOAD_STATE>) =>
  renderToStaticMarkup(
    <UploadProgress state={{ ...IDLE_UPLOAD_STATE, ...state }} onCancel={() => {}} label="Artwork" />,
  );

describe("UploadProgress", () => {
  it("shows nothing while idle or once ready", () => {
    expect(render({ phase: "idle" })).toBe("");
    expect(render({ phase: "ready" })).toBe("");
  });

  it("shows the bar with its percentage, the bytes, the time left and Cancel while uploading", () => {
    const html = render({
      phase: "uploading",
      fileName: "art.png",
      bytesSent: 10 * 1024 * 1024,
      bytesTotal: 40 * 1024 * 1024,
      percent: 25,
      secondsLeft: 42,
    });
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="25"');
    expect(html).toContain("25%");
    expect(html).toContain("10 MB of 40 MB");
    expect(html).toContain("About 45 seconds left");
    expect(html).toContain("width:25%");
    expect(html).toContain(">Cancel</button>");
  });

  it("tells the server is checking the picture after the transfer", () => {
    expect(render({ phase: "processing", percent: 100 })).toContain("Checking your picture…");
  });

  it("shows the failure in words as an alert", () => {
    const html = render({ phase: "failed", failureMessage: "This file is not a PNG, JPEG, WebP or SVG picture." });
    expect(html).toContain('role="alert"');
    expect(html).toContain("This file is not a PNG, JPEG, WebP or SVG picture.");
  });
});

describe("isRetryableUploadStatus", () => {
  it("retries a lost connection, server trouble and offset conflicts, not refusals", () => {
    for (const status of [0, 409, 423, 429, 500, 502, 503]) expect(isRetryableUploadStatus(status)).toBe(true);
    for (const status of [400, 403, 404, 410, 413, 415]) expect(isRetryableUploadStatus(status)).toBe(false);
  });
});
