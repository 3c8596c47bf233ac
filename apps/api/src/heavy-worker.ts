// The entry point of a heavy work child process (lib/heavy-pool.ts, decision 056): the CPU-heavy tasks the
// job lanes hand over, each run under the pool's time and memory limits. Bundled to dist/heavy-worker.js.
import type { UploadPurpose } from "@threadfolk/contract/studio";
import sharp from "sharp";
import { serveHeavyTasks } from "./lib/heavy-child.ts";
import { normaliseUpload } from "./modules/uploads/normalise-upload.ts";

// Memory held between tasks counts against the limit: libvips' operation cache is not worth it here.
sharp.cache(false);

/** Structured clone hands a Buffer over as a plain Uint8Array. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

serveHeavyTasks({
  normalise_upload: (input: { bytes: Uint8Array; purpose: UploadPurpose }) =>
    normaliseUpload(asBuffer(input.bytes), { purpose: input.purpose }),
});
