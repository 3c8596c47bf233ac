// The entry point of a heavy work child process (lib/heavy-pool.ts, decision 056): the CPU-heavy tasks the
// job lanes hand over, each run under the pool's time and memory limits. Bundled to dist/heavy-worker.js.
import fs from "node:fs/promises";
import type { UploadPurpose } from "@threadfolk/contract/studio";
import sharp from "sharp";
import { serveHeavyTasks } from "./lib/heavy-child.ts";
import { normaliseUpload } from "./modules/uploads/normalise-upload.ts";

// Memory held between tasks counts against the limit: libvips' operation cache is not worth it here.
sharp.cache(false);

serveHeavyTasks({
  /** Reads the upload from `inputPath`, writes the normalised PNG to `outputPath` (files: large buffers are slow over IPC). */
  normalise_upload: async (input: { inputPath: string; outputPath: string; purpose: UploadPurpose }) => {
    const result = await normaliseUpload(await fs.readFile(input.inputPath), { purpose: input.purpose });
    if (!result.ok) return result;
    const { png, ...rest } = result;
    await fs.writeFile(input.outputPath, png);
    return rest;
  },
});
